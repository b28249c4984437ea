import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { ADMIN, apiSignIn, screenshot, signIn } from '../support/api';
import { demoJob } from '../support/jobs';
import { waitFor } from '../support/stages';
import { addMember, apiCall } from '../support/uploads';

/** Runs the demo job's stages through the API, as its Auditor would from the operations tab. */
async function runPipeline(request: APIRequestContext, token: string, jobId: number) {
  for (const operation of [
    'precheck',
    'gen_bif',
    'genstyles',
    'gentemplates',
    'extractvote',
    'cmpcvr',
    'adjudicate',
    'genreport',
  ]) {
    const launched = await apiCall<{ operation_id: string }>(
      request,
      token,
      'POST',
      '/job-operations',
      { job_id: jobId, operation },
      200,
    );
    expect([operation, await waitFor(request, token, launched.operation_id)]).toEqual([
      operation,
      'SUCCESS',
    ]);
  }
}

async function openAdjudication(
  browser: Browser,
  account: { email: string; password: string },
  jobId: number,
) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, account);
  await page.goto(`/audit-jobs/${jobId}`);
  await page.getByRole('tab', { name: 'Adjudication' }).click();
  return page;
}

/**
 * Decides every item the person may decide from the keyboard: `key` for each, except `split`
 * (the key for one chosen ballot). Answers how many were decided.
 */
async function decideAll(page: Page, key: string, exception?: { sheet: string; key: string }) {
  await page.getByRole('button', { name: 'Start adjudicating' }).click();
  let decided = 0;
  for (;;) {
    const heading = page.getByRole('heading', { level: 3, name: /^Item \d+:/ });
    const done = page.getByText('Nothing left for you to decide with these filters.');
    await expect(heading.or(done)).toBeVisible();
    if (await done.isVisible()) return decided;
    const title = (await heading.textContent()) ?? '';
    const sheet = await page.getByLabel('Ballot viewer').getAttribute('data-sheet');
    await page.keyboard.press(exception && sheet === exception.sheet ? exception.key : key);
    await expect(page.getByRole('heading', { level: 3, name: title, exact: true })).toHaveCount(0);
    decided += 1;
  }
}

test('two adjudicators decide the demo job, a third settles a split; the report, tally and leaderboard follow', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(900_000);
  const token = await apiSignIn(request, ADMIN);
  const { election, job } = await demoJob(request, token);
  await runPipeline(request, token, job.id);

  const judges = [];
  for (const first of ['Ada', 'Bo', 'Cy']) {
    const account = await addMember(request, token, election.id, 'Observer', {
      first,
      last: 'Judge',
    });
    const users = await apiCall<{ items: { id: number; email: string }[] }>(
      request,
      token,
      'GET',
      `/users?search=${encodeURIComponent(account.email)}`,
    );
    const id = users.items[0]?.id;
    await apiCall(request, token, 'PUT', `/save-audit-permission/${id}`, {
      permissions: JSON.stringify([{ jobid: job.id, fullRange: true }]),
      run_adjudicator: true,
    });
    judges.push(account);
  }
  const [ada, bo, cy] = judges as [(typeof judges)[0], (typeof judges)[0], (typeof judges)[0]];

  // The Auditor asks for two adjudicators per item.
  await signIn(page, ADMIN);
  await page.goto(`/audit-jobs/${job.id}`);
  await page.getByRole('tab', { name: 'Adjudication' }).click();
  await page.getByLabel('Two adjudicators per item').click();
  await expect(page.getByText(/Each item now needs two adjudicators/)).toBeVisible();
  await expect(page.getByLabel('Two adjudicators per item')).toBeChecked();
  const queue = page.getByRole('table', { name: 'Adjudication queue' });
  await expect(queue).toBeVisible();
  await screenshot(page, 'adjudication-queue');
  const misread = queue.getByRole('row').filter({ hasText: 'Normal Disagreed' }).first();
  const splitSheet = ((await misread.locator('td').nth(2).textContent()) ?? '').trim();
  await expect(misread.locator('td').nth(3)).not.toHaveText(/^C\d+$/);
  await expect(misread.locator('td').nth(6)).not.toContainText(/C\d+-\d+/);

  const pageA = await openAdjudication(browser, ada, job.id);
  const total = await decideAll(pageA, 'i');
  expect(total).toBeGreaterThanOrEqual(5);

  const pageB = await openAdjudication(browser, bo, job.id);
  await pageB
    .getByRole('table', { name: 'Adjudication queue' })
    .getByRole('row')
    .filter({ hasText: 'Normal Disagreed' })
    .first()
    .click();
  await expect(pageB.getByRole('img', { name: 'Whole ballot page' })).toBeVisible();
  // People read the election file's names; the option ids stay in the small print.
  const viewer = pageB.getByLabel('Ballot viewer');
  await expect(viewer.getByText(/^Contest: \S/)).toBeVisible();
  await expect(viewer.getByText(/^Contest: C\d+$/)).toHaveCount(0);
  await expect(viewer.getByLabel('Image reads')).not.toContainText(/C\d+-\d+/);
  await expect(viewer.getByLabel('Record reads')).not.toContainText(/C\d+-\d+/);
  await expect(viewer.getByText(/^Option ids: /)).toContainText(/C\d+-\d+/);
  // "Voter intent is…" offers the contest's options by name, ticked from the keyboard.
  await pageB.keyboard.press('v');
  const intent = viewer.getByRole('group', { name: 'Voter intent is' });
  await expect(intent.getByRole('checkbox', { name: /^1\. .+ \(C\d+-\d+\)$/ })).toBeFocused();
  await pageB.keyboard.press('1');
  await expect(intent.getByRole('checkbox').first()).toBeChecked();
  await screenshot(pageB, 'adjudication-viewer');
  await pageB.getByRole('button', { name: 'Queue', exact: true }).click();
  expect(await decideAll(pageB, 'i', { sheet: splitSheet, key: 'c' })).toBe(total);

  const pageC = await openAdjudication(browser, cy, job.id);
  await expect(pageC.getByLabel('Queue counts')).toContainText('1 for you to decide');
  await pageC.getByRole('button', { name: 'Start adjudicating' }).click();
  await expect(pageC.getByText('Split: a third decides')).toBeVisible();
  await expect(pageC.getByLabel('Reviews')).toContainText('Image right');
  await expect(pageC.getByLabel('Reviews')).toContainText('Record right');
  await pageC.getByLabel('Comment').fill('the record matches the paper');
  await pageC.getByRole('button', { name: 'Record right (C)' }).click();
  await expect(pageC.getByText('Nothing left for you to decide with these filters.')).toBeVisible();

  // The Auditor sees every item decided, the report out of date, and reruns it.
  await page.reload();
  await page.getByRole('tab', { name: 'Adjudication' }).click();
  await expect(page.getByLabel('Queue counts')).toContainText(`${total} of ${total} decided`);
  await page.getByRole('button', { name: 'Tally' }).click();
  await expect(page.getByText(`Adjudicated totals fold in ${total} decided items.`)).toBeVisible();
  await screenshot(page, 'adjudication-tally');
  const ops = await apiCall<{ items: { operation: string; status: string }[] }>(
    request,
    token,
    'GET',
    `/job-operations/${job.id}`,
  );
  expect(ops.items.find((o) => o.operation === 'genreport')?.status).toBe('built-new');
  const rerun = await apiCall<{ operation_id: string }>(
    request,
    token,
    'POST',
    '/job-operations',
    { job_id: job.id, operation: 'genreport', action: 'rerun' },
    200,
  );
  expect(await waitFor(request, token, rerun.operation_id)).toBe('SUCCESS');
  const after = await apiCall<{
    items: { operation: string; reports: { text: string; url: string }[] }[];
  }>(request, token, 'GET', `/job-operations/${job.id}`);
  const html = after.items
    .find((o) => o.operation === 'genreport')
    ?.reports.find((r) => r.text === 'Final report (HTML)')?.url;
  await page.goto(html ?? '');
  await expect(page.getByText(/record right: /).first()).toBeVisible();
  await expect(page.getByText('not adjudicated')).toHaveCount(0);
  await screenshot(page, 'adjudication-report');

  await pageC.goto('/leaderboard');
  const grid = pageC.getByRole('grid', { name: 'Leaderboard' });
  await expect(grid.getByRole('row', { name: /^Cy Judge / })).toBeVisible();
  await expect(grid.getByRole('row', { name: /^Ada Judge / })).not.toContainText(ada.email);
  const board = await apiCall<{
    items: { first_name: string; adjudicator_total: number; adjudicator_agreement: number }[];
  }>(request, token, 'GET', '/leader-board?sort=adjudicator_total&page_size=100');
  const score = (first: string) => board.items.find((r) => r.first_name === first);
  expect(score('Cy')).toMatchObject({ adjudicator_total: 1, adjudicator_agreement: 100 });
  expect(score('Ada')?.adjudicator_total).toBe(total);
  expect(score('Ada')?.adjudicator_agreement).toBeLessThan(100);
  expect(score('Bo')?.adjudicator_agreement).toBe(100);
  await screenshot(pageC, 'adjudication-leaderboard');
});
