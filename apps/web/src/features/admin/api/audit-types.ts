import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  auditTypeRoutes,
  type ArgGroupBody,
  type ArgumentBody,
  type AuditTypeBody,
} from '@scrutineer/contracts';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** GET /audit-types. */
export function useAuditTypes() {
  return useQuery({
    queryKey: adminKeys.auditTypes(),
    queryFn: ({ signal }) => api.call(auditTypeRoutes.list, { signal }),
  });
}

/** The argument groups of one audit type with their arguments (GET /arg-specs). */
export function useArgSpecs(auditTypeId: string | null) {
  return useQuery({
    queryKey: adminKeys.argSpecs(auditTypeId ?? ''),
    queryFn: ({ signal }) =>
      api.call(auditTypeRoutes.argSpecs, {
        query: { audit_type_id: auditTypeId ?? '' },
        signal,
      }),
    enabled: auditTypeId !== null,
  });
}

/** The stages an argument can name (GET /arg-specs/stages). */
export function useArgStages() {
  return useQuery({
    queryKey: [...adminKeys.all, 'arg-stages'],
    queryFn: ({ signal }) => api.call(auditTypeRoutes.stages, { signal }),
    staleTime: Infinity,
  });
}

function useInvalidateTypes() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: adminKeys.auditTypes() });
}

/** POST /audit-types when new, else PUT /audit-types/{id}. */
export function useSaveAuditType(editing: string | null) {
  const invalidate = useInvalidateTypes();
  return useMutation({
    mutationFn: (body: AuditTypeBody) =>
      editing === null
        ? api.call(auditTypeRoutes.create, { body })
        : api.call(auditTypeRoutes.update, { params: { id: editing }, body }),
    onSuccess: invalidate,
  });
}

/** DELETE /audit-types/{id}: its groups and arguments go with it. */
export function useDeleteAuditType() {
  const invalidate = useInvalidateTypes();
  return useMutation({
    mutationFn: (id: string) => api.call(auditTypeRoutes.remove, { params: { id } }),
    onSuccess: invalidate,
  });
}

/** POST /arg-groups when new, else PUT /arg-groups/{id}. */
export function useSaveArgGroup(editing: number | null) {
  const invalidate = useInvalidateTypes();
  return useMutation({
    mutationFn: (body: ArgGroupBody) =>
      editing === null
        ? api.call(auditTypeRoutes.createGroup, { body })
        : api.call(auditTypeRoutes.updateGroup, { params: { id: editing }, body }),
    onSuccess: invalidate,
  });
}

/** DELETE /arg-groups/{id}. */
export function useDeleteArgGroup() {
  const invalidate = useInvalidateTypes();
  return useMutation({
    mutationFn: (id: number) => api.call(auditTypeRoutes.removeGroup, { params: { id } }),
    onSuccess: invalidate,
  });
}

/** POST /arguments when new, else PUT /arguments/{id}. */
export function useSaveArgument(editing: number | null) {
  const invalidate = useInvalidateTypes();
  return useMutation({
    mutationFn: (body: ArgumentBody) =>
      editing === null
        ? api.call(auditTypeRoutes.createArgument, { body })
        : api.call(auditTypeRoutes.updateArgument, { params: { id: editing }, body }),
    onSuccess: invalidate,
  });
}

/** DELETE /arguments/{id}. */
export function useDeleteArgument() {
  const invalidate = useInvalidateTypes();
  return useMutation({
    mutationFn: (id: number) => api.call(auditTypeRoutes.removeArgument, { params: { id } }),
    onSuccess: invalidate,
  });
}
