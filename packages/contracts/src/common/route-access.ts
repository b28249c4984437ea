/**
 * Who may call each route: the answer the authorization matrix test expects from the real API,
 * kept beside the route contracts. `public`: anyone (some read a token when one comes along);
 * `session`: a signed-in account; `admin`: an Admin. A `session` route says whose record it
 * opens, so that the matrix knows what another user and a member get: `scope` names the
 * election, district, job or chat room its path parameter (or the body or query field named by
 * `field`) opens, `record` a record inside one; only the scope's members (and Admins) get past
 * it, others get 403 or 404. `own` says the route opens no record of anyone else's: the
 * caller's own account, lists cut to what the caller may see, or a new record with no parent.
 */
export type RouteAccess = 'public' | 'session' | 'admin';
export type RouteScope = 'election' | 'district' | 'job' | 'room';
/**
 * A record a route's path (or, for `message`, its body) names: the matrix makes one in the
 * member's records for each caller, so that a delete by one leaves the next caller a record and
 * only the member and Admins get past it.
 */
export type RouteRecord =
  | 'upload'
  | 'district-upload'
  | 'file-set'
  | 'district-file-set'
  | 'contact'
  | 'settings-file'
  | 'message-file'
  | 'message'
  | 'new-message'
  | 'district'
  | 'election'
  | 'membership'
  | 'job'
  | 'operation'
  | 'stage-log'
  | 'tool-run'
  | 'rla'
  | 'template'
  | 'adjudication'
  | 'room'
  | 'attachment'
  | 'upload-request'
  | 'district-upload-request'
  | 'requested-file'
  | 'district-requested-file'
  | 'tool'
  | 'job-file'
  | 'project';

export interface RouteAccessRule {
  access: RouteAccess;
  scope?: RouteScope;
  /** The body field (a query field for a GET) that carries the scope's id, when not the path. */
  field?: string;
  record?: RouteRecord;
  /** Opens nothing of anyone else's: every signed-in caller gets in. */
  own?: true;
  /** Within its scope only Admins act (rooms): the scope's member is refused with 403. */
  adminManaged?: true;
  /** Only the record's author acts (files of a chat message): Admins are refused too, 403. */
  authorOnly?: true;
}

export const ROUTE_ACCESS: Readonly<Record<string, RouteAccessRule>> = {
  'DELETE /arg-groups/:id': { access: 'admin' },
  'DELETE /arguments/:id': { access: 'admin' },
  'DELETE /audit-attech/:id': { access: 'session', record: 'attachment' },
  'DELETE /audit-jobs/:id': { access: 'session', record: 'job' },
  'DELETE /audit-types/:id': { access: 'admin' },
  'DELETE /delete-room/:id': { access: 'session', record: 'room', adminManaged: true },
  'DELETE /direct-district-upload/:id': { access: 'public' },
  'DELETE /direct-upload/:id': { access: 'public' },
  'DELETE /district-contacts/:districtId/:id': { access: 'session', record: 'contact' },
  'DELETE /districts/:id': { access: 'session', record: 'district' },
  'DELETE /election-users/:id': { access: 'session', record: 'membership' },
  'DELETE /elections/:id': { access: 'session', record: 'election' },
  'DELETE /files-district/:id': { access: 'session', record: 'district-file-set' },
  'DELETE /files/:id': { access: 'session', record: 'file-set' },
  'DELETE /general-upload/:id': { access: 'admin' },
  'DELETE /job-settings/:jobId/:fileName': { access: 'session', record: 'settings-file' },
  'DELETE /job-templates/:jobId/:style': { access: 'session', record: 'template' },
  'DELETE /markdown-settings/:id': { access: 'admin' },
  'DELETE /requested-district-files/:id': { access: 'session', record: 'district-requested-file' },
  'DELETE /requested-files/:id': { access: 'session', record: 'requested-file' },
  'DELETE /upload-district-files/:id': { access: 'session', record: 'district-upload' },
  'DELETE /upload-district-requests/:id': { access: 'session', record: 'district-upload-request' },
  'DELETE /upload-files/:id': { access: 'session', record: 'upload' },
  'DELETE /upload-requests/:id': { access: 'session', record: 'upload-request' },
  'DELETE /users-Inactive/:id': { access: 'admin' },
  'DELETE /users/:id': { access: 'admin' },
  'GET /active-packages': { access: 'session', own: true },
  'GET /add-room/:id': { access: 'session', scope: 'job' },
  'GET /admin/dashboard': { access: 'admin' },
  'GET /admin/mail-outbox': { access: 'admin' },
  'GET /arg-specs': { access: 'session', own: true },
  'GET /arg-specs/stages': { access: 'session', own: true },
  'GET /arguments/:auditTypeId/:groupId': { access: 'session', own: true },
  'GET /arguments/:id': { access: 'session', own: true },
  'GET /attech-files/:id': { access: 'session', scope: 'job' },
  'GET /audit-attech/:id/file': { access: 'session', record: 'attachment' },
  'GET /audit-jobs': { access: 'session', own: true },
  'GET /audit-jobs/:id': { access: 'session', scope: 'job' },
  'GET /audit-permission/:id': { access: 'admin' },
  'GET /audit-types': { access: 'session', own: true },
  'GET /compute/status/:operation_id': { access: 'session', record: 'tool-run' },
  'GET /compute/stop/:operation_id': { access: 'session', record: 'tool-run' },
  'GET /compute/version': { access: 'public' },
  'GET /direct-district-upload/:id/parts': { access: 'public' },
  'GET /direct-district-upload/request/:id': { access: 'public' },
  'GET /direct-upload/:id/parts': { access: 'public' },
  'GET /direct-upload/request/:id': { access: 'public' },
  'GET /district-contacts/:districtId': { access: 'session', scope: 'district' },
  'GET /district-contacts/:districtId/:id': { access: 'session', record: 'contact' },
  'GET /districts': { access: 'session', own: true },
  'GET /districts/:id': { access: 'session', scope: 'district' },
  'GET /donation-list': { access: 'admin' },
  'GET /election-users/election/:electionId': { access: 'session', scope: 'election' },
  'GET /elections': { access: 'session', own: true },
  'GET /elections/:id': { access: 'session', scope: 'election' },
  'GET /files-district/:id': { access: 'session', scope: 'district' },
  'GET /files-district/:id/parts': { access: 'session', record: 'district-file-set' },
  'GET /files-district/adoptable/:id': { access: 'session', scope: 'district' },
  'GET /files/:id': { access: 'session', scope: 'election' },
  'GET /files/:id/parts': { access: 'session', record: 'file-set' },
  'GET /files/adoptable/:id': { access: 'session', scope: 'election' },
  'GET /general-upload': { access: 'admin' },
  'GET /general-upload-link': { access: 'admin' },
  'GET /general-upload/:id/parts': { access: 'public' },
  'GET /get-audit': { access: 'public' },
  'GET /get-manually-donation/:id': { access: 'admin' },
  'GET /get-messages/:id': { access: 'session', scope: 'room' },
  'GET /get-permission': { access: 'session', own: true },
  'GET /get-singleaudit/:id': { access: 'public' },
  'GET /getjob-permission': { access: 'session', own: true },
  'GET /health': { access: 'public' },
  'GET /job-operations/:jobId': { access: 'session', scope: 'job' },
  'GET /job-operations/adjudications/:jobId': { access: 'session', scope: 'job' },
  'GET /job-operations/adjudications/:jobId/:itemId': { access: 'session', record: 'adjudication' },
  'GET /job-operations/adjudications/:jobId/next': { access: 'session', scope: 'job' },
  'GET /job-operations/tally/:jobId': { access: 'session', scope: 'job' },
  'GET /job-operations/tally/:jobId/ballots': { access: 'session', scope: 'job' },
  'GET /job-operations/pipeline-status/:id': { access: 'session', scope: 'job' },
  'GET /job-operations/refresh/:id': { access: 'session', record: 'operation' },
  'GET /job-operations/refresh_status/:id': { access: 'session', record: 'operation' },
  'GET /job-operations/refresh_status_force/:id': { access: 'session', record: 'operation' },
  'GET /job-operations/stop/:id': { access: 'session', record: 'operation' },
  'GET /job-permission': { access: 'admin' },
  'GET /job-permission/:id': { access: 'session', own: true },
  'GET /job-settings/:jobId': { access: 'session', scope: 'job' },
  'GET /job-settings/:jobId/:fileName': { access: 'session', record: 'settings-file' },
  'GET /job-settings/adopted-files/:jobId': { access: 'session', scope: 'job' },
  'GET /job-settings/adopted-files/:jobId/:fileName': { access: 'session', record: 'job-file' },
  'GET /job-settings/arg-specs': { access: 'session', own: true },
  'GET /job-settings/get-file/:id': { access: 'session', own: true },
  'GET /job-settings/get-file/:jobId/:fileName': { access: 'session', record: 'settings-file' },
  'GET /job-settings/stages/:jobId': { access: 'session', scope: 'job' },
  'GET /job-templates/:jobId': { access: 'session', scope: 'job' },
  'GET /job-templates/:jobId/:style': { access: 'session', record: 'template' },
  'GET /job-templates/:jobId/:style/export': { access: 'session', record: 'template' },
  'GET /job-templates/:jobId/:style/images/:kind': { access: 'session', record: 'template' },
  'GET /leader-board': { access: 'session', own: true },
  'GET /logs/operation-logs/:id/': { access: 'session', record: 'stage-log' },
  'GET /logs/operation-logs/:id/log.txt': { access: 'session', record: 'tool-run' },
  'GET /markdown-home': { access: 'session', own: true },
  'GET /markdown-home-check': { access: 'session', own: true },
  'GET /markdown-settings': { access: 'admin' },
  'GET /markdown-settings/:id': { access: 'admin' },
  'GET /markdown-settings/:id/download': { access: 'admin' },
  'GET /message-files/:id': { access: 'session', record: 'message-file' },
  'GET /packages': { access: 'admin' },
  'GET /packages/:id': { access: 'admin' },
  'GET /payment-success/:id': { access: 'public' },
  'GET /payments/config': { access: 'public' },
  'GET /profile': { access: 'session', own: true },
  'GET /projectdonation-success/:id': { access: 'public' },
  'GET /projects': { access: 'public' },
  'GET /projects/:name': { access: 'public' },
  'GET /projects/:name/donors': { access: 'public' },
  'GET /projects/:name/elections': { access: 'public' },
  'GET /public/countries': { access: 'public' },
  'GET /public/us/jurisdictions': { access: 'public' },
  'GET /public/us/states': { access: 'public' },
  'GET /ready': { access: 'public' },
  'GET /requested-district-files/:id': { access: 'session', scope: 'district' },
  'GET /requested-files/:id': { access: 'session', scope: 'election' },
  'GET /restart-rds': { access: 'admin' },
  'GET /rla/:jobId': { access: 'session', scope: 'job' },
  'GET /rla/:jobId/ballots': { access: 'session', record: 'rla' },
  'GET /rla/:jobId/ballots/:ballotId/image': { access: 'session', record: 'rla' },
  'GET /rla/:jobId/board': { access: 'session', record: 'rla' },
  'GET /rla/:jobId/contests': { access: 'session', scope: 'job' },
  'GET /rla/:jobId/rounds/:round/retrieval': { access: 'session', record: 'rla' },
  'GET /rla/:jobId/rounds/:round/retrieval.csv': { access: 'session', record: 'rla' },
  'GET /subscription-payment-success/:id': { access: 'session', own: true },
  'GET /sys-config/action-specs/v3': { access: 'session', own: true },
  'GET /sys-config/action-specs/v3/:id': { access: 'session', own: true },
  'GET /sys-config/action-tools': { access: 'admin' },
  'GET /upload-district-files/:id': { access: 'session', scope: 'district' },
  'GET /upload-district-files/:id/parts': { access: 'session', record: 'district-upload' },
  'GET /upload-district-requests/:id': { access: 'session', scope: 'district' },
  'GET /upload-files/:id': { access: 'session', scope: 'election' },
  'GET /upload-files/:id/parts': { access: 'session', record: 'upload' },
  'GET /upload-requests/:id': { access: 'session', scope: 'election' },
  'GET /upload-requests/all': { access: 'admin' },
  'GET /user-details/:id': { access: 'admin' },
  'GET /user-subscription': { access: 'session', own: true },
  'GET /user-subscription/:userId': { access: 'admin' },
  'GET /users': { access: 'admin' },
  'GET /users-:status': { access: 'admin' },
  'GET /users-list': { access: 'session', scope: 'job', field: 'job_id' },
  'POST /add-auditattech': { access: 'session', record: 'attachment' },
  'POST /add-room': { access: 'session', scope: 'job', field: 'job_id', adminManaged: true },
  'POST /arg-groups': { access: 'admin' },
  'POST /arguments': { access: 'admin' },
  'POST /audit-jobs': { access: 'session', scope: 'election', field: 'election_id' },
  'POST /audit-types': { access: 'admin' },
  'POST /auth/email/resend': { access: 'public' },
  'POST /auth/email/verify': { access: 'public' },
  'POST /auth/new-password': { access: 'public' },
  'POST /auth/password-reset': { access: 'public' },
  'POST /auth/refresh': { access: 'public' },
  'POST /auth/sign-in': { access: 'public' },
  'POST /auth/sign-out': { access: 'public' },
  'POST /auth/sign-up': { access: 'public' },
  'POST /compute/tools-execute': { access: 'session', scope: 'job', field: 'job_id' },
  'POST /delete-message-files': { access: 'session', record: 'message' },
  'POST /direct-district-upload': { access: 'public' },
  'POST /direct-district-upload/verify': { access: 'public' },
  'POST /direct-upload': { access: 'public' },
  'POST /direct-upload/verify': { access: 'public' },
  'POST /district-contacts/:districtId': { access: 'session', scope: 'district' },
  'POST /districts': { access: 'session', own: true },
  'POST /donation-payment': { access: 'public' },
  'POST /election-users': { access: 'session', scope: 'election', field: 'election_id' },
  'POST /elections': { access: 'session', scope: 'district', field: 'districtId' },
  'POST /files': { access: 'session', scope: 'election', field: 'election_id' },
  'POST /files-district': { access: 'session', scope: 'district', field: 'district_id' },
  'POST /files-district/adopt': { access: 'session', scope: 'district', field: 'district_id' },
  'POST /files/adopt': { access: 'session', scope: 'election', field: 'election_id' },
  'POST /general-upload': { access: 'public' },
  'POST /job-operations': { access: 'session', scope: 'job', field: 'job_id' },
  'POST /job-permission': { access: 'session', own: true },
  'POST /job-settings/:jobId': { access: 'session', scope: 'job' },
  'POST /job-settings/generate-file': { access: 'session', scope: 'job', field: 'job_id' },
  'POST /job-settings/generate-setting-file': { access: 'admin' },
  'POST /job-settings/upload': { access: 'session', scope: 'job', field: 'job_id' },
  'POST /job-templates/:jobId/:style/import': { access: 'session', record: 'template' },
  'POST /manually-payment': { access: 'admin' },
  'POST /mark-seen-message': { access: 'session', record: 'message' },
  'POST /markdown-settings/upload': { access: 'admin' },
  'POST /package-payment': { access: 'session', own: true },
  'POST /packages': { access: 'admin' },
  'POST /payment-session': { access: 'public' },
  'POST /payments/webhook': { access: 'public' },
  'POST /profile/close-account': { access: 'session', own: true },
  'POST /profile/password-reset': { access: 'session', own: true },
  'POST /project-donation': { access: 'public' },
  'POST /projects': { access: 'session', own: true },
  'POST /report-export': { access: 'session', scope: 'job', field: 'job_id', adminManaged: true },
  'POST /rla/:jobId': { access: 'session', scope: 'job' },
  'POST /rla/:jobId/rounds': { access: 'session', record: 'rla' },
  'POST /sys-config/action-tools': { access: 'session', scope: 'job', field: 'job_id' },
  'POST /sys-config/delete-action-tools': { access: 'session', record: 'tool' },
  'POST /sys-config/update-action-tools': { access: 'session', record: 'tool' },
  'POST /upload-attech-files': { access: 'session', scope: 'job', field: 'job_id' },
  'POST /upload-district-files': { access: 'session', scope: 'district', field: 'district_id' },
  'POST /upload-district-requests': { access: 'session', scope: 'district', field: 'district_id' },
  'POST /upload-district-requests-copy': {
    access: 'session',
    scope: 'district',
    field: 'district_id',
  },
  'POST /upload-files': { access: 'session', scope: 'election', field: 'election_id' },
  'POST /upload-message-files': { access: 'session', record: 'new-message', authorOnly: true },
  'POST /upload-requests': { access: 'session', scope: 'election', field: 'election_id' },
  'POST /upload-requests-copy': { access: 'session', scope: 'election', field: 'election_id' },
  'POST /user-subscription': { access: 'admin' },
  'POST /vendor-template': { access: 'session', scope: 'job', field: 'job_id' },
  'PUT /arg-groups/:id': { access: 'admin' },
  'PUT /arguments/:id': { access: 'admin' },
  'PUT /audit-jobs/:id': { access: 'session', scope: 'job' },
  'PUT /audit-types/:id': { access: 'admin' },
  'PUT /direct-district-upload/:id': { access: 'public' },
  'PUT /direct-upload/:id': { access: 'public' },
  'PUT /district-contacts/:districtId/:id': { access: 'session', record: 'contact' },
  'PUT /districts/:id': { access: 'session', scope: 'district' },
  'PUT /election-users/:id': { access: 'session', record: 'membership' },
  'PUT /elections/:id': { access: 'session', scope: 'election' },
  'PUT /files-district/:id': { access: 'session', record: 'district-file-set' },
  'PUT /files/:id': { access: 'session', record: 'file-set' },
  'PUT /general-upload/:id': { access: 'public' },
  'PUT /job-operations/adjudication-settings/:jobId': { access: 'session', scope: 'job' },
  'PUT /job-operations/adjudications/:jobId/:itemId': { access: 'session', record: 'adjudication' },
  'PUT /job-permission/:id': { access: 'admin' },
  'PUT /job-settings/:jobId': { access: 'session', record: 'job-file' },
  'PUT /job-templates/:jobId/:style': { access: 'session', record: 'template' },
  'PUT /markdown-settings-edit/:id': { access: 'admin' },
  'PUT /packages/:id': { access: 'admin' },
  'PUT /profile': { access: 'session', own: true },
  'PUT /projects/:name': { access: 'session', record: 'project' },
  'PUT /rla/:jobId/ballots/:ballotId/reading': { access: 'session', record: 'rla' },
  'PUT /save-audit-permission/:id': { access: 'admin' },
  'PUT /update-permission/:id': { access: 'admin' },
  'PUT /update-room-user/:id': { access: 'session', record: 'room', adminManaged: true },
  'PUT /update-room/:id': { access: 'session', record: 'room', adminManaged: true },
  'PUT /upload-district-files/:id': { access: 'session', record: 'district-upload' },
  'PUT /upload-district-requests/:id': { access: 'session', record: 'district-upload-request' },
  'PUT /upload-files/:id': { access: 'session', record: 'upload' },
  'PUT /upload-requests/:id': { access: 'session', record: 'upload-request' },
  'PUT /users-activate/:id': { access: 'admin' },
  'PUT /users/:id': { access: 'admin' },
};
