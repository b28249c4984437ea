export * from './users.repository.js';
export { presentProfile } from './users.presenter.js';
export { canUseElectionsArea, isAdmin, isPlainUser } from './users.policy.js';
