export * from './users.repository.js';
export { presentProfile } from './users.presenter.js';
export { canUseElectionsArea, isAdmin, isPlainUser } from './users.policy.js';
export { presentAdminUser } from './admin-users.presenter.js';
export { deleteUserRow, listUsersByStatus } from './admin-users.repository.js';
