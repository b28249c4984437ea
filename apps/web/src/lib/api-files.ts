import { ApiError, messageFromBody } from './api-error';
import { refreshSession } from './api-client';
import { getSession, needsRenewal } from './session';

interface TokenInit {
  method: string;
  body?: FormData;
  signal?: AbortSignal;
  /** Skip every cache on the way (a log that grows while it is read). */
  noCache?: boolean;
}

async function withToken(url: string, init: TokenInit): Promise<Response> {
  if (getSession() && needsRenewal()) await refreshSession();
  const noCache: Record<string, string> = init.noCache
    ? { 'Cache-Control': 'no-cache', Pragma: 'no-cache' }
    : {};
  const send = () =>
    fetch(url, {
      method: init.method,
      body: init.body,
      signal: init.signal,
      cache: init.noCache ? 'no-store' : 'default',
      headers: { Authorization: `Bearer ${getSession()?.access_token ?? ''}`, ...noCache },
    });
  let response = await send();
  if (response.status === 401 && getSession() && (await refreshSession())) response = await send();
  return response;
}

async function failed(response: Response): Promise<ApiError> {
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: the text itself is the message.
  }
  return new ApiError(response.status, messageFromBody(body, response.status));
}

/** Posts a multipart form to an API path with the session's bearer token; answers the JSON body. */
export async function postMultipart(path: string, form: FormData): Promise<unknown> {
  const response = await withToken(`/api${path}`, { method: 'POST', body: form });
  if (!response.ok) throw await failed(response);
  return response.json();
}

/** Reads a file the API serves behind the bearer token. */
export async function fetchFile(url: string): Promise<Blob> {
  const response = await withToken(url, { method: 'GET' });
  if (!response.ok) throw await failed(response);
  return response.blob();
}

/** Reads a text the API serves behind the bearer token, past every cache (operation logs). */
export async function fetchFreshText(url: string, signal?: AbortSignal): Promise<string> {
  const response = await withToken(url, { method: 'GET', signal, noCache: true });
  if (!response.ok) throw await failed(response);
  return response.text();
}

/** Hands the browser a downloaded file under its name. */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
