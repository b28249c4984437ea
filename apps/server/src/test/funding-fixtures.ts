import { expect } from 'vitest';
import type { PaymentSession, Project } from '@scrutineer/contracts';
import type { TestServer } from './harness.js';

/** Creates a project through the API as someone with project_permission. */
export async function createProject(
  server: TestServer,
  token: string,
  overrides: Record<string, unknown> = {},
): Promise<Project> {
  const answer = await server.call<{ project: Project }>('POST', '/projects', {
    token,
    body: {
      name: `Recount ${Math.random().toString(36).slice(2, 8)}`,
      description: 'Fund a hand count',
      election_date: '11-03-2026',
      country: 'US',
      state: 'Georgia',
      donation_target: 5000,
      pro_intro: '# Why\n\nEvery ballot **counts**.',
      avaliblity: 'Public',
      active: true,
      ...overrides,
    },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.project;
}

export async function grantProjectPermission(server: TestServer, userId: number) {
  await server.deps.database.executeSql(
    'UPDATE users SET project_permission = true WHERE id = $1',
    [userId],
  );
}

/** Submits the local provider's hosted checkout form; answers the status and redirect. */
export async function submitLocalCheckout(
  server: TestServer,
  session: PaymentSession,
  form: Record<string, string> = {},
): Promise<{ status: number; location: string | null; html: string }> {
  const response = await fetch(`${server.url}${session.url}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      card: '4242 4242 4242 4242',
      name: 'Dana Donor',
      email: 'dana@example.org',
      state: 'GA',
      action: 'pay',
      ...form,
    }).toString(),
  });
  return {
    status: response.status,
    location: response.headers.get('location'),
    html: await response.text(),
  };
}

export async function projectReceived(server: TestServer, projectId: number): Promise<number> {
  const { rows } = await server.deps.database.executeSql(
    'SELECT received_cents FROM projects WHERE id = $1',
    [projectId],
  );
  return Number((rows[0] as { received_cents: string | number }).received_cents);
}
