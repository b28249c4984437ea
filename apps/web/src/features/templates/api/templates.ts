import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  buildPath,
  templateRoutes,
  type MappedTarget,
  type TargetMapImportBody,
  type TemplateImageKind,
} from '@scrutineer/contracts';
import { api } from '../../../lib/api-client';
import { fetchFile, saveBlob } from '../../../lib/api-files';

/** Query keys of the templates feature. */
export const templateKeys = {
  all: (jobId: number) => ['templates', jobId] as const,
  list: (jobId: number) => [...templateKeys.all(jobId), 'list'] as const,
  map: (jobId: number, style: string) => [...templateKeys.all(jobId), 'map', style] as const,
};

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

/** An image of a style side as an object URL, fetched behind the session's token. */
export function useTemplateImage(
  jobId: number,
  style: string,
  kind: TemplateImageKind,
  enabled = true,
) {
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!enabled) return undefined;
    let href: string | null = null;
    let live = true;
    fetchFile(`/api${buildPath(templateRoutes.image.path, { jobId, style, kind })}`)
      .then((blob) => {
        if (!live) return;
        href = URL.createObjectURL(blob);
        setUrl(href);
      })
      .catch((e: unknown) => live && setError(e instanceof Error ? e.message : String(e)));
    return () => {
      live = false;
      if (href) URL.revokeObjectURL(href);
    };
  }, [jobId, style, kind, enabled]);
  return { url, error };
}

export async function exportTargetMap(jobId: number, style: string, format: 'json' | 'csv') {
  const path = buildPath(templateRoutes.export.path, { jobId, style });
  const blob = await fetchFile(`/api${path}?format=${format}`);
  saveBlob(blob, `job-${jobId}-style-${style}-targets.${format}`);
}
