import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  electionRoutes,
  projectRoutes,
  type ManualDonationBody,
  type ProjectBody,
} from '@scrutineer/contracts';
import { api } from '../../../lib/api-client';
import { fundingKeys } from './funding-keys';

export type ProjectInput = ProjectBody;

/** Projects the caller may see; a second identical load waits for the running one. */
export function useProjects(search: string) {
  return useQuery({
    queryKey: fundingKeys.projects(search),
    queryFn: ({ signal }) => api.call(projectRoutes.list, { query: { search }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useProject(ref: string) {
  return useQuery({
    queryKey: fundingKeys.project(ref),
    queryFn: ({ signal }) => api.call(projectRoutes.get, { params: { name: ref }, signal }),
  });
}

export function useDonors(ref: string, search: string) {
  return useQuery({
    queryKey: fundingKeys.donors(ref, search),
    queryFn: ({ signal }) =>
      api.call(projectRoutes.donors, { params: { name: ref }, query: { search }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useProjectElections(ref: string) {
  return useQuery({
    queryKey: fundingKeys.elections(ref),
    queryFn: ({ signal }) => api.call(projectRoutes.elections, { params: { name: ref }, signal }),
  });
}

/** Create versus update is decided by the presence of an id. */
export function useSaveProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProjectInput) =>
      body.id
        ? api.call(projectRoutes.update, { params: { name: String(Number(body.id)) }, body })
        : api.call(projectRoutes.create, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fundingKeys.all }),
  });
}

export function useManualDonations(projectId: number, enabled: boolean) {
  return useQuery({
    queryKey: fundingKeys.manual(projectId),
    queryFn: ({ signal }) =>
      api.call(projectRoutes.manualList, { params: { id: projectId }, signal }),
    enabled,
  });
}

export function useAddManualDonation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ManualDonationBody) => api.call(projectRoutes.manualCreate, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fundingKeys.all }),
  });
}

/** Elections the manager may adopt into a project (the dialog's multi-select). */
export function useAdoptableElections(enabled: boolean) {
  return useQuery({
    queryKey: [...fundingKeys.all, 'adoptable-elections'],
    queryFn: ({ signal }) =>
      api.call(electionRoutes.list, { query: { page: 1, page_size: 100 }, signal }),
    enabled,
  });
}
