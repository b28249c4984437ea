import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageSpinner } from '../../components/full-page-spinner';
import { refreshSession } from '../../lib/api-client';
import { clearSession, isExpired, useSession } from '../../lib/session';
import { loginPathFor } from './login-path';

/** Renews an expired access token with the refresh token before deciding. */
function SessionRenewal() {
  useEffect(() => {
    void refreshSession().then((renewed) => {
      if (!renewed) clearSession('expired');
    });
  }, []);
  return <FullPageSpinner label="Restoring your session" />;
}

/** Login-required routes: a signed-out visitor goes to the login page and comes back after. */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  if (!session) return <Navigate to={loginPathFor(location)} replace />;
  if (isExpired()) return <SessionRenewal />;
  return <Outlet />;
}
