import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adjudicationRoutes,
  jobOperationRoutes,
  type AdjudicationDecisionBody,
  type AdjudicationQuery,
} from '@scrutineer/contracts';
import { api } from '../../../lib/api-client';

export type QueueFilters = Omit<AdjudicationQuery, 'page' | 'page_size'>;

/** Query keys of the adjudication feature. */
export const adjudicationKeys = {
  all: (jobId: number) => ['adjudication', jobId] as const,
  queue: (jobId: number, query: AdjudicationQuery) =>
    [...adjudicationKeys.all(jobId), 'queue', query] as const,
  item: (jobId: number, itemId: number) =>
    [...adjudicationKeys.all(jobId), 'item', itemId] as const,
  tally: (jobId: number) => [...adjudicationKeys.all(jobId), 'tally'] as const,
  ballots: (jobId: number, query: Record<string, string | number>) =>
    [...adjudicationKeys.all(jobId), 'ballots', query] as const,
};

/** Drops filters left empty, so the query string carries only chosen ones. */
const chosen = <T extends object>(query: T): T =>
  Object.fromEntries(
    Object.entries(query).filter(([, v]) => v !== '' && v !== undefined && v !== null),
  ) as T;

export function useAdjudicationQueue(jobId: number, query: AdjudicationQuery) {
  return useQuery({
    queryKey: adjudicationKeys.queue(jobId, query),
    queryFn: ({ signal }) =>
      api.call(adjudicationRoutes.list, { params: { jobId }, query: chosen(query), signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAdjudicationItem(jobId: number, itemId: number | null) {
  return useQuery({
    queryKey: adjudicationKeys.item(jobId, itemId ?? 0),
    queryFn: ({ signal }) =>
      api.call(adjudicationRoutes.item, { params: { jobId, itemId: itemId ?? 0 }, signal }),
    enabled: itemId !== null,
  });
}

/** The next item after `after` the caller may decide, with the queue's filters. */
export const fetchNextItem = (jobId: number, filters: QueueFilters, after: number) =>
  api.call(adjudicationRoutes.next, {
    params: { jobId },
    query: chosen({ ...filters, state: undefined, after }),
  });

export function useDecide(jobId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { itemId: number; body: AdjudicationDecisionBody }) =>
      api.call(adjudicationRoutes.decide, {
        params: { jobId, itemId: input.itemId },
        body: input.body,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adjudicationKeys.all(jobId) }),
  });
}

export function useAdjudicationSettings(jobId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reviewers: number) =>
      api.call(adjudicationRoutes.settings, {
        params: { jobId },
        body: { reviewers_per_item: reviewers },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adjudicationKeys.all(jobId) }),
  });
}

/** Reruns the report after decisions (the job's Auditor). */
export function useRerunReport(jobId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.call(jobOperationRoutes.launch, {
        body: { job_id: jobId, operation: 'genreport', action: 'rerun' },
      }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

export function useTally(jobId: number) {
  return useQuery({
    queryKey: adjudicationKeys.tally(jobId),
    queryFn: ({ signal }) => api.call(adjudicationRoutes.tally, { params: { jobId }, signal }),
    retry: false,
  });
}

export function useTallyBallots(
  jobId: number,
  query: { contest_id: string; option_id: string; source: 'cvr' | 'image' | 'adjudicated' } | null,
) {
  return useQuery({
    queryKey: adjudicationKeys.ballots(jobId, query ?? {}),
    queryFn: ({ signal }) =>
      api.call(adjudicationRoutes.tallyBallots, {
        params: { jobId },
        query: { ...(query ?? { contest_id: '', option_id: '', source: 'cvr' }), page_size: 500 },
        signal,
      }),
    enabled: query !== null,
  });
}
