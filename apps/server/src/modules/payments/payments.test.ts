import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FUNDING_MESSAGES,
  MESSAGES,
  type PaymentOutcome,
  type PaymentSession,
  type Project,
} from '@scrutineer/contracts';
import type { LocalProvider } from '../../platform/payments/index.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import {
  createAccount,
  createDistrict,
  createElection,
  type Account,
} from '../../test/elections-fixtures.js';
import {
  createProject,
  grantProjectPermission,
  projectReceived,
  submitLocalCheckout,
} from '../../test/funding-fixtures.js';
import { createJob } from '../../test/jobs-fixtures.js';

let server: TestServer;
let manager: Account;
let admin: Account;
let local: LocalProvider;

beforeAll(async () => {
  server = await startTestServer();
  [manager, admin] = await Promise.all([
    createAccount(server, { role: 'Client' }),
    createAccount(server, { role: 'Admin' }),
  ]);
  await grantProjectPermission(server, manager.id);
  local = server.deps.payments as LocalProvider;
});

afterAll(async () => {
  await server.close();
});

async function startProjectDonation(projectId: number, body: Record<string, unknown> = {}) {
  const answer = await server.call<PaymentSession>('POST', '/payment-session', {
    body: { project_id: projectId, price: 25, access: 1, host: server.url, ...body },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

function signedEvent(event: unknown) {
  const body = JSON.stringify(event);
  return fetch(`${server.url}/api/payments/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'scrutineer-signature': local.sign(body) },
    body,
  });
}

describe('project donations on the local provider', () => {
  it('runs a visitor through the test checkout and records the gift on return', async () => {
    const project = await createProject(server, manager.token, { donation_target: 100 });
    const session = await startProjectDonation(project.id);
    expect(session.provider).toBe('local');
    expect(session.url).toBe(`/api/local-checkout/${session.sessionId}`);

    const page = await fetch(`${server.url}${session.url}`);
    const html = await page.text();
    expect(html).toContain('TEST MODE');
    expect(html).toContain('$25');

    const paid = await submitLocalCheckout(server, session, { email: 'giver@example.org' });
    expect(paid.status).toBe(303);
    expect(paid.location).toBe(
      `http://scrutineer.test/project/success/${project.id}?session_id=${session.sessionId}`,
    );
    const outcome = await server.call<PaymentOutcome>(
      'GET',
      `/projectdonation-success/${session.sessionId}`,
    );
    expect(outcome.status).toBe(200);
    expect(outcome.body).toMatchObject({
      message: 'Your project donation is successfully completed!',
      kind: 'project',
      amount: 25,
      project_name: project.name,
      recurring: false,
    });
    const after = await server.call<Project>('GET', `/projects/${project.id}`);
    expect(after.body.received_donation).toBe(25);
    expect(after.body.progress).toBe(25);

    const [receipt] = await server.mailsTo('giver@example.org');
    expect(receipt?.subject).toBe('Receipt for your $25 donation');
    expect(receipt?.textBody).toContain(`Recipient: Project ${project.name}`);
    expect(receipt?.textBody).toContain('Recurring: no');
    expect(receipt?.textBody).toContain('tax deductible');
    expect(receipt?.textBody).toMatch(/Date: \d{2}\/\d{2}\/\d{4}/);
  });

  it('counts a session once when the success route and the webhook replay it 50 times at once', async () => {
    const project = await createProject(server, manager.token);
    const session = await startProjectDonation(project.id, { price: 40 });
    // Paid at the provider, but not yet reported to the app: every replay below races to be first.
    const paid = await local.pay(session.sessionId, {
      card: '4242424242424242',
      name: 'Rae Replay',
      email: 'rae@example.org',
    });
    expect(paid.ok).toBe(true);
    const checkout = await local.retrieveCheckout(session.sessionId);
    const replays = Array.from({ length: 50 }, (_, index) =>
      index % 2 === 0
        ? server.call('GET', `/projectdonation-success/${session.sessionId}`).then((a) => a.status)
        : signedEvent({ type: 'checkout.completed', checkout }).then((r) => r.status),
    );
    const statuses = await Promise.all(replays);
    expect(statuses.every((status) => status === 200)).toBe(true);
    expect(await projectReceived(server, project.id)).toBe(4000);
    const payments = await server.deps.database.executeSql(
      'SELECT count(*)::int AS n FROM payments WHERE session_id = $1',
      [session.sessionId],
    );
    expect(payments.rows[0]).toEqual({ n: 1 });
    expect(await server.mailsTo('rae@example.org')).toHaveLength(1);
  });

  it('refuses a signed event whose amount differs from the session, and counts nothing', async () => {
    const project = await createProject(server, manager.token);
    const session = await startProjectDonation(project.id, { price: 5 });
    const paid = await local.pay(session.sessionId, {
      card: '4242424242424242',
      name: 'Cy Changed',
      email: 'cy@example.org',
    });
    expect(paid.ok).toBe(true);
    const checkout = await local.retrieveCheckout(session.sessionId);
    if (!checkout) throw new Error('no checkout');
    const inflated = await signedEvent({
      type: 'checkout.completed',
      checkout: { ...checkout, amountCents: 500_000 },
    });
    expect(inflated.status).toBe(400);
    expect(await inflated.json()).toEqual({ error: FUNDING_MESSAGES.amountMismatch });
    expect(await projectReceived(server, project.id)).toBe(0);
    const payments = await server.deps.database.executeSql(
      'SELECT count(*)::int AS n FROM payments WHERE session_id = $1',
      [session.sessionId],
    );
    expect(payments.rows[0]).toEqual({ n: 0 });
    // The provider's own account of the session is still counted, at the asked amount.
    const outcome = await server.call('GET', `/projectdonation-success/${session.sessionId}`);
    expect(outcome.status).toBe(200);
    expect(await projectReceived(server, project.id)).toBe(500);
  });

  it('validates the amount and the visibility choice', async () => {
    const project = await createProject(server, manager.token);
    const empty = await server.call('POST', '/payment-session', {
      body: { project_id: project.id, price: '', access: 1 },
    });
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ error: 'price: Please Enter amount' });
    const noChoice = await server.call('POST', '/payment-session', {
      body: { project_id: project.id, price: 10 },
    });
    expect(noChoice.status).toBe(400);
    expect(noChoice.body).toEqual({ error: 'access: Please Choose any one option.' });
    const cents = await server.call('POST', '/payment-session', {
      body: { project_id: project.id, price: 10.005, access: 0 },
    });
    expect(cents.status).toBe(400);
    const unknown = await server.call('POST', '/project-donation', {
      body: { project_id: 999999, price: 10, access: 0 },
    });
    expect(unknown.status).toBe(404);
  });

  it('returns to the public address only, whatever the host field or the Host headers say', async () => {
    const project = await createProject(server, manager.token);
    for (const [host, headers] of [
      ['https://evil.example', {}],
      [server.url, {}],
      ['http://evil.example', { host: 'evil.example' }],
      [
        'https://evil.example',
        { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
      ],
    ] as const) {
      const answer = await fetch(`${server.url}/api/payment-session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ project_id: project.id, price: 25, access: 1, host }),
      });
      expect(answer.status, JSON.stringify(headers)).toBe(200);
      const session = (await answer.json()) as PaymentSession;
      const row = await local.find(session.sessionId);
      expect(row?.successUrl, host).toMatch(/^http:\/\/scrutineer\.test\/project\/success\//);
      expect(row?.cancelUrl, host).toMatch(/^http:\/\/scrutineer\.test\//);
    }
  });

  it('refuses an unpaid, an unknown and a mismatched session', async () => {
    const project = await createProject(server, manager.token);
    const session = await startProjectDonation(project.id);
    const unpaid = await server.call('GET', `/projectdonation-success/${session.sessionId}`);
    expect(unpaid.status).toBe(400);
    expect(unpaid.body).toEqual({ error: FUNDING_MESSAGES.sessionUnpaid });
    const unknown = await server.call('GET', '/projectdonation-success/cs_local_nothing');
    expect(unknown.status).toBe(404);
    const wrongKind = await server.call('GET', `/payment-success/${session.sessionId}`);
    expect(wrongKind.status).toBe(400);
    expect(wrongKind.body).toEqual({ error: FUNDING_MESSAGES.sessionKind });
  });

  it('declines the declined test card and an invalid number, and cancels back', async () => {
    const project = await createProject(server, manager.token);
    const session = await startProjectDonation(project.id);
    const declined = await submitLocalCheckout(server, session, { card: '4000 0000 0000 0002' });
    expect(declined.status).toBe(400);
    expect(declined.html).toContain('Your card was declined.');
    const invalid = await submitLocalCheckout(server, session, { card: '1234' });
    expect(invalid.html).toContain('Your card number is invalid.');
    const canceled = await submitLocalCheckout(server, session, { action: 'cancel' });
    expect(canceled.status).toBe(303);
    expect(canceled.location).toBe(`http://scrutineer.test/project/cancle/${project.id}`);
    expect(await projectReceived(server, project.id)).toBe(0);
  });

  it('marks a monthly gift as recurring in the receipt', async () => {
    const project = await createProject(server, manager.token);
    const session = await startProjectDonation(project.id, { recurring: true, price: 15 });
    await submitLocalCheckout(server, session, { email: 'monthly@example.org' });
    const [receipt] = await server.mailsTo('monthly@example.org');
    expect(receipt?.textBody).toContain('Recurring: yes, every month');
  });
});

describe('the webhook', () => {
  it('refuses a missing, tampered or stale signature', async () => {
    const body = JSON.stringify({ type: 'ignored', name: 'x' });
    const missing = await fetch(`${server.url}/api/payments/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ error: FUNDING_MESSAGES.webhookSignature });
    const tampered = await fetch(`${server.url}/api/payments/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'scrutineer-signature': local.sign(body) },
      body: body.replace('x', 'y'),
    });
    expect(tampered.status).toBe(400);
    const stale = await fetch(`${server.url}/api/payments/webhook`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'scrutineer-signature': local.sign(body, Math.floor(Date.now() / 1000) - 3600),
      },
      body,
    });
    expect(stale.status).toBe(400);
    const good = await signedEvent({ type: 'ignored', name: 'x' });
    expect(good.status).toBe(200);
  });
});

describe('audit donations', () => {
  it('splits a donation over jobs, moving each job and the list', async () => {
    const district = await createDistrict(server, manager.token);
    const election = await createElection(server, manager.token, district.id);
    const jobs = await Promise.all(
      ['North', 'South', 'East'].map((name) =>
        createJob(server, manager.token, election.id, { name }),
      ),
    );
    const lines = [
      { audit_id: jobs[0]!.id, amount: 33.34 },
      { audit_id: jobs[1]!.id, amount: 33.33 },
      { audit_id: jobs[2]!.id, amount: 33.33 },
    ];
    const mismatch = await server.call('POST', '/donation-payment', {
      body: { audit_ids: lines, price: 99, host: server.url },
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body).toEqual({ error: FUNDING_MESSAGES.priceMismatch });
    const negative = await server.call('POST', '/donation-payment', {
      body: { audit_ids: [{ audit_id: jobs[0]!.id, amount: -1 }], price: 1 },
    });
    expect(negative.body).toEqual({ error: 'audit_ids.0.amount: input must be positive' });
    const session = await server.call<PaymentSession>('POST', '/donation-payment', {
      body: { audit_ids: JSON.stringify(lines), price: 100, host: server.url },
    });
    expect(session.status, JSON.stringify(session.body)).toBe(200);
    const paid = await submitLocalCheckout(server, session.body, { email: 'jobs@example.org' });
    expect(paid.location).toBe(
      `http://scrutineer.test/public/success?session_id=${session.body.sessionId}`,
    );
    const outcome = await server.call<PaymentOutcome>(
      'GET',
      `/payment-success/${session.body.sessionId}`,
    );
    expect(outcome.body.message).toBe('Your donation is successfully completed!');
    const open = await server.call<{ items: { id: number; received_donation: number }[] }>(
      'GET',
      '/get-audit',
    );
    const received = new Map(open.body.items.map((job) => [job.id, job.received_donation]));
    expect(jobs.map((job) => received.get(job.id))).toEqual([33.34, 33.33, 33.33]);
    const [receipt] = await server.mailsTo('jobs@example.org');
    expect(receipt?.textBody).toContain('North ($33.34)');
  });

  it('refuses a job that is not open', async () => {
    const district = await createDistrict(server, manager.token);
    const closed = await createElection(server, manager.token, district.id, { privacy: 'Closed' });
    const job = await createJob(server, manager.token, closed.id);
    const answer = await server.call('POST', '/donation-payment', {
      body: { audit_ids: [{ audit_id: job.id, amount: 5 }], price: 5 },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ error: FUNDING_MESSAGES.jobNotOpen });
  });
});

describe('fundraising list', () => {
  it('shows every payment to an Admin and refuses others', async () => {
    const project = await createProject(server, manager.token, { name: 'Ledger Project' });
    const session = await startProjectDonation(project.id, { price: 12 });
    await submitLocalCheckout(server, session, { name: 'Lou Ledger', city: 'Macon' });
    const list = await server.call<{ payments: Record<string, unknown>[] }>(
      'GET',
      '/donation-list?search=ledger',
      { token: admin.token },
    );
    expect(list.body.payments[0]).toMatchObject({
      transaction_id: session.sessionId,
      project_name: 'Ledger Project',
      name: 'Lou Ledger',
      price: 12,
      city: 'Macon',
    });
    const refused = await server.call('GET', '/donation-list', { token: manager.token });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: MESSAGES.adminOnly });
  });
});
