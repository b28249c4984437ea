import { Navigate, Outlet } from 'react-router';
import { DENIED_STATE } from '../../lib/denied-state';
import { useAccess } from './use-access';

/** The elections area and the audit jobs list: role User needs a subscription plan. */
export function RequirePlan() {
  const { role, subscriptionPlan } = useAccess();
  if (role === 'User' && subscriptionPlan === 0) {
    return <Navigate to="/home" replace state={DENIED_STATE} />;
  }
  return <Outlet />;
}
