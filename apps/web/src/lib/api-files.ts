import { ApiError, messageFromBody } from './api-error';
import { refreshSession } from './api-client';
import { getSession, isExpired } from './session';

async function withToken(
  url: string,
  init: { method: string; body?: FormData },
): Promise<Response> {
  if (getSession() && isExpired()) await refreshSession();
  const send = () =>
    fetch(url, {
      method: init.method,
      body: init.body,
      headers: { Authorization: `Bearer ${getSession()?.access_token ?? ''}` },
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
