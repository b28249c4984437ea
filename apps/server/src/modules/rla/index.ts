export { registerRlaRoutes as registerRlaModule } from './rla.routes.js';
