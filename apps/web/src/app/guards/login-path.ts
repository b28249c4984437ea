import type { Location } from 'react-router';
import { getLastSignOut } from '../../lib/session';

export const LOGIN_PATH = '/session/login';

/**
 * Where a signed-out visitor goes: the login page with the wanted full path in `redirect`,
 * unless they just chose to leave (Logout, closed account, failed profile load).
 */
export function loginPathFor(location: Location): string {
  const reason = getLastSignOut();
  if (reason === 'logout' || reason === 'profile-failed') return LOGIN_PATH;
  const wanted = `${location.pathname}${location.search}${location.hash}`;
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(wanted)}`;
}
