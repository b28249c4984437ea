import { Navigate, Outlet } from 'react-router';
import { DENIED_STATE } from '../../lib/denied-state';
import { useAccess } from './use-access';

/** Admin-only routes: everyone else lands on /home with the permission message. */
export function RequireAdmin() {
  const { role } = useAccess();
  if (role !== 'Admin') return <Navigate to="/home" replace state={DENIED_STATE} />;
  return <Outlet />;
}
