import { useSyncExternalStore } from 'react';
import { sessionSchema, type Session } from '@scrutineer/contracts';
import { readTokenExpiry } from './jwt';

const USER_KEY = 'scrutineer.user';
const EXPIRES_KEY = 'scrutineer.expires_at';

/** Why the session ended; decides whether the login page gets a `redirect` back. */
export type SignOutReason = 'logout' | 'expired' | 'profile-failed';

let current: Session | null = readStored();
let lastSignOut: SignOutReason | null = null;
const listeners = new Set<() => void>();

function readStored(): Session | null {
  try {
    const raw = localStorage.getItem(USER_KEY);
    const parsed = raw ? sessionSchema.safeParse(JSON.parse(raw)) : null;
    return parsed?.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function emit(): void {
  for (const listener of listeners) listener();
}

/** Milliseconds since the epoch when the access token stops working (token `exp` × 1000). */
export function getExpiresAt(): number {
  return Number(localStorage.getItem(EXPIRES_KEY) ?? 0);
}

export function getSession(): Session | null {
  return current;
}

export function isExpired(): boolean {
  return getExpiresAt() <= Date.now();
}

/** Tokens are renewed this long before they end, so no call reaches the server just after. */
const RENEW_MARGIN_MS = 60_000;

/** The access token ends within the margin (or has ended): renew it before the next call. */
export function needsRenewal(): boolean {
  return getExpiresAt() - RENEW_MARGIN_MS <= Date.now();
}

/** Logged in: a stored user and an unexpired expiry. */
export function isLoggedIn(): boolean {
  return current !== null && !isExpired();
}

export function getLastSignOut(): SignOutReason | null {
  return lastSignOut;
}

/** Stores the user from sign-in or refresh and records the token's expiry. */
export function setSession(session: Session): void {
  const exp = readTokenExpiry(session.access_token);
  const expiresAt = exp ? exp * 1000 : Date.now() + session.expires_in * 1000;
  localStorage.setItem(USER_KEY, JSON.stringify(session));
  localStorage.setItem(EXPIRES_KEY, String(expiresAt));
  current = session;
  lastSignOut = null;
  emit();
}

export function clearSession(reason: SignOutReason): void {
  localStorage.removeItem(USER_KEY);
  localStorage.removeItem(EXPIRES_KEY);
  current = null;
  lastSignOut = reason;
  emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Another tab signing in or out changes this tab's session too.
window.addEventListener('storage', (event) => {
  if (event.key !== USER_KEY && event.key !== null) return;
  current = readStored();
  if (!current) lastSignOut = 'logout';
  emit();
});

/** The stored session user, re-rendering on sign-in, refresh and sign-out. */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, getSession);
}
