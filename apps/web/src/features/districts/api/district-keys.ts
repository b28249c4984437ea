/** Query keys of the districts feature; mutations invalidate through these. */
export const districtKeys = {
  all: ['districts'] as const,
  lists: () => [...districtKeys.all, 'list'] as const,
  list: (query: object) => [...districtKeys.lists(), query] as const,
  detail: (id: number) => [...districtKeys.all, 'detail', id] as const,
  contacts: (districtId: number) => [...districtKeys.all, 'contacts', districtId] as const,
  contactList: (districtId: number, query: object) =>
    [...districtKeys.contacts(districtId), query] as const,
};
