/** Messages of audit jobs, job files, settings, attachments and job permissions (spec part 3). */
export const JOB_MESSAGES = {
  created: 'AuditJob Created',
  updated: 'AuditJob Updated',
  deleted: 'AuditJob deleted',
  donationUpdated: 'Audit Updated Successfully',
  donationTooLarge: 'Donation Amount can not be greater than Requested amount',
  // Decisions where the spec shows no wording (docs/decisions.md).
  auditorOnlyEdit: 'Only the Auditor of this job can change it.',
  auditorOnlyDelete: 'Only the Auditor of this job can delete it.',
  electionAuditorOnly: 'Only an Auditor of the election can create an audit job.',
  observerClosed: 'Observers can open a job only when the election privacy is Open.',
  testJobFlag: 'Test jobs need the test_job permission. Please contact Admin.',
  electionLocked: 'The election of an audit job cannot be changed.',
  idMismatch: 'id: Does not match the job in the address.',
  adminOnlyDonation: 'Only an Admin can change donations.',
  hasJobs: 'This election has audit jobs. Please delete them first.',
} as const;

export const JOB_FILE_MESSAGES = {
  uploaded: 'File upload successfully',
  typeExists: 'The type of file already exist. Please try again after deleting the file.',
  jobFileExists:
    'Job file already exists. Please edit existing file or try again after deleting the file.',
  fileExists: (file: string) =>
    `${file} already exists. Please edit existing file or try again after deleting the file.`,
  chooseVendor: 'Please Choose any one option.',
  requiredFields: 'Please fill required fields.',
  adoptedNotFound: 'Adopted files not found!',
  jobFileSaved: 'JobFile Saved',
  jsonFileSaved: 'JsonFile Saved',
  jsonUpdated: 'JSON file Updated.',
  vendorSaved: 'Vendor Saved',
  deleted: 'JobFile deleted',
  // Decisions where the spec shows no wording (docs/decisions.md).
  filesRole: 'Only the Auditor or an Uploader of this job can handle its files.',
  csvOnly: 'Only .csv files can be uploaded.',
  tooLarge: 'The file is larger than 5 MB.',
  tooMany: 'At most 4 files can be uploaded at once.',
  fileRequired: 'file: Required.',
  unknownType: 'file_type: Must be one of JOB, EIF, BOF, STC, JSON.',
  notEditable: 'Only JOB and JSON files can be edited.',
  badJson: 'json_data: Must be valid JSON.',
  badName: 'file_name: Must be a plain file name.',
  notSettingsFile: 'This file holds no job settings.',
  noSuchFile: 'This job has no file by that name.',
  merged: (argument: string) => `${argument} merged into the job settings.`,
} as const;

export const SETTINGS_MESSAGES = {
  unknownGroup: (group: string) => `${group}: Unknown argument group.`,
  unknownArgument: (group: string, argument: string) =>
    `${argument}: Unknown argument in ${group}.`,
  required: (argument: string) => `${argument}: Required.`,
  notInt: (argument: string) => `${argument}: Must be a whole number.`,
  notBool: (argument: string) => `${argument}: Must be TRUE or FALSE.`,
  notChoice: (argument: string, choices: string[]) =>
    `${argument}: Must be one of ${choices.join(', ')}.`,
  notMulti: (argument: string) => `${argument}: Can be given only once.`,
  deprecated: (argument: string) => `${argument}: Is deprecated and can no longer be set.`,
  wrongStage: (argument: string, stages: string, stage: string) =>
    `${argument}: Applies to the stages ${stages}, not to ${stage}.`,
  unknownStage: (stage: string) => `stage: ${stage} is not a stage of the audit.`,
  internal: (argument: string) => `${argument}: Is set by the platform, not in job settings.`,
} as const;

export const ATTACHMENT_MESSAGES = {
  deleted: 'Job Attechment deleted',
  // Decisions where the spec shows no wording (docs/decisions.md).
  saved: 'Job Attechment saved',
  uploaded: 'File upload successfully',
  typeNotAllowed: 'Only images, PDF and Word documents can be attached.',
  tooLarge: 'An attachment can be at most 25 MB.',
  descriptionRequired: 'description: Required.',
  descriptionNumeric: 'description: A description cannot be only a number.',
  fileRequired: 'files: Required.',
} as const;

export const JOB_PERMISSION_MESSAGES = {
  selectJob: 'Please select one job',
  requested: 'Send request to acess a job successfully',
  updated: 'Job permission update successfully',
  checkOne: 'At least one checkbox checked',
  saved: 'Permission Updated Successfully',
  // Decisions where the spec shows no wording (docs/decisions.md).
  noSuchJob: (id: number) => `job_ids: There is no audit job ${id}.`,
  notRequested: (id: number) => `job_permission: Job ${id} was not requested.`,
  badRange: 'end: Must not be before start.',
} as const;

export const AUDIT_TYPE_MESSAGES = {
  created: 'Audit type created',
  updated: 'Audit type updated',
  removed: 'Audit type removed',
  groupCreated: 'ArgGroup Created',
  groupUpdated: 'ArgGroup Updated',
  groupDeleted: 'ArgGroup deleted',
  argumentCreated: 'Argument Created',
  argumentUpdated: 'Argument Updated',
  argumentDeleted: 'Argument deleted',
  // Decisions where the spec shows no wording (docs/decisions.md).
  idTaken: 'id: An audit type with this ID already exists.',
  groupTaken: 'group: This group already exists in the audit type.',
  argumentTaken: 'argument: This argument already exists in the group.',
  badDefault: (message: string) => `value: ${message}`,
} as const;
