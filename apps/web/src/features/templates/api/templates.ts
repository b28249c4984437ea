import { useEffect, useMemo } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  buildPath,
  jobOperationRoutes,
  templateRoutes,
  type MappedTarget,
  type TargetMapImportBody,
  type TemplateImageKind,
} from '@scrutineer/contracts';
import { api } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/api-error';
import { fetchFile, saveBlob } from '../../../lib/api-files';

/** Query keys of the templates feature. */
export const templateKeys = {
  all: (jobId: number) => ['templates', jobId] as const,
  list: (jobId: number) => [...templateKeys.all(jobId), 'list'] as const,
  map: (jobId: number, style: string) => [...templateKeys.all(jobId), 'map', style] as const,
  stages: (jobId: number) => [...templateKeys.all(jobId), 'stages'] as const,
};

/** Stages that write or read the target maps: the server refuses a save while one runs. */
const MAP_STAGES: string[] = ['gentemplates', 'extractvote'];

/** The stage that holds saving back while it runs (gentemplates or extractvote), or null. */
export function useMapStageRunning(jobId: number): string | null {
  const stages = useQuery({
    queryKey: templateKeys.stages(jobId),
    queryFn: ({ signal }) => api.call(jobOperationRoutes.list, { params: { jobId }, signal }),
    refetchInterval: 3000,
    refetchIntervalInBackground: false,
  });
  return (
    stages.data?.items.find((o) => o.status === 'RUNNING' && MAP_STAGES.includes(o.operation))
      ?.operation ?? null
  );
}

export function useTemplates(jobId: number) {
  return useQuery({
    queryKey: templateKeys.list(jobId),
    queryFn: ({ signal }) => api.call(templateRoutes.list, { params: { jobId }, signal }),
  });
}

export const targetMapQuery = (jobId: number, style: string) => ({
  queryKey: templateKeys.map(jobId, style),
  queryFn: ({ signal }: { signal?: AbortSignal }) =>
    api.call(templateRoutes.get, { params: { jobId, style }, signal }),
});

export function useTargetMap(jobId: number, style: string) {
  return useQuery(targetMapQuery(jobId, style));
}

/** Saves, imports or restores a map; the job's templates and stages are read again. */
export function useSaveTargetMap(jobId: number, style: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (
      change:
        | { kind: 'save'; targets: MappedTarget[] }
        | { kind: 'import'; body: TargetMapImportBody }
        | { kind: 'restore' },
    ) =>
      change.kind === 'save'
        ? api.call(templateRoutes.save, {
            params: { jobId, style },
            body: { targets: change.targets },
          })
        : change.kind === 'import'
          ? api.call(templateRoutes.import, { params: { jobId, style }, body: change.body })
          : api.call(templateRoutes.restore, { params: { jobId, style } }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: templateKeys.all(jobId) });
      await client.invalidateQueries({ queryKey: ['operations'] });
    },
  });
}

/**
 * An image of a style side as an object URL, fetched behind the session's token. The bytes stay
 * in the query cache, so a card shown again (back from the mapper) draws at once.
 */
export function useTemplateImage(
  jobId: number,
  style: string,
  kind: TemplateImageKind,
  enabled = true,
) {
  const image = useQuery({
    queryKey: ['template-images', jobId, style, kind],
    queryFn: () => fetchFile(`/api${buildPath(templateRoutes.image.path, { jobId, style, kind })}`),
    enabled,
    staleTime: 60_000,
  });
  const url = useMemo(() => (image.data ? URL.createObjectURL(image.data) : null), [image.data]);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return { url, error: image.error ? errorMessage(image.error) : null };
}

export async function exportTargetMap(jobId: number, style: string, format: 'json' | 'csv') {
  const path = buildPath(templateRoutes.export.path, { jobId, style });
  const blob = await fetchFile(`/api${path}?format=${format}`);
  saveBlob(blob, `job-${jobId}-style-${style}-targets.${format}`);
}
