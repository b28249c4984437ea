import { expect, test, type Page, type Response } from '@playwright/test';
import { ADMIN, apiSignIn, screenshot, signIn, toast } from '../support/api';
import { uploadSet } from '../support/jobs';
import { generateElection, uploadBytes } from '../support/operations';
import { apiCall, createElection } from '../support/uploads';

// Issue 23's points 13, 15, 16 and 17 that had no browser step, and the job status tooltips.

/** Every API answer of the page with a 4xx status, as `METHOD path status`. */
function refusals(page: Page, under = '/api/'): string[] {
  const seen: string[] = [];
  page.on('response', (response: Response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith(under) && response.status() >= 400 && response.status() < 500)
      seen.push(`${response.request().method()} ${url.pathname} ${response.status()}`);
  });
  return seen;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** A day from today as the app shows it (en-GB): 26/11/2026. */
const gbDay = (offsetDays: number) => {
  const date = new Date();
  date.setDate(date.getDate() + offsetDays);
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
};
const isoDay = (offsetDays: number) => gbDay(offsetDays).split('/').reverse().join('-');

const stageRow = (page: Page, stage: string) =>
  page.getByRole('table', { name: 'Audit stages' }).locator(`tr[data-stage="${stage}"]`);

test('a stage log opened before the stage runs asks for nothing until there is a log, and no log call is refused; row tooltips go after a click and Esc; job statuses explain themselves', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const { token, electionId } = await createElection(request, 'Nevada', 'Nevada General 2024');
  const election = await generateElection('e2e-log-tail', 40);
  await uploadBytes(request, token, electionId, 'nevada-ballots.zip', 'BIA', election.images);
  await uploadBytes(request, token, electionId, 'nevada-cvr.zip', 'CVR', election.cvr);
  const job = await apiCall<{ id: number }>(request, token, 'POST', '/audit-jobs', {
    name: 'Nevada image audit',
    description: 'Every ballot image against the CVR',
    election_id: electionId,
  });
  await apiCall(
    request,
    token,
    'POST',
    '/job-settings/generate-file',
    { job_id: job.id, json_data: election.definition },
    200,
  );

  await signIn(page, ADMIN);
  // A new job's status says what it means, on the jobs list.
  await page.goto('/audit-jobs');
  await page.getByLabel('Search').fill('Nevada image audit');
  const jobRow = page.getByRole('grid', { name: 'JOB List' }).getByRole('row', {
    name: /Nevada image audit/,
  });
  const status = jobRow.locator('[data-job-status]');
  await expect(status).toHaveText('New');
  await status.hover();
  await expect(page.getByRole('tooltip', { name: 'New: No stage has run yet.' })).toBeVisible();
  await screenshot(page, 'steps-job-status-new');

  // A row action's tooltip: gone after the click, and still gone when Esc closes the dialog
  // and focus comes back to the button.
  const remove = jobRow.getByRole('button', { name: 'Delete Nevada image audit' });
  await remove.hover();
  await expect(page.getByRole('tooltip', { name: 'Delete Nevada image audit' })).toBeVisible();
  await remove.click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toBeVisible();
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(confirm).toHaveCount(0);
  await expect(remove).toBeFocused();
  const box = await remove.boundingBox();
  if (box) await page.mouse.move(box.x + box.width / 2 + 2, box.y + box.height / 2 + 1);
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  await screenshot(page, 'steps-tooltip-after-esc');
  // Pointer away and back: the tooltip shows again, and Esc alone closes it.
  await page.mouse.move(5, 5);
  await remove.hover();
  await expect(page.getByRole('tooltip', { name: 'Delete Nevada image audit' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('tooltip')).toHaveCount(0);

  // The log dialog of a stage that has not run: no log asked for, and none refused later.
  const refused = refusals(page, '/api/logs/');
  const asked: string[] = [];
  page.on('request', (sent) => {
    if (new URL(sent.url()).pathname.startsWith('/api/logs/')) asked.push(sent.url());
  });
  await page.goto(`/audit-jobs/${job.id}`);
  await page.getByRole('tab', { name: 'Audit Operations' }).click();
  await expect(stageRow(page, 'precheck').locator('[data-status]')).toHaveAttribute(
    'data-status',
    'unbuilt-ready',
  );
  const logs = stageRow(page, 'precheck').getByRole('button', { name: 'Logs of precheck' });
  await logs.hover();
  await expect(page.getByRole('tooltip', { name: 'Logs' })).toBeVisible();
  await logs.click();
  const dialog = page.getByRole('dialog').filter({ hasText: 'Logs: precheck' });
  await expect(dialog.getByLabel('Log of precheck')).toHaveText('No log yet.');
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  await screenshot(page, 'steps-log-before-run');
  expect(asked).toEqual([]);

  // The stage starts while its log dialog is open: the tail follows it to the end.
  await apiCall(
    request,
    token,
    'POST',
    '/job-operations',
    { job_id: job.id, operation: 'precheck' },
    200,
  );
  await expect(dialog.getByLabel('Log of precheck')).not.toHaveText(/No log yet|Loading/, {
    timeout: 60_000,
  });
  await expect(dialog.locator('[data-status]')).toHaveAttribute(
    'data-status',
    /^(built|SUCCESS|PROBLEMS)$/,
    { timeout: 60_000 },
  );
  await screenshot(page, 'steps-log-after-run');
  expect(asked.length).toBeGreaterThan(0);
  expect(refused).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  await screenshot(page, 'steps-stage-tooltip-after-esc');

  // The job's status now follows its stage, and says what that means.
  await page.goto('/audit-jobs');
  await page.getByLabel('Search').fill('Nevada image audit');
  await expect(status).toHaveText(/^(built|PROBLEMS)$/);
  const word = (await status.textContent()) ?? '';
  await status.hover();
  await expect(
    page.getByRole('tooltip', {
      name:
        word === 'built'
          ? 'built: The first stages are built; the later ones are still to run.'
          : 'PROBLEMS: The stages ran, but one found problems: its result lists them.',
    }),
  ).toBeVisible();
  await screenshot(page, 'steps-job-status-built');
});

test('deleting the last row of the last page shows the page before it, never "11–10 of 10"', async ({
  page,
  request,
}) => {
  const { token, districtId } = await createElection(request, 'San Benito', 'San Benito 01');
  // One election a day: an election's path is its district and date.
  for (let n = 2; n <= 11; n++)
    await apiCall(request, token, 'POST', '/elections', {
      name: `San Benito ${pad(n)}`,
      districtId,
      date: `11-${pad(n + 5)}-2024`,
    });
  await signIn(page, ADMIN);
  await page.goto(`/elections?districtId=${districtId}`);
  const grid = page.getByRole('grid', { name: 'Elections' });
  await page.getByRole('combobox', { name: 'Rows per page' }).click();
  await page.getByRole('option', { name: '10', exact: true }).click();
  await expect(page.getByText('1–10 of 11')).toBeVisible();
  await page.getByRole('button', { name: 'Go to next page' }).click();
  await expect(page.getByText('11–11 of 11')).toBeVisible();
  const last = grid.getByRole('row').filter({ has: page.getByRole('link') });
  await expect(last).toHaveCount(1);
  const name = (await last.getByRole('link').textContent()) ?? '';
  await last.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await toast(page, 'Election deleted');
  await expect(page.getByText('1–10 of 10')).toBeVisible();
  await expect(page.getByText(/11–10 of 10/)).toHaveCount(0);
  await expect(grid.getByRole('row').filter({ has: page.getByRole('link') })).toHaveCount(10);
  await screenshot(page, 'steps-pagination-after-delete');
});

test('a sign-up error is not left on the Registered page', async ({ page }) => {
  await page.goto('/session/signup');
  await page.getByLabel('First Name').fill('Santa');
  await page.getByLabel('Last Name').fill('Cruz');
  // The seeded Admin's address is taken: the server refuses it.
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Phone Number').fill('831 454 2060');
  await page.getByLabel('Password', { exact: true }).fill('a good password');
  await page.getByLabel('Confirm Password').fill('a good password');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('An account with this email already exists.').first()).toBeVisible();
  await screenshot(page, 'steps-signup-refused');
  await page.getByLabel('Email').fill(`santa.cruz.${Date.now()}@example.org`);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/session\/registered$/);
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(page.getByRole('alert', { includeHidden: true })).toHaveCount(0);
  await expect(page.getByText('An account with this email already exists.')).toHaveCount(0);
  await screenshot(page, 'steps-registered-clean');
});

test('a visitor’s gift: the success page shows the amount, a receipt reference and the way back; the Admin’s Fundraising and Tools tables fit at 1280 px', async ({
  page,
  request,
}) => {
  const { token, electionId } = await createElection(request, 'Santa Cruz', 'Santa Cruz 2024');
  await apiCall(request, token, 'PUT', `/elections/${electionId}`, {
    name: 'Santa Cruz 2024',
    privacy: 'Public',
  });
  const job = await apiCall<{ id: number }>(request, token, 'POST', '/audit-jobs', {
    name: 'Santa Cruz hand count',
    description: 'A hand count of Santa Cruz County',
    election_id: electionId,
    request_donate: 1000,
  });
  // The page's timers are the test's: the 2 s return waits while the page is read.
  await page.clock.install();
  await page.goto(`/public/audits/${job.id}`);
  await page.getByLabel('Amount').fill('20');
  await page.getByRole('button', { name: 'Checkout' }).click();
  await page.getByLabel('List me as a donor').check();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(/\/api\/local-checkout\/cs_local_/);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Name on card').fill('Bartholomew Fitzgerald-Montgomery');
  await page
    .getByLabel('E-mail (for your receipt)')
    .fill('bartholomew.fitzgerald-montgomery@watsonville.example.org');
  await page.getByLabel('Address').fill('1234 Freedom Boulevard, Apartment 56');
  await page.getByLabel('City').fill('Watsonville');
  await page.getByLabel('State').fill('CA');
  await page.getByLabel('Zip code').fill('95076');
  await page.getByRole('button', { name: 'Pay $20' }).click();
  await expect(page).toHaveURL(/\/public\/success\?session_id=cs_local_/);
  await expect(page.getByText('Your donation is successfully completed!')).toBeVisible();
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 400);
  await expect(page.getByText('Amount: $20.00')).toBeVisible();
  await expect(page.getByText(/payment reference for your records: cs_local_/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to public audits' })).toHaveAttribute(
    'href',
    '/public',
  );
  await screenshot(page, 'steps-audit-donation-success');
  await page.clock.resume();
  await expect(page).toHaveURL(/\/public$/);

  // The Admin reads the gift in Fundraising: every column on screen, nothing scrolls sideways.
  await signIn(page, ADMIN);
  await page.goto('/admin-board?tab=fundraising');
  const fundraising = page.getByRole('grid', { name: 'Fundraising' });
  const row = fundraising.getByRole('row').filter({ hasText: 'Watsonville' });
  await expect(row).toContainText('$20.00');
  await expect(row).toContainText('bartholomew.fitzgerald-montgomery@watsonville.example.org');
  for (const header of ['Transaction Id', 'Project Name', 'Address', 'City', 'Zip Code'])
    await expect(fundraising.getByRole('columnheader', { name: header })).toBeVisible();
  expect(await sidewaysScroll(page)).toEqual([]);
  await screenshot(page, 'steps-1280-fundraising');

  // Tools, global and in a job, with long scripts and help texts.
  const tool = {
    function_name: 'recount_cvr',
    script: 'audit-core precheck (CVR files) --recount --report=html,csv --verbose',
    api_entry: '/compute/tools-execute',
    api_operands: JSON.stringify({ op: 'recount_cvr' }),
    help_text: 'Count the records of every CVR file again and compare them with the manifest.',
  };
  await apiCall(request, token, 'POST', '/sys-config/action-tools', { settings: tool }, 200);
  await apiCall(
    request,
    token,
    'POST',
    '/sys-config/action-tools',
    { job_id: job.id, settings: tool },
    200,
  );
  await page.goto('/tools');
  const tools = page.getByRole('table', { name: 'Tools' });
  await expect(tools.getByRole('row', { name: /recount_cvr/ }).first()).toBeVisible();
  for (const header of ['Function Name', 'Action', 'Status', 'Percent', 'Logs', 'Actions'])
    await expect(tools.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  expect(await sidewaysScroll(page)).toEqual([]);
  await screenshot(page, 'steps-1280-tools');
  // What the narrower table leaves out is in the row's expansion.
  await tools.getByRole('button', { name: 'Help of recount_cvr' }).first().click();
  await expect(tools).toContainText(tool.script);
  await expect(tools).toContainText(tool.help_text);
  await screenshot(page, 'steps-1280-tools-expanded');
  await page.goto(`/audit-jobs/${job.id}`);
  await page.getByRole('tab', { name: 'Tools' }).click();
  await expect(tools.getByRole('row', { name: /recount_cvr/ }).first()).toBeVisible();
  expect(await sidewaysScroll(page)).toEqual([]);
  await screenshot(page, 'steps-1280-job-tools');
});

/** Tables and grids whose content is wider than their box (they scroll sideways), and the page. */
async function sidewaysScroll(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > window.innerWidth) found.push(`page ${root.scrollWidth}px`);
    // A data grid marks its own sideways scrolling; a table's box is measured.
    document
      .querySelectorAll<HTMLElement>('.MuiDataGrid-virtualScroller--hasScrollX')
      .forEach((box) =>
        found.push(
          `${box.closest('[aria-label]')?.getAttribute('aria-label') ?? 'grid'} scrolls sideways`,
        ),
      );
    const boxes = document.querySelectorAll<HTMLElement>(
      '.MuiTableContainer-root, .MuiPaper-root:has(> table)',
    );
    boxes.forEach((box) => {
      if (box.scrollWidth > box.clientWidth + 1) {
        const label =
          box.closest('[aria-label]')?.getAttribute('aria-label') ??
          box.querySelector('table')?.getAttribute('aria-label') ??
          'table';
        found.push(`${label}: ${box.scrollWidth}px in ${box.clientWidth}px`);
      }
    });
    return found;
  });
}

const LONG_NAME = 'Santa Cruz County Consolidated Presidential Preference Primary 2024';

test('every date reads in one en-GB style: uploads, requests, members, files, mail and the upload link; a long election name is not cut', async ({
  page,
  request,
}) => {
  // Santa Cruz County, Arizona: the California one is the gift test's.
  const token = await apiSignIn(request, ADMIN);
  const district = await apiCall<{ id: number }>(request, token, 'POST', '/districts', {
    country: 'US',
    state_name: 'AZ',
    district_name: 'Santa Cruz',
    email: 'elections@santacruzaz.example.org',
  });
  const districtId = district.id;
  const { id: electionId } = await apiCall<{ id: number }>(request, token, 'POST', '/elections', {
    name: LONG_NAME,
    districtId,
    date: '11-05-2024',
  });
  await uploadSet(request, token, electionId, 'santa-cruz-cvr.zip', 'CVR');
  const requested = await apiCall<{ request_url: string }>(
    request,
    token,
    'POST',
    '/upload-requests',
    {
      election_id: electionId,
      name: 'Santa Cruz County Recorder',
      email: 'recorder@santacruzaz.example.org',
      valid_through: isoDay(7),
    },
  );
  const job = await apiCall<{ id: number }>(request, token, 'POST', '/audit-jobs', {
    name: 'Santa Cruz primary audit',
    description: '',
    election_id: electionId,
  });
  await apiCall(
    request,
    token,
    'POST',
    '/vendor-template',
    { job_id: job.id, vendor: 'ES&S' },
    200,
  );

  await signIn(page, ADMIN);
  // Today, a week from now, and the election's 5 November 2024: nothing else, in one style.
  const allowed = new Set([gbDay(0), gbDay(7), '05/11/2024']);
  const screens: [string, string][] = [
    [`/elections?districtId=${districtId}`, 'elections'],
    [`/elections/${electionId}?activetab=Files`, 'election-files'],
    [`/elections/${electionId}?activetab=UploadRequests`, 'election-requests'],
    [`/elections/${electionId}?activetab=Users`, 'election-users'],
    ['/admin-board?tab=upload-requests', 'admin-requests'],
    ['/admin-board?tab=mail', 'admin-mail'],
  ];
  const problems: string[] = [];
  // The Admin's boards also list other people's requests and mail, whose dates this test does
  // not know: there only the style is checked (dd/mm/yyyy), elsewhere the very days.
  const enGb = (day: string) => {
    const [d, m, y] = day.split('/').map(Number);
    return (
      /^\d{2}\/\d{2}\/\d{4}$/.test(day) && d! >= 1 && d! <= 31 && m! >= 1 && m! <= 12 && y! > 2000
    );
  };
  const check = async (where: string) => {
    const text = await page.getByRole('main').innerText();
    const shared = where.startsWith('/admin-board');
    for (const iso of text.match(/\b\d{4}-\d{2}-\d{2}\b/g) ?? [])
      problems.push(`${where}: ISO date ${iso}`);
    for (const day of text.match(/\b\d{1,2}\/\d{1,2}\/\d{2,4}\b/g) ?? [])
      if (shared ? !enGb(day) : !allowed.has(day)) problems.push(`${where}: ${day}`);
    for (const other of text.match(/\b\d{1,2}:\d{2}(:\d{2})?\s?[AaPp]\.?[Mm]\b/g) ?? [])
      problems.push(`${where}: 12-hour time ${other}`);
    for (const month of text.match(
      /\b(Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]* \d{1,2}(st|nd|rd|th)?,? \d{4}\b/g,
    ) ?? [])
      problems.push(`${where}: ${month}`);
  };
  // At 1280 px a long election name takes two lines instead of being cut.
  await page.goto(`/elections?districtId=${districtId}`);
  const nameLink = page.getByRole('grid', { name: 'Elections' }).getByRole('link', {
    name: LONG_NAME,
  });
  await expect(nameLink).toBeVisible();
  expect(
    await nameLink.evaluate(
      (el) => el.scrollHeight <= el.clientHeight + 1 && el.scrollWidth <= el.clientWidth + 1,
    ),
  ).toBe(true);
  for (const [path, name] of screens) {
    await page.goto(path, { waitUntil: 'networkidle' });
    await expect(page.getByRole('main')).toBeVisible();
    await check(path);
    await screenshot(page, `steps-dates-${name}`);
  }
  await page.goto(`/audit-jobs/${job.id}`);
  await page.getByRole('tab', { name: 'Job Files' }).click();
  await expect(page.getByText(/JOB_/).first()).toBeVisible();
  await check('job files');
  await screenshot(page, 'steps-dates-job-files');

  // The upload link a clerk opens says until when it works, in the same style.
  const link = new URL(requested.request_url);
  await page.goto(link.pathname + link.search);
  await expect(page.getByText(`This link works through ${gbDay(7)}.`)).toBeVisible();
  await check('upload link');
  await screenshot(page, 'steps-dates-upload-link');
  expect(problems).toEqual([]);
});
