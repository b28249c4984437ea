export { registerProfileRoutes } from './profile.routes.js';
