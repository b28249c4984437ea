import { useQuery } from '@tanstack/react-query';
import { districtRoutes } from '@scrutineer/contracts';
import { api } from '../../../lib/api-client';
import { electionKeys } from './election-keys';

/** The district an election list is filtered by or a new election goes into. */
export function getElectionDistrict(id: number, signal?: AbortSignal) {
  return api.call(districtRoutes.get, { params: { id }, signal });
}

export function useElectionDistrict(id: number | null) {
  return useQuery({
    queryKey: electionKeys.district(id ?? 0),
    queryFn: ({ signal }) => getElectionDistrict(id ?? 0, signal),
    enabled: id !== null,
  });
}
