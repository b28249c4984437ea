import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  buildPath,
  rlaRoutes,
  type RlaReadingBody,
  type RlaStartBody,
} from '@scrutineer/contracts';
import { api } from '../../../lib/api-client';
import { fetchFile, saveBlob } from '../../../lib/api-files';

/** Query keys of the risk-limiting audit feature. */
export const rlaKeys = {
  all: (jobId: number) => ['rla', jobId] as const,
  audit: (jobId: number) => [...rlaKeys.all(jobId), 'audit'] as const,
  candidates: (jobId: number) => [...rlaKeys.all(jobId), 'candidates'] as const,
  board: (jobId: number) => [...rlaKeys.all(jobId), 'board'] as const,
  ballots: (jobId: number) => [...rlaKeys.all(jobId), 'ballots'] as const,
  retrieval: (jobId: number, round: number) => [...rlaKeys.all(jobId), 'retrieval', round] as const,
  image: (jobId: number, ballotId: number) => [...rlaKeys.all(jobId), 'image', ballotId] as const,
};

export function useRla(jobId: number) {
  return useQuery({
    queryKey: rlaKeys.audit(jobId),
    queryFn: ({ signal }) => api.call(rlaRoutes.get, { params: { jobId }, signal }),
  });
}

export function useRlaCandidates(jobId: number, enabled: boolean) {
  return useQuery({
    queryKey: rlaKeys.candidates(jobId),
    queryFn: ({ signal }) => api.call(rlaRoutes.candidates, { params: { jobId }, signal }),
    enabled,
    retry: false,
  });
}

export function useBoardBallots(jobId: number, enabled: boolean) {
  return useQuery({
    queryKey: rlaKeys.board(jobId),
    queryFn: ({ signal }) => api.call(rlaRoutes.board, { params: { jobId }, signal }),
    enabled,
  });
}

export function useAuditBallots(jobId: number, enabled: boolean) {
  return useQuery({
    queryKey: rlaKeys.ballots(jobId),
    queryFn: ({ signal }) => api.call(rlaRoutes.ballots, { params: { jobId }, signal }),
    enabled,
  });
}

export function useRetrieval(jobId: number, round: number | null) {
  return useQuery({
    queryKey: rlaKeys.retrieval(jobId, round ?? 0),
    queryFn: ({ signal }) =>
      api.call(rlaRoutes.retrieval, { params: { jobId, round: round ?? 0 }, signal }),
    enabled: round !== null,
  });
}

/** A read ballot as the image audit saw it (Auditor), beside the board's reading. */
export function useBallotImage(jobId: number, ballotId: number) {
  return useQuery({
    queryKey: rlaKeys.image(jobId, ballotId),
    queryFn: ({ signal }) => api.call(rlaRoutes.image, { params: { jobId, ballotId }, signal }),
    retry: false,
  });
}

function useRlaMutation<T>(jobId: number, fn: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rlaKeys.all(jobId) }),
  });
}

export const useStartRla = (jobId: number) =>
  useRlaMutation(jobId, (body: RlaStartBody) =>
    api.call(rlaRoutes.start, { params: { jobId }, body }),
  );

export const useNextRound = (jobId: number) =>
  useRlaMutation(jobId, () => api.call(rlaRoutes.nextRound, { params: { jobId } }));

export const useEnterReading = (jobId: number) =>
  useRlaMutation(jobId, (input: { ballotId: number; body: RlaReadingBody }) =>
    api.call(rlaRoutes.read, { params: { jobId, ballotId: input.ballotId }, body: input.body }),
  );

/** Downloads a round's retrieval list as the CSV the API serves. */
export async function downloadRetrievalCsv(jobId: number, round: number) {
  const blob = await fetchFile(`/api${buildPath(rlaRoutes.retrievalCsv.path, { jobId, round })}`);
  saveBlob(blob, `rla-job-${jobId}-round-${round}-retrieval.csv`);
}
