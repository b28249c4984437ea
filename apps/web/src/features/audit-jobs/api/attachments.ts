import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { attachmentRoutes } from '@scrutineer/contracts';
import { api } from '../../../lib/api-client';
import { fetchFile, postMultipart } from '../../../lib/api-files';
import { jobKeys } from './job-keys';

export function useAttachments(jobId: number) {
  return useQuery({
    queryKey: jobKeys.attachments(jobId),
    queryFn: ({ signal }) => api.call(attachmentRoutes.list, { params: { id: jobId }, signal }),
  });
}

/** Uploads the file, then saves its markdown description: the two calls of the spec. */
export function useAttach(jobId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { file: File; description: string }) => {
      const form = new FormData();
      form.append('job_id', String(jobId));
      form.append('files', input.file, input.file.name);
      const uploaded = attachmentRoutes.upload.response.parse(
        await postMultipart('/upload-attech-files', form),
      );
      try {
        return await api.call(attachmentRoutes.save, {
          body: { job_id: jobId, id: uploaded.id, description: input.description },
        });
      } catch (error) {
        // A file whose description was refused is never listed: take it back at once rather
        // than leave it to the server's sweep of undescribed uploads.
        await api.call(attachmentRoutes.remove, { params: { id: uploaded.id } }).catch(() => {});
        throw error;
      }
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jobKeys.attachments(jobId) }),
  });
}

export function useDeleteAttachment(jobId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(attachmentRoutes.remove, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jobKeys.attachments(jobId) }),
  });
}

/** Opens an attachment in a new tab from its bytes. */
export async function openAttachment(url: string) {
  // The tab opens during the click, so that no popup blocker stops it while the bytes load.
  const tab = window.open('', '_blank');
  const blob = await fetchFile(url);
  const href = URL.createObjectURL(blob);
  if (tab) tab.location.href = href;
  else window.location.assign(href);
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
