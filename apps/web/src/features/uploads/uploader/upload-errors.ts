import { ApiError } from '../../../lib/api-error';

/** The text a failed upload shows: the server's answer where there is one (spec part 2 §8). */
export function uploadErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  const source: unknown = (error as { source?: unknown } | null)?.source;
  const status = (source as { status?: unknown } | null)?.status;
  if (typeof status === 'number' && status > 0)
    return `Upload failed: a part was refused (${status}).`;
  if (typeof status === 'number') return 'Upload failed: the connection was lost.';
  return 'Upload failed';
}
