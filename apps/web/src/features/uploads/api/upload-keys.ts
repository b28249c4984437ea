/** Query keys of the uploads feature; mutations invalidate through these. */
export const uploadKeys = {
  all: ['uploads'] as const,
  owner: (type: string, id: number) => [...uploadKeys.all, type, id] as const,
  sets: (type: string, id: number) => [...uploadKeys.owner(type, id), 'sets'] as const,
  adoptable: (type: string, id: number) => [...uploadKeys.owner(type, id), 'adoptable'] as const,
  direct: (type: string, id: number) => [...uploadKeys.owner(type, id), 'direct'] as const,
  requested: (type: string, id: number) => [...uploadKeys.owner(type, id), 'requested'] as const,
  requests: (type: string, id: number) => [...uploadKeys.owner(type, id), 'requests'] as const,
  allRequests: () => [...uploadKeys.all, 'all-requests'] as const,
  general: () => [...uploadKeys.all, 'general'] as const,
  link: (type: string, id: number, token: string) =>
    [...uploadKeys.all, 'link', type, id, token] as const,
};

export type OwnerType = 'election' | 'district';

/** The payload field that names the owner: election_id or district_id. */
export const ownerField = (type: OwnerType, id: number) =>
  type === 'election' ? { election_id: id } : { district_id: id };

/** File lists change through other people and public links: read them anew on every visit. */
export const FRESH = 0;
