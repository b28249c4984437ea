import type { UserRow } from './users.repository.js';

/** Application role User, compared without regard to case as the spec says. */
export const isPlainUser = (user: UserRow): boolean => user.role.toLowerCase() === 'user';

export const isAdmin = (user: UserRow): boolean => user.role === 'Admin';

/** Role User with subscriptionPlan 0 is kept out of the districts and elections area. */
export const canUseElectionsArea = (user: UserRow): boolean =>
  !(isPlainUser(user) && user.subscriptionPlan === 0);
