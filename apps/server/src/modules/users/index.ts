export * from './users.repository.js';
export { presentProfile } from './users.presenter.js';
