/** The audit-job screens, loaded together as one chunk by the router. */
export { AuditJobPage } from './audit-job-page';
export { AuditJobsListPage } from './audit-jobs-list-page';
export { JobSettingsPage } from './job-settings-page';
export { ElectionAuditsPanel } from './election-audits-panel';
export { StageSettingsDialog } from './stage-settings-dialog';
