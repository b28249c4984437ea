export { AdminBoardPage } from './admin-board-page';
export { AuditTypesPage } from './audit-types-page';
