import { authRoutes, buildPath, type RouteContract } from '@scrutineer/contracts';
import { ApiError, messageFromBody } from './api-error';
import type { CallArgs, CallInput, CallResult } from './api-types';
import { clearSession, getSession, needsRenewal, setSession } from './session';

const API_BASE = '/api';

type Route = RouteContract;

let refreshing: Promise<boolean> | null = null;

function toQueryString(query: unknown): string {
  if (typeof query !== 'object' || query === null) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function send(route: Route, input: Partial<CallInput<Route>>, token?: string) {
  const params = input.params as Record<string, string | number> | undefined;
  const url = `${API_BASE}${buildPath(route.path, params)}${toQueryString(input.query)}`;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (input.body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    return await fetch(url, {
      method: route.method,
      headers,
      body: input.body === undefined ? undefined : JSON.stringify(input.body),
      signal: input.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'Unable to reach the server. Please check your connection.');
  }
}

/**
 * Exchanges the stored refresh token for a new session, once for all concurrent callers.
 * Resolves false (and signs out) when the server refuses it.
 */
export function refreshSession(): Promise<boolean> {
  const refreshToken = getSession()?.refresh_token;
  if (!refreshToken) return Promise.resolve(false);
  refreshing ??= (async () => {
    try {
      const response = await send(authRoutes.refresh, { body: { refresh_token: refreshToken } });
      const parsed = authRoutes.refresh.response.safeParse(await readBody(response));
      if (!response.ok || !parsed.success) {
        clearSession('expired');
        return false;
      }
      setSession(parsed.data);
      return true;
    } catch {
      // Offline: keep the session so a later call can try again.
      return false;
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

const SESSION_ROUTES: readonly Route[] = [
  authRoutes.signIn,
  authRoutes.refresh,
  authRoutes.signOut,
];

async function call<R extends Route>(route: R, ...args: CallArgs<R>): Promise<CallResult<R>> {
  const input: Partial<CallInput<Route>> = args[0] ?? {};
  const usesSession = !SESSION_ROUTES.includes(route);
  if (usesSession && getSession() && needsRenewal()) await refreshSession();

  let response = await send(route, input, usesSession ? getSession()?.access_token : undefined);
  if (response.status === 401 && usesSession && getSession()) {
    if (await refreshSession()) response = await send(route, input, getSession()?.access_token);
  }

  const body = await readBody(response);
  if (!response.ok) throw new ApiError(response.status, messageFromBody(body, response.status));
  const parsed = route.response.safeParse(body);
  if (!parsed.success) {
    throw new ApiError(response.status, 'The server sent an answer this app does not understand.');
  }
  return parsed.data as CallResult<R>;
}

/** The one typed HTTP client: every call is a contract route from `@scrutineer/contracts`. */
export const api = { call };
