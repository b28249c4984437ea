import { useQuery } from '@tanstack/react-query';
import { electionRoutes } from '@scrutineer/contracts';
import { api } from '../../../lib/api-client';
import { jobKeys } from './job-keys';

/** The caller's elections for the election picker and filter (the 100 most recently opened). */
export function useElectionOptions() {
  return useQuery({
    queryKey: jobKeys.electionOptions(),
    queryFn: ({ signal }) =>
      api.call(electionRoutes.list, {
        query: { page_size: 100, sort: 'access', order: 'desc' },
        signal,
      }),
  });
}

/** One election, for the job's read-only election summary. */
export function useJobElection(id: number | null) {
  return useQuery({
    queryKey: jobKeys.election(id ?? 0),
    queryFn: ({ signal }) => api.call(electionRoutes.get, { params: { id: id ?? 0 }, signal }),
    enabled: id !== null,
    retry: false,
  });
}
