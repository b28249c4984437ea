import type { AdminUser, AppRole } from '@scrutineer/contracts';
import type { UserRow } from './users.repository.js';

export function presentAdminUser(user: UserRow): AdminUser {
  return {
    id: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    phone_number: user.phoneNumber,
    role: user.role as AppRole,
    country: user.country,
    state: user.state,
    zip_code: user.zipCode,
    verified: user.verified,
    active: user.active,
    subscriptionPlan: user.subscriptionPlan,
    run_adjudicator: user.runAdjudicator,
    run_audit: user.runAudit,
    run_targetmapper: user.runTargetmapper,
    project_permission: user.projectPermission,
    test_job: user.testJob,
    fullAuth: user.fullAuth,
    created_at: user.createdAt.toISOString(),
  };
}
