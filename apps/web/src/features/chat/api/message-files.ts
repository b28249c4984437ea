import { useQuery } from '@tanstack/react-query';
import { chatRoutes, uploadMessageFilesSchema } from '@scrutineer/contracts';
import { refreshSession } from '../../../lib/api-client';
import { ApiError, messageFromBody } from '../../../lib/api-error';
import { getSession, needsRenewal } from '../../../lib/session';
import { chatKeys } from './chat-keys';

async function authorised(url: string, init: RequestInit = {}): Promise<Response> {
  if (getSession() && needsRenewal()) await refreshSession();
  const send = () =>
    fetch(url, {
      ...init,
      headers: { Authorization: `Bearer ${getSession()?.access_token ?? ''}` },
    });
  let response = await send();
  if (response.status === 401 && (await refreshSession())) response = await send();
  return response;
}

/** Uploads files onto one of the user's messages (multipart message_id, files[], type, job_id). */
export async function uploadMessageFiles(input: {
  messageId: number;
  jobId: number;
  files: File[];
  duration?: number;
}) {
  const form = new FormData();
  form.append('message_id', String(input.messageId));
  form.append('job_id', String(input.jobId));
  form.append('type', input.files.every((f) => f.type.startsWith('image/')) ? 'image' : 'file');
  if (input.duration !== undefined) form.append('duration', String(input.duration));
  for (const file of input.files) form.append('files[]', file, file.name);
  const response = await authorised(`/api${chatRoutes.uploadMessageFiles.path}`, {
    method: 'POST',
    body: form,
  });
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw new ApiError(response.status, messageFromBody(body, response.status));
  return uploadMessageFilesSchema.parse(body);
}

/**
 * A message file as an object URL: files are served to room members only, with the bearer
 * token, so an <img> or <audio> cannot fetch them by address.
 */
export function useFileUrl(url: string) {
  const query = useQuery({
    queryKey: chatKeys.file(url),
    queryFn: async () => {
      const response = await authorised(url);
      if (!response.ok) throw new ApiError(response.status, 'File not available.');
      return URL.createObjectURL(await response.blob());
    },
    staleTime: Infinity,
    gcTime: 10 * 60_000,
  });
  return query;
}

/** Measures an audio file's length in seconds, as its message shows it. */
export function audioDuration(file: File): Promise<number | undefined> {
  return new Promise((resolve) => {
    const audio = document.createElement('audio');
    const url = URL.createObjectURL(file);
    const done = (value: number | undefined) => {
      URL.revokeObjectURL(url);
      resolve(value);
    };
    audio.preload = 'metadata';
    audio.onloadedmetadata = () =>
      done(Number.isFinite(audio.duration) ? audio.duration : undefined);
    audio.onerror = () => done(undefined);
    audio.src = url;
  });
}
