import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { attachmentRoutes } from '@scrutineer/contracts';
import { api } from '../../../lib/api-client';
import { fetchFile, postMultipart, saveBlob } from '../../../lib/api-files';
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

/**
 * Saves an attachment as a download. It is never opened as a page: a page made from its bytes
 * here would belong to the app's origin, where the session lives.
 */
export async function downloadAttachment(url: string, fileName: string) {
  saveBlob(await fetchFile(url), fileName);
}
