export { registerTemplateRoutes as registerTemplatesModule } from './templates.routes.js';
