import { useMutation, useQueryClient } from '@tanstack/react-query';
import { buildPath, markdownRoutes, type MarkdownFile } from '@scrutineer/contracts';
import { refreshSession } from '../../../lib/api-client';
import { ApiError, messageFromBody } from '../../../lib/api-error';
import { getSession, needsRenewal } from '../../../lib/session';
import { adminKeys } from './admin-keys';

/** A signed-in request that is not JSON (a form upload or a file download). */
async function authorizedFetch(url: string, init: RequestInit = {}): Promise<Response> {
  if (getSession() && needsRenewal()) await refreshSession();
  const send = () =>
    fetch(url, {
      ...init,
      headers: { Authorization: `Bearer ${getSession()?.access_token ?? ''}` },
    });
  let response = await send();
  if (response.status === 401 && (await refreshSession())) response = await send();
  if (!response.ok) {
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON: the status alone tells.
    }
    throw new ApiError(response.status, messageFromBody(body, response.status));
  }
  return response;
}

export interface MarkdownUploadInput {
  title: string;
  fileType: string;
  files: File[];
}

/** POST /markdown-settings/upload (multipart: title, file_type, file). */
export function useUploadMarkdown() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: MarkdownUploadInput) => {
      const form = new FormData();
      form.append('title', input.title);
      form.append('file_type', input.fileType);
      for (const file of input.files) form.append('file', file, file.name);
      const response = await authorizedFetch(`/api${markdownRoutes.upload.path}`, {
        method: 'POST',
        body: form,
        signal: AbortSignal.timeout(60 * 60 * 1000),
      });
      return markdownRoutes.upload.response.parse(await response.json());
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.markdown() }),
  });
}

/** Saves a markdown page's file through the browser's download. */
export async function downloadMarkdown(file: MarkdownFile): Promise<void> {
  const response = await authorizedFetch(
    `/api${buildPath(markdownRoutes.download.path, { id: file.id })}`,
  );
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = file.file_name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
