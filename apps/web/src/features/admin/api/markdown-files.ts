import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { markdownRoutes, type MarkdownEditBody } from '@scrutineer/contracts';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** The markdown pages (GET /markdown-settings). */
export function useMarkdownFiles() {
  return useQuery({
    queryKey: adminKeys.markdown(),
    queryFn: ({ signal }) => api.call(markdownRoutes.list, { signal }),
  });
}

/** One page with its content, for the Edit Markdown dialog. */
export function useMarkdownFile(id: number) {
  return useQuery({
    queryKey: adminKeys.markdownDetail(id),
    queryFn: ({ signal }) => api.call(markdownRoutes.get, { params: { id }, signal }),
  });
}

/** PUT /markdown-settings-edit/{id}. */
export function useEditMarkdown(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MarkdownEditBody) =>
      api.call(markdownRoutes.edit, { params: { id }, body: { ...body, id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.markdown() }),
  });
}

/** DELETE /markdown-settings/{id}. */
export function useDeleteMarkdown() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(markdownRoutes.remove, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.markdown() }),
  });
}
