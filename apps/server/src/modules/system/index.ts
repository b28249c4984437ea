export { registerSystemRoutes } from './system.routes.js';
