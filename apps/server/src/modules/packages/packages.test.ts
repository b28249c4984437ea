import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FUNDING_MESSAGES,
  MESSAGES,
  type Package,
  type PaymentOutcome,
  type PaymentSession,
  type Subscription,
} from '@scrutineer/contracts';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { createAccount, type Account } from '../../test/elections-fixtures.js';
import { submitLocalCheckout } from '../../test/funding-fixtures.js';
import { expireSubscriptions } from './index.js';

let server: TestServer;
let admin: Account;
let buyer: Account;

beforeAll(async () => {
  server = await startTestServer();
  [admin, buyer] = await Promise.all([
    createAccount(server, { role: 'Admin' }),
    createAccount(server, { plan: 0 }),
  ]);
});

afterAll(async () => {
  await server.close();
});

async function addPackage(overrides: Record<string, unknown> = {}) {
  const answer = await server.call<{ message: string; package: Package }>('POST', '/packages', {
    token: admin.token,
    body: {
      name: 'Auditor',
      description: 'Run audits',
      monthlyPrice: 20,
      yearlyPrice: 200,
      ...overrides,
    },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
}

async function planOf(userId: number): Promise<number> {
  const { rows } = await server.deps.database.executeSql(
    'SELECT subscription_plan FROM users WHERE id = $1',
    [userId],
  );
  return (rows[0] as { subscription_plan: number }).subscription_plan;
}

describe('packages', () => {
  it('adds, edits, deactivates and deletes a package; only Active ones are offered', async () => {
    const saved = await addPackage({ name: 'Starter' });
    expect(saved.message).toBe('Audit Package Created or Updated');
    expect(saved.package).toMatchObject({
      name: 'Starter',
      monthlyPrice: 20,
      yearlyPrice: 200,
      status: 'Active',
      can: { update: true },
    });
    const id = saved.package.id;
    const edited = await server.call<{ package: Package }>('PUT', `/packages/${id}`, {
      token: admin.token,
      body: { name: 'Starter', monthlyPrice: '25', yearlyPrice: '250', status: 'Deactive' },
    });
    expect(edited.body.package).toMatchObject({ monthlyPrice: 25, status: 'Deactive' });
    const offered = await server.call<{ packages: Package[] }>('GET', '/active-packages', {
      token: buyer.token,
    });
    expect(offered.body.packages.map((p) => p.id)).not.toContain(id);
    await server.call('PUT', `/packages/${id}`, {
      token: admin.token,
      body: { name: 'Starter', monthlyPrice: 25, yearlyPrice: 250, status: 'Deleted' },
    });
    const list = await server.call<{ packages: Package[] }>('GET', '/packages', {
      token: admin.token,
    });
    expect(list.body.packages.map((p) => p.id)).not.toContain(id);
    expect((await server.call('GET', `/packages/${id}`, { token: admin.token })).status).toBe(404);
  });

  it("validates with the spec's words: 'Required.' and 'Invalid value.'", async () => {
    const noName = await server.call('POST', '/packages', {
      token: admin.token,
      body: { name: '', monthlyPrice: 1, yearlyPrice: 1 },
    });
    expect(noName.body).toEqual({ error: 'name: Required.' });
    for (const bad of ['-5', '1.5', 'ten']) {
      const answer = await server.call('POST', '/packages', {
        token: admin.token,
        body: { name: 'P', monthlyPrice: bad, yearlyPrice: 1 },
      });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ error: 'monthlyPrice: Invalid value.' });
    }
    const missing = await server.call('POST', '/packages', {
      token: admin.token,
      body: { name: 'P', monthlyPrice: 1 },
    });
    expect(missing.body).toEqual({ error: 'yearlyPrice: Required.' });
  });

  it('refuses editing a package whose owner is not an Admin, and non-Admins', async () => {
    const saved = await addPackage({ name: 'Owned' });
    await server.deps.database.executeSql('UPDATE packages SET owner_id = $1 WHERE id = $2', [
      buyer.id,
      saved.package.id,
    ]);
    const edit = await server.call('PUT', `/packages/${saved.package.id}`, {
      token: admin.token,
      body: { name: 'Owned', monthlyPrice: 1, yearlyPrice: 1 },
    });
    expect(edit.status).toBe(403);
    expect(edit.body).toEqual({ error: FUNDING_MESSAGES.packageOwnerOnly });
    const user = await server.call('POST', '/packages', {
      token: buyer.token,
      body: { name: 'Mine', monthlyPrice: 1, yearlyPrice: 1 },
    });
    expect(user.status).toBe(403);
    expect(user.body).toEqual({ error: MESSAGES.adminOnly });
  });
});

describe('subscriptions', () => {
  it('a User buys a monthly plan: the plan is set, listed with its payment, and ends back at 0', async () => {
    const { package: pkg } = await addPackage({ name: 'Monthly Pro', monthlyPrice: 30 });
    expect(await planOf(buyer.id)).toBe(0);
    const wrongPrice = await server.call('POST', '/package-payment', {
      token: buyer.token,
      body: { package_id: pkg.id, is_monthly: 1, price: 200, host: server.url },
    });
    expect(wrongPrice.status).toBe(400);
    expect(wrongPrice.body).toEqual({ error: FUNDING_MESSAGES.packagePriceMismatch });
    const session = await server.call<PaymentSession>('POST', '/package-payment', {
      token: buyer.token,
      body: { package_id: pkg.id, is_monthly: 1, price: 30, host: server.url },
    });
    expect(session.status).toBe(200);
    const paid = await submitLocalCheckout(server, session.body, { name: 'Bea Buyer' });
    expect(paid.location).toBe(
      `http://scrutineer.test/subscription/success/${pkg.id}?session_id=${session.body.sessionId}`,
    );
    const outcome = await server.call<PaymentOutcome>(
      'GET',
      `/subscription-payment-success/${session.body.sessionId}`,
      { token: buyer.token },
    );
    expect(outcome.body.message).toBe('Your payment is successfully recived!');
    expect(await planOf(buyer.id)).toBe(pkg.id);
    const mine = await server.call<{ subscriptions: Subscription[] }>('GET', '/user-subscription', {
      token: buyer.token,
    });
    expect(mine.body.subscriptions).toHaveLength(1);
    const sub = mine.body.subscriptions[0]!;
    expect(sub).toMatchObject({
      package: { name: 'Monthly Pro' },
      is_monthly: true,
      status: 'Active',
      price: 30,
    });
    expect(sub.payment).toMatchObject({
      name: 'Bea Buyer',
      price: 30,
      transaction_id: session.body.sessionId,
    });
    const days = (Date.parse(sub.endDate) - Date.parse(sub.startDate)) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(28);
    expect(days).toBeLessThanOrEqual(31);
    const elections = await server.call('GET', '/elections', { token: buyer.token });
    expect(elections.status).toBe(200);

    await expireSubscriptions(server.deps, new Date(Date.now() + 40 * 86_400_000));
    expect(await planOf(buyer.id)).toBe(0);
  });

  it('an Admin gets no package checkout; a visitor none at all', async () => {
    const { package: pkg } = await addPackage();
    const asAdmin = await server.call('POST', '/package-payment', {
      token: admin.token,
      body: { package_id: pkg.id, is_monthly: 0, price: 200 },
    });
    expect(asAdmin.status).toBe(403);
    expect(asAdmin.body).toEqual({ error: FUNDING_MESSAGES.usersOnlySubscribe });
    const visitor = await server.call('POST', '/package-payment', {
      body: { package_id: pkg.id, is_monthly: 0, price: 200 },
    });
    expect(visitor.status).toBe(401);
  });

  it('an Admin subscribes a User by hand; the price follows package and type', async () => {
    const { package: pkg } = await addPackage({ name: 'Manual', monthlyPrice: 9, yearlyPrice: 90 });
    const user = await createAccount(server, { plan: 0 });
    const saved = await server.call<{ message: string; subscription: Subscription }>(
      'POST',
      '/user-subscription',
      { token: admin.token, body: { user_id: user.id, package_id: pkg.id, is_monthly: 0 } },
    );
    expect(saved.status).toBe(201);
    expect(saved.body.message).toBe('Manual Package Created');
    expect(saved.body.subscription).toMatchObject({ price: 90, is_monthly: false, manual: true });
    expect(await planOf(user.id)).toBe(pkg.id);
    const listed = await server.call<{ subscriptions: Subscription[] }>(
      'GET',
      `/user-subscription/${user.id}`,
      { token: admin.token },
    );
    expect(listed.body.subscriptions).toHaveLength(1);
    const noPackage = await server.call('POST', '/user-subscription', {
      token: admin.token,
      body: { user_id: user.id },
    });
    expect(noPackage.body).toEqual({ error: 'package_id: Required.' });
    const toAdmin = await server.call('POST', '/user-subscription', {
      token: admin.token,
      body: { user_id: admin.id, package_id: pkg.id },
    });
    expect(toAdmin.status).toBe(400);
    expect(toAdmin.body).toEqual({ error: FUNDING_MESSAGES.adminNoSubscription });
    const refused = await server.call('POST', '/user-subscription', {
      token: user.token,
      body: { user_id: user.id, package_id: pkg.id },
    });
    expect(refused.status).toBe(403);
    const othersRefused = await server.call('GET', `/user-subscription/${user.id}`, {
      token: user.token,
    });
    expect(othersRefused.status).toBe(403);
  });
});
