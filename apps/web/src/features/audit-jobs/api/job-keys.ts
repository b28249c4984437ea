/** Query keys of the audit-jobs feature; mutations invalidate through these. */
export const jobKeys = {
  all: ['audit-jobs'] as const,
  lists: () => [...jobKeys.all, 'list'] as const,
  list: (query: object) => [...jobKeys.lists(), query] as const,
  detail: (id: number) => [...jobKeys.all, 'detail', id] as const,
  openJobs: () => [...jobKeys.all, 'open'] as const,
  electionOptions: () => [...jobKeys.all, 'election-options'] as const,
  election: (id: number) => [...jobKeys.all, 'election', id] as const,
  files: (jobId: number) => [...jobKeys.all, 'files', jobId] as const,
  fileList: (jobId: number, search: string) => [...jobKeys.files(jobId), 'list', search] as const,
  settingsFile: (jobId: number, fileName: string) =>
    [...jobKeys.files(jobId), 'settings', fileName] as const,
  adopted: (jobId: number) => [...jobKeys.files(jobId), 'adopted'] as const,
  argSpecs: () => [...jobKeys.all, 'arg-specs'] as const,
  attachments: (jobId: number) => [...jobKeys.all, 'attachments', jobId] as const,
  sharedSettings: () => [...jobKeys.all, 'shared-settings'] as const,
};
