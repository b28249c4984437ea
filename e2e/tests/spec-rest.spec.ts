import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { ADMIN, apiSignIn, createAccount, screenshot, signIn, toast } from '../support/api';
import { generateElection, uploadBytes } from '../support/operations';
import { apiCall, createElection } from '../support/uploads';

/** A freshly built stage is SUCCESS, one re-read by a refresh built. */
const BUILT = /^(built|SUCCESS)$/;

async function openElectionWithJobs(request: APIRequestContext, county: string, names: string[]) {
  const { token, electionId } = await createElection(request, county, `${county} General 2024`);
  await apiCall(request, token, 'PUT', `/elections/${electionId}`, {
    name: `${county} General 2024`,
    privacy: 'Public',
  });
  const jobs: { id: number; name: string }[] = [];
  for (const name of names)
    jobs.push(
      await apiCall<{ id: number; name: string }>(request, token, 'POST', '/audit-jobs', {
        name,
        description: `A hand count of ${county} County`,
        election_id: electionId,
      }),
    );
  return { token, electionId, jobs };
}

test('the Admin records audit donations, donors see real percentages, big gifts go by cheque, and each audit has its public page', async ({
  page,
  request,
}) => {
  const { jobs } = await openElectionWithJobs(request, 'Humboldt', [
    'Humboldt hand count',
    'Humboldt image audit',
  ]);
  const [first] = jobs;
  await signIn(page, ADMIN);

  // Admin board: the audit donations table and its Update Audit Data dialog.
  await page.goto('/admin-board?tab=audit-donations');
  const grid = page.getByRole('grid', { name: 'Audit donations' });
  await expect(grid.getByText('Humboldt hand count')).toBeVisible();
  await page.getByRole('button', { name: 'Update audit data of Humboldt hand count' }).click();
  const dialog = page.getByRole('dialog', { name: 'Update Audit Data' });
  await expect(dialog.getByLabel('Name')).toHaveValue('Humboldt hand count');
  await expect(dialog.getByLabel('Total Received Donation')).toHaveValue('$0.00');
  await dialog.getByLabel('Request Donate').fill('2000');
  await dialog.getByLabel('Add Received Donation').fill('5000');
  await expect(
    dialog.getByText('Donation Amount can not be greater than Requested amount'),
  ).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Update' })).toBeDisabled();
  await dialog.getByLabel('Add Received Donation').fill('500');
  await screenshot(page, 'spec-update-audit-data');
  await dialog.getByRole('button', { name: 'Update' }).click();
  await toast(page, 'Audit Updated Successfully');
  const row = grid.getByRole('row').filter({ hasText: 'Humboldt hand count' });
  await expect(row).toContainText('25.00%');
  await expect(row).toContainText('$2,000');
  await expect(row).toContainText('$500');
  await screenshot(page, 'spec-audit-donations');

  // /audit-donation: the percentage is real; per-job amounts are checked as typed.
  await page.goto('/audit-donation');
  const table = page.getByRole('table', { name: 'Open audit jobs' });
  await expect(table.getByRole('row').filter({ hasText: 'Humboldt hand count' })).toContainText(
    '25.00%',
  );
  const field = page.getByLabel('Donation to Humboldt image audit');
  await field.fill('40');
  await field.fill('');
  await expect(page.getByText('input is required')).toBeVisible();
  await field.fill('0');
  await expect(page.getByText('input must be positive')).toBeVisible();
  await field.fill('1e3');
  await expect(page.getByText('input must be positive')).toBeVisible();
  await expect(page.getByTestId('donation-total')).toHaveText('Total: $0.00');
  await expect(page.getByRole('button', { name: 'Checkout' })).toBeDisabled();
  await screenshot(page, 'spec-audit-donation-messages');
  await field.fill('1000');
  await expect(page.getByTestId('donation-total')).toHaveText('Total: $1000.00');
  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page.getByRole('dialog', { name: 'Donate $1,000 by cheque' })).toBeVisible();
  await screenshot(page, 'spec-audit-donation-cheque');
  await page.getByRole('button', { name: 'I will send a cheque' }).click();

  // A smaller gift goes straight to the donor-visibility choice.
  await field.fill('25');
  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page.getByRole('dialog', { name: 'Show your donation?' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();

  // The public pages link each open audit to its own page.
  await page.goto('/public');
  await page.getByRole('link', { name: 'Humboldt hand count' }).click();
  await expect(page).toHaveURL(new RegExp(`/public/audits/${first!.id}$`));
  await expect(page.getByRole('heading', { name: 'Humboldt hand count' })).toBeVisible();
  await expect(page.getByText('Funding goal: $2,000')).toBeVisible();
  await expect(page.getByText('Received: $500')).toBeVisible();
  await expect(page.getByText('25.00%')).toBeVisible();
  await page.getByLabel('Amount').fill('1500');
  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page.getByRole('dialog', { name: 'Donate $1,500 by cheque' })).toBeVisible();
  await page.getByRole('button', { name: 'I will send a cheque' }).click();
  await screenshot(page, 'spec-public-audit');
  await page.goto('/public/audits/999999');
  await expect(page.getByText('This audit is not open for donations.')).toBeVisible();
});

test.describe('service worker', () => {
  test.use({ serviceWorkers: 'allow' });

  test('the service worker keeps the app for offline use, clears its caches on CACHE_CLEAR and says when new content is ready', async ({
    page,
    request,
    context,
  }) => {
    // /sw.js is the worker, never the app's page; a missing script is a 404, not the page.
    const worker = await request.get('/sw.js');
    expect(worker.status()).toBe(200);
    expect(worker.headers()['content-type']).toContain('javascript');
    expect(worker.headers()['cache-control']).toBe('no-cache');
    const body = await worker.text();
    expect(body).not.toContain('<!doctype html>');
    expect(body).toContain('CACHE_CLEAR');
    expect((await request.get('/no-such-worker.js')).status()).toBe(404);

    await page.goto('/public');
    await expect(page.getByRole('heading', { name: 'Open Audits' })).toBeVisible();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await expect(page.getByText('The app is ready to work offline.')).toBeVisible();
    await expect
      .poll(() => page.evaluate(async () => (await caches.keys()).length))
      .toBeGreaterThan(0);

    // Offline, the app still opens from the cache.
    await page.reload();
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
      .toBe(true);
    await context.setOffline(true);
    await page.goto('/session/login');
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await screenshot(page, 'spec-offline-login');
    await context.setOffline(false);

    // CACHE_CLEAR empties every cache.
    await page.evaluate(() => navigator.serviceWorker.controller?.postMessage('CACHE_CLEAR'));
    await expect.poll(() => page.evaluate(async () => (await caches.keys()).length)).toBe(0);

    // A new build waiting: the page offers to reload into it.
    const file = fileURLToPath(new URL('../../apps/web/dist/sw.js', import.meta.url));
    const original = await readFile(file, 'utf8');
    try {
      await writeFile(file, `${original}\n// build ${Date.now()}\n`);
      await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        await registration?.update();
      });
      await expect(
        page.getByText('New content is available. Reload to use the new version.'),
      ).toBeVisible();
      await screenshot(page, 'spec-new-content-toast');
      await page.getByRole('button', { name: 'Reload' }).click();
      await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    } finally {
      await writeFile(file, original);
    }
  });
});

test('Job Status follows the stages; Rerun asks first; settings and Reset mark results out of date; a permitted person opens the election', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const { token, electionId, jobs } = await openElectionWithJobs(request, 'Lassen', [
    'Lassen image audit',
  ]);
  const job = jobs[0]!;
  const election = await generateElection('e2e-spec-rest', 40);
  await uploadBytes(request, token, electionId, 'lassen-ballots.zip', 'BIA', election.images);
  await uploadBytes(request, token, electionId, 'lassen-cvr.zip', 'CVR', election.cvr);
  await apiCall(
    request,
    token,
    'POST',
    '/job-settings/generate-file',
    { job_id: job.id, json_data: election.definition },
    200,
  );
  const stageStatus = async (name: string) => {
    const list = await apiCall<{ items: { operation: string; status: string }[] }>(
      request,
      token,
      'GET',
      `/job-operations/${job.id}`,
    );
    return list.items.find((o) => o.operation === name)?.status;
  };

  await signIn(page, ADMIN);
  await page.goto('/audit-jobs');
  const listRow = page.getByRole('row').filter({ hasText: 'Lassen image audit' });
  await expect(listRow).toContainText('New');

  // Run precheck and Prescan; the job's Status moves on.
  await page.goto(`/audit-jobs/${job.id}`);
  await page.getByRole('tab', { name: 'Audit Operations' }).click();
  const stages = page.getByRole('table', { name: 'Audit stages' });
  const stage = (name: string) => stages.locator(`tr[data-stage="${name}"]`);
  const chip = (name: string) => stage(name).locator('[data-status]');
  await stage('precheck').getByRole('button', { name: 'Run precheck' }).click();
  await expect.poll(() => stageStatus('precheck'), { timeout: 120_000 }).toMatch(BUILT);
  await stage('gen_bif').getByRole('button', { name: 'Run gen_bif' }).click();
  await expect.poll(() => stageStatus('gen_bif'), { timeout: 120_000 }).toMatch(BUILT);
  await page.goto('/audit-jobs');
  await expect(listRow).toContainText('built');
  await screenshot(page, 'spec-job-status');

  // Rerun of a built stage asks first and names what goes out of date.
  await page.goto(`/audit-jobs/${job.id}`);
  await page.getByRole('tab', { name: 'Audit Operations' }).click();
  await stage('precheck').getByRole('button', { name: 'Rerun precheck' }).click();
  const confirm = page.getByRole('dialog', { name: 'Rerun precheck?' });
  await expect(confirm.getByTestId('rerun-outdated')).toHaveText(
    'These built stages become out of date (built-new) and need a rerun after it: gen_bif.',
  );
  await screenshot(page, 'spec-rerun-confirm');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(chip('precheck')).toHaveAttribute('data-status', BUILT);

  // Saving gen_bif's settings marks its results out of date.
  await stage('gen_bif').getByRole('button', { name: 'Stage settings of gen_bif' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await toast(page, /Out of date now \(built-new\): gen_bif/);
  await expect(chip('gen_bif')).toHaveAttribute('data-status', 'built-new');
  await screenshot(page, 'spec-settings-out-of-date');

  // The job-control Reset resets Done rows.
  const control = page.getByRole('table', { name: 'Job control' });
  await control.getByRole('checkbox', { name: 'Select precheck' }).check();
  await control.getByRole('checkbox', { name: 'Select Prescan' }).check();
  await page.getByRole('button', { name: 'Reset', exact: true }).click();
  await toast(page, 'Operation has been reset');
  await expect(chip('precheck')).toHaveAttribute('data-status', 'unbuilt-ready');
  await expect(chip('gen_bif')).toHaveAttribute('data-status', 'unbuilt-notready');
  await expect(control.getByRole('row').filter({ hasText: 'precheck' })).toContainText('Ready');
  await screenshot(page, 'spec-job-control-reset');

  // A person the Admin gave this job reads its election and opens the Election tab.
  const person = await createAccount(request, { first: 'Pia', last: 'Permitted' });
  const found = await apiCall<{ items: { id: number }[] }>(
    request,
    token,
    'GET',
    `/users?search=${encodeURIComponent(person.email)}`,
  );
  const personId = found.items[0]!.id;
  await apiCall(request, token, 'PUT', `/users/${personId}`, {
    role: 'Client',
    country: 'US',
    state: 'CA',
  });
  await apiCall(request, token, 'PUT', `/save-audit-permission/${personId}`, {
    permissions: [{ jobid: job.id, fullRange: true }],
  });
  const personToken = await apiSignIn(request, person);
  await apiCall(request, personToken, 'GET', `/elections/${electionId}`);
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await signIn(page, person);
  await page.goto(`/audit-jobs/${job.id}`);
  const summary = page.getByLabel('Election summary');
  await expect(summary).toContainText('Lassen General 2024');
  await expect(summary.getByRole('link', { name: 'View election' })).toBeVisible();
  await screenshot(page, 'spec-permitted-job');
  await page.getByRole('tab', { name: 'Election' }).click();
  await expect(page).toHaveURL(new RegExp(`/elections/${electionId}`));
  await expect(page.getByText('Lassen General 2024').first()).toBeVisible();
  await expect(page.getByText(/not found/i)).toHaveCount(0);
  await screenshot(page, 'spec-permitted-election');
});
