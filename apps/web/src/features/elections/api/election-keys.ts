/** Query keys of the elections feature; mutations invalidate through these. */
export const electionKeys = {
  all: ['elections'] as const,
  lists: () => [...electionKeys.all, 'list'] as const,
  list: (query: object) => [...electionKeys.lists(), query] as const,
  detail: (id: number) => [...electionKeys.all, 'detail', id] as const,
  members: (electionId: number) => [...electionKeys.all, 'members', electionId] as const,
  memberList: (electionId: number, query: object) =>
    [...electionKeys.members(electionId), query] as const,
  districtOptions: (search: string) => [...electionKeys.all, 'district-options', search] as const,
  district: (id: number) => [...electionKeys.all, 'district', id] as const,
  projectOptions: () => [...electionKeys.all, 'project-options'] as const,
};
