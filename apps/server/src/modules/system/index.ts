export { registerSystemRoutes } from './system.routes.js';
export { registerReadinessRoute, type ReadinessProbes } from './readiness.routes.js';
