import { Navigate, Outlet } from 'react-router';
import { useAccess } from './use-access';

/** Plain users cannot create a district: the create page sends them to /districts. */
export function RedirectPlainUser() {
  const { role } = useAccess();
  if (role?.toLowerCase() === 'user') return <Navigate to="/districts" replace />;
  return <Outlet />;
}
