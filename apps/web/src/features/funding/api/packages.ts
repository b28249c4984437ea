import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { packageRoutes, type PackageBody } from '@scrutineer/contracts';
import { api } from '../../../lib/api-client';
import { fundingKeys } from './funding-keys';

export type PackageInput = PackageBody;

export function usePackages(search: string) {
  return useQuery({
    queryKey: fundingKeys.packages(search),
    queryFn: ({ signal }) => api.call(packageRoutes.list, { query: { search }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useActivePackages() {
  return useQuery({
    queryKey: fundingKeys.activePackages(),
    queryFn: ({ signal }) => api.call(packageRoutes.active, { signal }),
  });
}

export function useSavePackage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: PackageInput }) =>
      id
        ? api.call(packageRoutes.update, { params: { id }, body })
        : api.call(packageRoutes.create, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fundingKeys.all }),
  });
}

export function useMySubscriptions() {
  return useQuery({
    queryKey: fundingKeys.subscriptions(),
    queryFn: ({ signal }) => api.call(packageRoutes.mine, { signal }),
  });
}
