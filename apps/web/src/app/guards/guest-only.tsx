import { useState } from 'react';
import { Navigate, Outlet } from 'react-router';
import { isLoggedIn } from '../../lib/session';

/**
 * Login and sign-up are barred to signed-in users, who go to /elections. Checked when the
 * page opens, so signing in on the page itself follows the page's own redirect.
 */
export function GuestOnly() {
  const [wasLoggedIn] = useState(isLoggedIn);
  if (wasLoggedIn) return <Navigate to="/elections" replace />;
  return <Outlet />;
}
