import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineRoute, profileRoutes, type Session } from '@scrutineer/contracts';
import { stubBrowser } from './test-browser';

stubBrowser();
const { api } = await import('./api-client');
const { ApiError } = await import('./api-error');
const { getSession, setSession } = await import('./session');

function jwt(exp: number): string {
  return `h.${btoa(JSON.stringify({ exp }))}.s`;
}

function session(token: string, refresh = 'refresh-1'): Session {
  return {
    access_token: token,
    refresh_token: refresh,
    expires_in: 900,
    id: 7,
    user_id: 7,
    role: 'User',
    subscriptionPlan: 1,
    test_job: false,
  };
}

const profile = {
  id: 7,
  first_name: 'Uma',
  last_name: 'User',
  email: 'uma@example.org',
  phone_number: '',
  role: 'User',
  country: 'US',
  state: 'CA',
  zip_code: '',
  verified: true,
  subscriptionPlan: 1,
  project_permission: false,
  test_job: false,
  run_adjudicator: false,
  run_audit: false,
  run_targetmapper: false,
  fullAuth: false,
  created_at: '2026-01-01T00:00:00.000Z',
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const inFuture = Math.floor(Date.now() / 1000) + 600;
let fetchMock: ReturnType<typeof vi.fn>;

function headerOf(call: number, name: string): string | undefined {
  const init = fetchMock.mock.calls[call]?.[1] as RequestInit | undefined;
  return (init?.headers as Record<string, string> | undefined)?.[name];
}

beforeEach(() => {
  stubBrowser();
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => vi.unstubAllGlobals());

describe('api.call', () => {
  it('sends the bearer token of the stored session and parses the answer', async () => {
    setSession(session(jwt(inFuture)));
    fetchMock.mockResolvedValueOnce(json(200, profile));
    const answer = await api.call(profileRoutes.getProfile);
    expect(answer.first_name).toBe('Uma');
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/profile');
    expect(headerOf(0, 'Authorization')).toBe(`Bearer ${jwt(inFuture)}`);
  });

  it('refreshes once on 401 and retries with the new token', async () => {
    setSession(session(jwt(inFuture)));
    const renewed = session(jwt(inFuture + 1), 'refresh-2');
    fetchMock
      .mockResolvedValueOnce(json(401, { error: 'expired' }))
      .mockResolvedValueOnce(json(200, renewed))
      .mockResolvedValueOnce(json(200, profile));
    await api.call(profileRoutes.getProfile);
    expect(fetchMock.mock.calls[1]?.[0]).toBe('/api/auth/refresh');
    expect(headerOf(2, 'Authorization')).toBe(`Bearer ${jwt(inFuture + 1)}`);
    expect(getSession()?.refresh_token).toBe('refresh-2');
  });

  it('signs out when the refresh token is refused', async () => {
    setSession(session(jwt(inFuture)));
    fetchMock
      .mockResolvedValueOnce(json(401, { error: 'expired' }))
      .mockResolvedValueOnce(json(401, { error: 'Session expired. Please sign in again.' }));
    await expect(api.call(profileRoutes.getProfile)).rejects.toBeInstanceOf(ApiError);
    expect(getSession()).toBeNull();
  });

  it("throws the server's error text", async () => {
    fetchMock.mockResolvedValueOnce(json(400, { error: 'Email must be a valid email address.' }));
    await expect(api.call(profileRoutes.getProfile)).rejects.toThrow(
      'Email must be a valid email address.',
    );
  });

  it('fills path parameters and the query string', async () => {
    const route = defineRoute({
      method: 'GET',
      path: '/things/:id',
      summary: 'test',
      tags: [],
      params: z.object({ id: z.number() }),
      query: z.object({ q: z.string() }),
      response: z.object({ ok: z.boolean() }),
    });
    fetchMock.mockResolvedValueOnce(json(200, { ok: true }));
    await api.call(route, { params: { id: 4 }, query: { q: 'a b' } });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/things/4?q=a+b');
  });
});
