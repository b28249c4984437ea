export { registerRlaRoutes as registerRlaModule } from './rla.routes.js';
export { writeRlaForReport } from './rla.report.js';
