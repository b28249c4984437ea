import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { z } from 'zod';
import {
  auditJobCreateBodySchema,
  auditJobRoutes,
  auditJobUpdateBodySchema,
  type RouteQuery,
} from '@scrutineer/contracts';
import { api } from '../../../lib/api-client';
import { jobKeys } from './job-keys';

export type JobListQuery = Partial<RouteQuery<typeof auditJobRoutes.list>>;
export type JobCreateInput = z.input<typeof auditJobCreateBodySchema>;
export type JobUpdateInput = z.input<typeof auditJobUpdateBodySchema>;

/** One page of the jobs the caller may open (the Test JOB List with `test: true`). */
export function useJobs(query: JobListQuery) {
  return useQuery(
    queryOptions({
      queryKey: jobKeys.list(query),
      queryFn: ({ signal }) => api.call(auditJobRoutes.list, { query, signal }),
      placeholderData: keepPreviousData,
    }),
  );
}

export function useJob(id: number | null) {
  return useQuery({
    queryKey: jobKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api.call(auditJobRoutes.get, { params: { id: id ?? 0 }, signal }),
    enabled: id !== null,
    retry: false,
  });
}

export function useCreateJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: JobCreateInput) => api.call(auditJobRoutes.create, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jobKeys.lists() }),
  });
}

export function useUpdateJob(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: JobUpdateInput) =>
      api.call(auditJobRoutes.update, { params: { id }, body: { ...body, id } }),
    onSuccess: (job) => {
      queryClient.setQueryData(jobKeys.detail(id), job);
      return queryClient.invalidateQueries({ queryKey: jobKeys.lists() });
    },
  });
}

export function useDeleteJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(auditJobRoutes.remove, { params: { id } }),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: jobKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: jobKeys.lists() });
    },
  });
}

/** Jobs anyone may ask access to (active, not on Closed elections). */
export function useOpenJobs(enabled: boolean) {
  return useQuery({
    queryKey: jobKeys.openJobs(),
    queryFn: ({ signal }) => api.call(auditJobRoutes.publicList, { signal }),
    enabled,
  });
}
