import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { districtContactRoutes, type RouteQuery } from '@scrutineer/contracts';
import { api } from '../../../lib/api-client';
import { districtKeys } from './district-keys';

export type ContactListQuery = Partial<RouteQuery<typeof districtContactRoutes.list>>;

export function listContacts(districtId: number, query: ContactListQuery, signal?: AbortSignal) {
  return api.call(districtContactRoutes.list, { params: { districtId }, query, signal });
}

export function contactsQueryOptions(districtId: number, query: ContactListQuery) {
  return queryOptions({
    queryKey: districtKeys.contactList(districtId, query),
    queryFn: ({ signal }) => listContacts(districtId, query, signal),
    placeholderData: keepPreviousData,
  });
}

/** One page of a district's contacts. */
export function useContacts(districtId: number, query: ContactListQuery) {
  return useQuery(contactsQueryOptions(districtId, query));
}
