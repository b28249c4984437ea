import { expect, test, type Locator, type Page } from '@playwright/test';
import { ADMIN, screenshot, signIn, toast } from '../support/api';
import { generateElection, uploadBytes } from '../support/operations';
import { addMember, apiCall, createElection } from '../support/uploads';

const row = (page: Page, stage: string) =>
  page.getByRole('table', { name: 'Audit stages' }).locator(`tr[data-stage="${stage}"]`);
/** built, SUCCESS or built-new (not unbuilt-ready, which also contains 'built'). */
const BUILT = /^(built|SUCCESS|built-new)$/;
const chip = (page: Page, stage: string) => row(page, stage).locator('[data-status]');

async function percentOf(bar: Locator): Promise<number> {
  return Number((await bar.getAttribute('aria-valuenow')) ?? 0);
}

test('an Auditor runs precheck, watches progress and the log, stops and resets a stage, runs the rest and opens the final report', async ({
  page,
  request,
}) => {
  test.setTimeout(600_000);
  const { token: adminToken, electionId } = await createElection(
    request,
    'Madera',
    'Madera General 2024',
  );
  const auditor = await addMember(request, adminToken, electionId, 'Auditor', {
    first: 'Otto',
    last: 'Operator',
  });
  // 36 batches of 10: extractvote reports progress batch by batch for long enough to stop it.
  const election = await generateElection('e2e-operations', 360);
  await uploadBytes(request, adminToken, electionId, 'sierra-ballots.zip', 'BIA', election.images);
  await uploadBytes(request, adminToken, electionId, 'sierra-cvr.zip', 'CVR', election.cvr);

  await signIn(page, auditor);
  const token = await page.evaluate(
    () =>
      (JSON.parse(localStorage.getItem('scrutineer.user') ?? '{}') as { access_token: string })
        .access_token,
  );
  const job = await apiCall<{ id: number }>(request, token, 'POST', '/audit-jobs', {
    name: 'Sierra image audit',
    description: 'Every ballot image against the CVR',
    election_id: electionId,
  });
  // Small batches, so extractvote reports progress batch by batch.
  await apiCall(request, token, 'POST', `/job-settings/${job.id}`, {
    file_name: 'JOB_Sierra_image_audit.csv',
    settings: { session_specs: [{ argument: 'batch_size', value: '10' }] },
    stage: 'extractvote',
  });
  await apiCall(
    request,
    token,
    'POST',
    '/job-settings/generate-file',
    {
      job_id: job.id,
      json_data: election.definition,
    },
    200,
  );

  // Progress comes pushed on the page's live connection; the stage list is read again only when
  // a stage's status changes, not on a timer.
  let pushes = 0;
  let listReads = 0;
  page.on('websocket', (ws) =>
    ws.on('framereceived', (frame) => {
      if (String(frame.payload).includes('"JOB_PROGRESS"')) pushes += 1;
    }),
  );
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === `/api/job-operations/${job.id}`) listReads += 1;
  });
  await page.goto(`/audit-jobs/${job.id}`);
  await page.getByRole('tab', { name: 'Audit Operations' }).click();
  await expect(chip(page, 'precheck')).toHaveAttribute('data-status', 'unbuilt-ready');
  await expect(chip(page, 'gen_bif')).toHaveAttribute('data-status', 'unbuilt-notready');
  await expect(row(page, 'gen_bif').getByRole('button', { name: 'Run gen_bif' })).toBeDisabled();
  await screenshot(page, 'operations-ready');

  // Precheck: launched, then built at 100% with its log and reports.
  await row(page, 'precheck').getByRole('button', { name: 'Run precheck' }).click();
  await toast(page, 'Operation Launched');
  await expect(chip(page, 'precheck')).toHaveAttribute('data-status', BUILT, {
    timeout: 60_000,
  });
  await expect(row(page, 'precheck').getByRole('progressbar')).toHaveAttribute(
    'aria-valuenow',
    '100',
  );
  await row(page, 'precheck').getByRole('button', { name: 'Logs of precheck' }).click();
  const precheckLog = page.getByLabel('Log of precheck');
  await expect(precheckLog).not.toHaveText(/No log yet|Loading/);
  await screenshot(page, 'operations-precheck-log');
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

  // Run All up to extractvote, from the job-control list.
  const control = page.getByRole('table', { name: 'Job control' });
  for (const label of ['Prescan', 'genstyles', 'gentemplates', 'extractvote'])
    await control.getByRole('checkbox', { name: `Select ${label}` }).check();
  await page.getByRole('button', { name: 'Run All' }).click();
  await expect(chip(page, 'extractvote')).toHaveAttribute('data-status', 'RUNNING', {
    timeout: 240_000,
  });

  // extractvote runs: its progress bar and its log tail both move, and it shows as running.
  await expect(page.getByRole('table', { name: 'Running stages' })).toContainText('extractvote');
  // Read the bar while no dialog hides the table from the accessibility tree.
  const bar = row(page, 'extractvote').getByRole('progressbar');
  const firstPercent = await percentOf(bar);
  const [pushesBefore, readsBefore] = [pushes, listReads];
  await expect(async () => expect(await percentOf(bar)).toBeGreaterThan(firstPercent)).toPass({
    timeout: 30_000,
  });
  // The bar moved on pushed progress: frames arrived, and no 2-second polling read the list
  // (at most the one slow check a live page makes every 30 s).
  expect(pushes).toBeGreaterThan(pushesBefore);
  expect(listReads - readsBefore).toBeLessThanOrEqual(1);
  await screenshot(page, 'operations-extractvote-running');
  await row(page, 'extractvote').getByRole('button', { name: 'Logs of extractvote' }).click();
  const log = page.getByLabel('Log of extractvote');
  await expect(log).not.toHaveText(/No log yet|Loading/, { timeout: 20_000 });
  const firstLog = (await log.textContent()) ?? '';
  await expect(async () =>
    expect((await log.textContent())?.length ?? 0).toBeGreaterThan(firstLog.length),
  ).toPass({ timeout: 30_000 });
  await screenshot(page, 'operations-extractvote-log');
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

  // Stop it, then reset it: back to ready, with a forced rerun offered.
  await row(page, 'extractvote').getByRole('button', { name: 'Stop extractvote' }).click();
  await toast(page, 'Operation has been Stop');
  await expect(chip(page, 'extractvote')).toHaveAttribute('data-status', 'STOPPED', {
    timeout: 30_000,
  });
  // A STOPPED stage keeps its Reports menu (spec part 3 §4): its log at least.
  await expect(
    row(page, 'extractvote').getByRole('button', { name: 'Reports of extractvote' }),
  ).toBeEnabled();
  await screenshot(page, 'operations-stopped');
  await row(page, 'extractvote').getByRole('button', { name: 'Reset extractvote' }).click();
  await toast(page, 'Operation has been reset');
  await expect(chip(page, 'extractvote')).toHaveAttribute('data-status', 'unbuilt-ready');
  await expect(
    row(page, 'extractvote').getByRole('button', { name: 'Rerun extractvote' }),
  ).toBeVisible();

  // Run the rest through Final Report with Run All.
  for (const label of ['Prescan', 'genstyles', 'gentemplates'])
    await control.getByRole('checkbox', { name: `Select ${label}` }).uncheck();
  for (const label of ['cmpcvr', 'adjudicate', 'Final Report'])
    await control.getByRole('checkbox', { name: `Select ${label}` }).check();
  await page.getByRole('button', { name: 'Run All' }).click();
  await expect(chip(page, 'genreport')).toHaveAttribute('data-status', BUILT, {
    timeout: 420_000,
  });
  for (const stage of ['extractvote', 'cmpcvr', 'adjudicate'])
    await expect(chip(page, stage)).toHaveAttribute('data-status', BUILT);
  await expect(page.getByText('No stage is running.')).toBeVisible();
  await screenshot(page, 'operations-all-built');

  // The final report opens in a new window.
  await row(page, 'genreport').getByRole('button', { name: 'Reports of genreport' }).click();
  const [report] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('menuitem', { name: 'Final report (HTML)' }).click(),
  ]);
  await report.waitForLoadState();
  expect(report.url()).toContain('/api/operation-files/');
  await expect(report.locator('body')).toContainText(/Normal Disagreed|discrepanc/i);
  await screenshot(report, 'operations-final-report');
});

test('an Auditor sets the settings of a stage, adds a registered tool to a job, runs it, reads its log and resets it; the Admin sees Restart RDS at /tools', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const { token: adminToken, electionId } = await createElection(
    request,
    'Tuolumne',
    'Tuolumne General 2024',
  );
  const auditor = await addMember(request, adminToken, electionId, 'Auditor', {
    first: 'Tess',
    last: 'Tooler',
  });
  const election = await generateElection('e2e-tools', 40);
  await uploadBytes(
    request,
    adminToken,
    electionId,
    'tuolumne-ballots.zip',
    'BIA',
    election.images,
  );
  await uploadBytes(request, adminToken, electionId, 'tuolumne-cvr.zip', 'CVR', election.cvr);
  await signIn(page, auditor);
  const token = await page.evaluate(
    () =>
      (JSON.parse(localStorage.getItem('scrutineer.user') ?? '{}') as { access_token: string })
        .access_token,
  );
  const job = await apiCall<{ id: number }>(request, token, 'POST', '/audit-jobs', {
    name: 'Tuolumne tools',
    election_id: electionId,
  });

  await page.goto(`/audit-jobs/${job.id}`);
  // The stage-setting dialog writes extractvote's own arguments into a new JOB file.
  await page.getByRole('tab', { name: 'Audit Operations' }).click();
  await page.getByRole('button', { name: 'Stage settings of extractvote' }).click();
  const settings = page.getByRole('dialog', { name: 'Stage settings: extractvote' });
  await expect(settings.getByLabel('File Name')).toHaveValue('JOB_Tuolumne_tools.csv');
  await settings.getByLabel('mark_threshold').fill('35');
  await screenshot(page, 'operations-stage-settings');
  await settings.getByRole('button', { name: 'Save' }).click();
  await toast(page, 'JobFile Saved');
  await expect(settings).toBeHidden();
  await page.getByRole('button', { name: 'Stage settings of extractvote' }).click();
  await expect(settings.getByLabel('mark_threshold')).toHaveValue('35');
  await settings.getByLabel('mark_threshold').fill('36');
  await settings.getByRole('button', { name: 'Save' }).click();
  await toast(page, 'JobFile Saved');
  await expect(settings).toBeHidden();

  await page.getByRole('tab', { name: 'Tools' }).click();
  await expect(page.getByText('No tools yet.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Restart RDS' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Add Tool' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Tool' });
  await expect(dialog.getByRole('button', { name: 'Add' })).toBeDisabled();
  await dialog.getByRole('combobox', { name: /Function Name/ }).click();
  await page.getByRole('option', { name: 'recount_cvr' }).click();
  await expect(dialog.getByLabel(/Api Operands/)).toHaveValue(/"op": "recount_cvr"/);
  await screenshot(page, 'tools-add');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await toast(page, 'Tool save successfully');

  const tools = page.getByRole('table', { name: 'Tools' });
  const row = tools.getByRole('row', { name: /recount_cvr/ });
  // At 1280 px the row's actions are on screen, and their tooltip goes with Esc.
  const edit = row.getByRole('button', { name: 'Edit recount_cvr' });
  const editBox = await edit.boundingBox();
  expect((editBox?.x ?? 0) + (editBox?.width ?? 0)).toBeLessThanOrEqual(1280);
  await edit.hover();
  await expect(page.getByRole('tooltip', { name: 'Edit recount_cvr' })).toBeVisible();
  await screenshot(page, 'tools-actions-on-screen');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  await row.getByRole('button', { name: 'Run recount_cvr' }).click();
  await expect(row.locator('[data-status]')).toHaveAttribute('data-status', 'SUCCESS', {
    timeout: 120_000,
  });
  await expect(row.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  await row.getByRole('button', { name: 'Help of recount_cvr' }).click();
  await expect(tools).toContainText('Recount the records');
  await screenshot(page, 'tools-run');
  await row.getByRole('button', { name: 'Logs of recount_cvr' }).click();
  await expect(page.getByLabel('Log of recount_cvr')).not.toHaveText(/No log yet|Loading/);
  await screenshot(page, 'tools-log');
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  // Reset in the tool view: the finished row is ready again, with no run and no log.
  await row.getByRole('button', { name: 'Reset recount_cvr' }).click();
  await toast(page, 'Operation has been reset');
  await expect(row.locator('[data-status]')).toHaveAttribute('data-status', 'unbuilt-ready');
  await expect(row.getByRole('button', { name: 'Logs of recount_cvr' })).toBeDisabled();
  await expect(row.getByRole('button', { name: 'Reset recount_cvr' })).toHaveCount(0);
  await expect(row.getByRole('button', { name: 'Run recount_cvr' })).toBeEnabled();
  await screenshot(page, 'tools-reset');

  await page.getByRole('button', { name: 'Logout' }).click();
  await signIn(page, ADMIN);
  await page.goto('/tools');
  await expect(page.getByRole('heading', { name: 'Tools' }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Restart RDS' })).toBeEnabled();
  await screenshot(page, 'tools-admin');
});
