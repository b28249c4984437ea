/** Query keys of the funding feature; mutations invalidate through these. */
export const fundingKeys = {
  all: ['funding'] as const,
  projects: (search: string) => [...fundingKeys.all, 'projects', search] as const,
  project: (ref: string) => [...fundingKeys.all, 'project', ref] as const,
  donors: (ref: string, search: string) => [...fundingKeys.all, 'donors', ref, search] as const,
  elections: (ref: string) => [...fundingKeys.all, 'elections', ref] as const,
  manual: (id: number) => [...fundingKeys.all, 'manual', id] as const,
  openJobs: () => [...fundingKeys.all, 'open-jobs'] as const,
  packages: (search: string) => [...fundingKeys.all, 'packages', search] as const,
  activePackages: () => [...fundingKeys.all, 'active-packages'] as const,
  subscriptions: () => [...fundingKeys.all, 'subscriptions'] as const,
};
