/** Query keys of the admin board; mutations invalidate through these. */
export const adminKeys = {
  all: ['admin'] as const,
  users: () => [...adminKeys.all, 'users'] as const,
  userList: (status: string, query: object) => [...adminKeys.users(), status, query] as const,
  markdown: () => [...adminKeys.all, 'markdown'] as const,
  markdownDetail: (id: number) => [...adminKeys.markdown(), id] as const,
  dashboard: () => [...adminKeys.all, 'dashboard'] as const,
  outbox: (query: object) => [...adminKeys.all, 'outbox', query] as const,
  permission: (userId: number) => [...adminKeys.all, 'permission', userId] as const,
  jobs: () => [...adminKeys.all, 'jobs'] as const,
  requests: () => [...adminKeys.all, 'requests'] as const,
  auditTypes: () => [...adminKeys.all, 'audit-types'] as const,
  argSpecs: (auditTypeId: string) => [...adminKeys.auditTypes(), 'specs', auditTypeId] as const,
  subscriptions: (userId: number) => [...adminKeys.all, 'subscriptions', userId] as const,
};
