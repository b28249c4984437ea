import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { electionUserRoutes, type RouteQuery } from '@scrutineer/contracts';
import { api } from '../../../lib/api-client';
import { electionKeys } from './election-keys';

export type MemberListQuery = Partial<RouteQuery<typeof electionUserRoutes.list>>;

export function listMembers(electionId: number, query: MemberListQuery, signal?: AbortSignal) {
  return api.call(electionUserRoutes.list, { params: { electionId }, query, signal });
}

export function membersQueryOptions(electionId: number, query: MemberListQuery) {
  return queryOptions({
    queryKey: electionKeys.memberList(electionId, query),
    queryFn: ({ signal }) => listMembers(electionId, query, signal),
    placeholderData: keepPreviousData,
  });
}

/** One page of an election's members (the Auditor's Users tab). */
export function useMembers(electionId: number, query: MemberListQuery) {
  return useQuery(membersQueryOptions(electionId, query));
}
