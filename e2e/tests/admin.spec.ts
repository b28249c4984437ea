import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { ADMIN, apiSignIn, createAccount, screenshot, signIn } from '../support/api';
import { apiCall, createElection } from '../support/uploads';

function markdownFile(name: string, text: string): string {
  const dir = path.join(os.tmpdir(), 'scrutineer-e2e-markdown');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, name);
  writeFileSync(file, text);
  return file;
}

const HOSTILE = `# Welcome, auditors

Counting starts **Monday**. Read the [audit guide](https://example.org/guide).

<script>window.__pwned = 'script'</script>
<img src="x" onerror="window.__pwned = 'onerror'">

[Click for prizes](javascript:window.__pwned='link')

![tracker](javascript:window.__pwned='image')

| County | Ballots |
| --- | --- |
| Alameda | 1,200 |
`;

test('the Admin uploads a Home markdown and a signed-in user on /home sees it without reloading; hostile parts stay inert', async ({
  page,
  browser,
  request,
}) => {
  // Two browsers, two refresh checks and an edit: more steps than most tests on a busy machine.
  test.setTimeout(150_000);
  const reader = await createAccount(request, { first: 'Rita', last: 'Reader' });
  const readerContext = await browser.newContext();
  const readerPage = await readerContext.newPage();
  await signIn(readerPage, reader);
  await expect(readerPage.getByRole('tab', { name: 'Home' })).toBeVisible();
  await expect(readerPage.getByRole('tab', { name: 'Active Projects' })).toBeVisible();
  await expect(readerPage.getByText('Nothing has been posted here yet.')).toBeVisible();
  const loads: string[] = [];
  readerPage.on('framenavigated', (frame) => {
    if (frame === readerPage.mainFrame()) loads.push(frame.url());
  });

  await signIn(page, ADMIN);
  await page.goto('/admin-board?tab=markdown');
  await page.getByRole('button', { name: 'Upload New Markdown' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload New Markdown' });
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog.getByText('Required.')).toBeVisible();
  await dialog.getByLabel('Markdown file').setInputFiles(markdownFile('notes.txt', 'plain'));
  await expect(dialog.getByText('Only .md files can be uploaded.')).toBeVisible();
  await dialog.getByLabel('Title').fill('Welcome');
  await dialog.getByLabel('Markdown file').setInputFiles(markdownFile('home.md', HOSTILE));
  await screenshot(page, 'admin-markdown-upload');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('File upload successfully')).toBeVisible();
  const grid = page.getByRole('grid', { name: 'Markdown files' });
  await expect(grid.getByText('home.md')).toBeVisible();
  await expect(grid.getByText('MarkDown')).toBeVisible();
  await screenshot(page, 'admin-markdown-list');

  // The reader's page picks the new markdown up at its refresh check, with no reload.
  await expect(readerPage.getByRole('heading', { name: 'Welcome, auditors' })).toBeVisible({
    timeout: 15_000,
  });
  expect(loads).toEqual([]);
  const body = readerPage.locator('.markdown-body');
  await expect(body.getByRole('link', { name: 'audit guide' })).toHaveAttribute(
    'href',
    'https://example.org/guide',
  );
  await expect(body.getByRole('cell', { name: 'Alameda' })).toBeVisible();
  expect(await body.locator('script').count()).toBe(0);
  expect(await body.locator('[onerror], [onclick], [onload]').count()).toBe(0);
  expect(await body.locator('[href^="javascript:" i], [src^="javascript:" i]').count()).toBe(0);
  await body.getByText('Click for prizes').click();
  expect(await readerPage.evaluate(() => (window as { __pwned?: string }).__pwned)).toBeUndefined();
  await screenshot(readerPage, 'home-markdown');

  // Editing in the markdown editor: an empty page is refused, a change reaches the reader.
  await page.getByRole('button', { name: 'Edit Welcome' }).click();
  const editor = page.getByRole('dialog', { name: 'Edit Markdown' });
  const text = editor.getByRole('textbox', { name: 'Markdown' });
  await expect(text).toHaveValue(/Welcome, auditors/);
  await text.fill('');
  await editor.getByRole('button', { name: 'Update' }).click();
  await expect(editor.getByText('Markdown File Required')).toBeVisible();
  await text.fill('# Counting moved to Tuesday');
  await editor.getByRole('tab', { name: 'Preview' }).click();
  await expect(editor.getByRole('heading', { name: 'Counting moved to Tuesday' })).toBeVisible();
  await screenshot(page, 'admin-markdown-edit');
  await editor.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Markdown update success')).toBeVisible();
  await expect(readerPage.getByRole('heading', { name: 'Counting moved to Tuesday' })).toBeVisible({
    timeout: 15_000,
  });

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download home.md' }).click();
  expect((await download).suggestedFilename()).toBe('home.md');
  await readerContext.close();
});

test('the Admin grants a user the test-job flag and a per-job page range; the user sees the Test JOB List', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const person = await createAccount(request, { first: 'Tess', last: 'Tester' });
  const { token, electionId } = await createElection(request, 'Lake', 'Permission election');
  const job = await apiCall<{ id: number; name: string }>(request, token, 'POST', '/audit-jobs', {
    name: 'Alpine test audit',
    description: 'Dry run',
    election_id: electionId,
    is_test: true,
  });

  await signIn(page, ADMIN);
  await page.goto('/admin-board?tab=users');
  await page.getByRole('textbox', { name: 'Search' }).fill(person.email);
  const grid = page.getByRole('grid', { name: 'Active users' });
  await expect(grid.getByText(person.email)).toBeVisible();
  await expect(
    grid.getByRole('checkbox', { name: `Test Job of ${person.email}` }),
  ).not.toBeChecked();
  await screenshot(page, 'admin-users');

  await grid.getByRole('button', { name: `Permissions of ${person.email}` }).click();
  const dialog = page.getByRole('dialog', { name: /Audit Permission/ });
  await dialog.getByRole('checkbox', { name: 'Test Job' }).check();
  await dialog.getByRole('button', { name: 'Add Job' }).click();
  await dialog.getByRole('combobox', { name: 'Job of row 1' }).click();
  await page.getByRole('option', { name: 'Alpine test audit (test)' }).click();
  await dialog.getByRole('textbox', { name: 'Start of row 1' }).fill('5');
  await dialog.getByRole('textbox', { name: 'End of row 1' }).fill('2');
  await dialog.getByRole('button', { name: 'Update' }).click();
  await expect(dialog.getByText('Row 1: the end must not be before the start.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'End of row 1' }).fill('250');
  await screenshot(page, 'admin-audit-permission');
  await dialog.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Permission Updated Successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(grid.getByRole('checkbox', { name: `Test Job of ${person.email}` })).toBeChecked();

  // What the person now holds, as the server enforces it.
  const personToken = await apiSignIn(request, person);
  // A User without a plan is kept off the audit jobs list; as a Client they may open it.
  const found = await apiCall<{ items: { id: number }[] }>(
    request,
    token,
    'GET',
    `/users?search=${encodeURIComponent(person.email)}`,
  );
  await apiCall(request, token, 'PUT', `/users/${found.items[0]!.id}`, {
    role: 'Client',
    country: 'US',
    state: 'CA',
  });
  const own = await apiCall<{ test_job: boolean; audits: Record<string, unknown>[] }>(
    request,
    personToken,
    'GET',
    '/get-permission',
  );
  expect(own.test_job).toBe(true);
  expect(own.audits).toEqual([
    expect.objectContaining({ jobid: job.id, fullRange: false, page_1: true, start: 5, end: 250 }),
  ]);
  const testList = await apiCall<{ items: { id: number }[] }>(
    request,
    personToken,
    'GET',
    '/audit-jobs?test=true',
  );
  expect(testList.items.map((item) => item.id)).toContain(job.id);

  // In the browser the person now has the Test JOB List, with the granted test job in it.
  const personContext = await browser.newContext();
  const personPage = await personContext.newPage();
  await signIn(personPage, person);
  await personPage.goto('/audit-jobs');
  await personPage.getByRole('tab', { name: 'Test JOB List' }).click();
  const tests = personPage.getByRole('grid', { name: 'Test JOB List' });
  await expect(tests.getByText('Alpine test audit')).toBeVisible();
  await expect(tests.getByText('Lake, CA, US')).toBeVisible();
  await screenshot(personPage, 'audit-jobs-test-list');
  await personContext.close();

  // The Admin Dashboard counts the job by its status, as the database holds it.
  const figures = await apiCall<{
    jobs: { total: number; by_status: { status: string; count: number }[] };
  }>(request, token, 'GET', '/admin/dashboard');
  expect(figures.jobs.total).toBeGreaterThanOrEqual(1);
  const statuses = figures.jobs.by_status.map((row) => row.status);
  expect(statuses).toContain('New');
  await page.goto('/admin-board?tab=dashboard');
  const jobsFigure = page.getByText('Audit jobs', { exact: true }).locator('..');
  // Tests beside this one add jobs: the page shows what the database holds when it is read.
  await expect(async () => {
    const now = await apiCall<{ jobs: { total: number } }>(
      request,
      token,
      'GET',
      '/admin/dashboard',
    );
    await page.reload();
    await expect(jobsFigure.getByText(String(now.jobs.total), { exact: true })).toBeVisible({
      timeout: 3_000,
    });
  }).toPass({ timeout: 30_000 });
  const chart = page.getByRole('heading', { name: 'Audit jobs by status' }).locator('..');
  for (const status of statuses) {
    await expect(chart.locator('text', { hasText: status }).first()).toBeVisible();
  }
  await chart.scrollIntoViewIfNeeded();
  await screenshot(page, 'admin-dashboard-jobs');
});

test('the Admin edits and deactivates a user, whose open session is refused at once, then reactivates them', async ({
  page,
  browser,
  request,
}) => {
  const person = await createAccount(request, { first: 'Dora', last: 'Deactivated' });
  const personContext = await browser.newContext();
  const personPage = await personContext.newPage();
  await signIn(personPage, person);

  await signIn(page, ADMIN);
  await page.goto('/admin-board?tab=users');
  await page.getByRole('textbox', { name: 'Search' }).fill(person.email);
  const grid = page.getByRole('grid', { name: 'Active users' });
  await grid.getByRole('button', { name: `Edit ${person.email}` }).click();
  const edit = page.getByRole('dialog', { name: 'Update User Data' });
  await expect(edit.getByLabel('Email')).toBeDisabled();
  await edit.getByLabel('Zip Code').fill('94A');
  await edit.getByRole('button', { name: 'Update' }).click();
  await expect(edit.getByText('Invalid value.')).toBeVisible();
  await edit.getByLabel('Zip Code').fill('94110');
  await screenshot(page, 'admin-edit-user');
  await edit.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('User Updated Successfully')).toBeVisible();

  await grid.getByRole('button', { name: `Deactivate ${person.email}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByText('User Deactivated Successfully')).toBeVisible();
  // The empty grid names the search in its message, so look for the person's row.
  await expect(grid.getByRole('button', { name: `Deactivate ${person.email}` })).toHaveCount(0);

  // The person's next page load asks the server and is sent to sign in.
  await personPage.goto('/account-settings');
  await expect(personPage).toHaveURL(/\/session\/login/);
  await personContext.close();

  await page.getByRole('button', { name: 'Inactive' }).click();
  const inactive = page.getByRole('grid', { name: 'Inactive users' });
  await expect(inactive.getByText(person.email)).toBeVisible();
  await screenshot(page, 'admin-inactive-users');
  await inactive.getByRole('button', { name: `Reactivate ${person.email}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Reactivate' }).click();
  await expect(page.getByText('User Activated Successfully')).toBeVisible();
  await expect(inactive.getByRole('button', { name: `Reactivate ${person.email}` })).toHaveCount(0);
});

test('the Admin Dashboard shows real figures and Restart RDS reports the health check', async ({
  page,
  request,
}) => {
  // A new account is mailed a verification link, which the outbox then lists.
  await createAccount(request, { first: 'Olga', last: 'Outbox' });

  await signIn(page, ADMIN);
  await page.goto('/admin-board');
  await expect(page.getByRole('tab', { name: 'Admin Dashboard', selected: true })).toBeVisible();
  await expect(page.getByText('Users by role')).toBeVisible();
  await expect(page.getByText('Storage used')).toBeVisible();
  await page.getByRole('button', { name: 'Restart RDS' }).click();
  await expect(page.getByText(/Restarting RDS: database answers/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Restart RDS' })).toBeDisabled();
  await screenshot(page, 'admin-dashboard');
  await expect(page.getByText('Donations by month')).toBeVisible();
  await page.getByRole('tab', { name: 'Fundraising' }).click();
  await expect(page.getByRole('columnheader', { name: 'Transaction Id' })).toBeVisible();
  await screenshot(page, 'admin-fundraising');
  await page.getByRole('tab', { name: 'Mail Outbox' }).click();
  await expect(
    page
      .getByRole('grid', { name: 'Mail outbox' })
      .getByText(/Verify/)
      .first(),
  ).toBeVisible();
  await screenshot(page, 'admin-mail-outbox');
});

test('the leaderboard lists people with their scores and searches them', async ({
  page,
  request,
}) => {
  const person = await createAccount(request, { first: 'Lena', last: 'Leader' });
  await signIn(page, person);
  await page.goto('/leaderboard');
  await expect(page.getByRole('columnheader', { name: 'Mapper Score' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Search' }).fill(person.email);
  const grid = page.getByRole('grid', { name: 'Leaderboard' });
  await expect(grid.getByText(person.email)).toBeVisible();
  await expect(grid.getByRole('row')).toHaveCount(2);
  await screenshot(page, 'leaderboard');
});

/** The account's id, as the Admin's users list finds it. */
async function userIdOf(request: APIRequestContext, adminToken: string, email: string) {
  const found = await apiCall<{ items: { id: number }[] }>(
    request,
    adminToken,
    'GET',
    `/users?search=${encodeURIComponent(email)}`,
  );
  return found.items[0]!.id;
}

test('the Admin adds an audit type with an argument group and arguments in the Audit Types tab', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await signIn(page, ADMIN);
  await page.goto('/admin-board?tab=audit-types');
  const types = page.getByRole('grid', { name: 'Audit types' });
  await expect(types.getByText('ballot_image_audit')).toBeVisible();

  // Closing a started form asks first.
  await page.getByRole('button', { name: 'Add Audit Type' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add Audit Type' });
  await dialog.getByLabel('Name').fill('Draft');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();

  // The ID follows the name; a taken ID or an empty name keeps Add disabled.
  await page.getByRole('button', { name: 'Add Audit Type' }).click();
  dialog = page.getByRole('dialog', { name: 'Add Audit Type' });
  const add = dialog.getByRole('button', { name: 'Add' });
  await expect(add).toBeDisabled();
  await dialog.getByLabel('Name').fill('Ballot Image Audit');
  await expect(dialog.getByLabel('ID')).toHaveValue('ballot_image_audit');
  await expect(dialog.getByText('An audit type with this ID already exists.')).toBeVisible();
  await expect(add).toBeDisabled();
  await dialog.getByLabel('Name').fill('Risk-Limiting Audit!');
  await expect(dialog.getByLabel('ID')).toHaveValue('risklimiting_audit');
  await dialog.getByRole('checkbox', { name: 'Premium' }).check();
  await dialog.getByLabel('Help').fill('Samples ballots until the outcome is confirmed.');
  await screenshot(page, 'admin-audit-type-dialog');
  await add.click();
  await expect(page.getByText('Audit type created')).toBeVisible();
  await expect(types.getByText('risklimiting_audit')).toBeVisible();

  // Its argument groups: none yet; a group needs its key.
  await types.getByRole('button', { name: 'Arguments of Risk-Limiting Audit!' }).click();
  await expect(
    page.getByRole('heading', { name: 'Argument specifications of Risk-Limiting Audit!' }),
  ).toBeVisible();
  await expect(page.getByText('No argument groups yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Add Group' }).click();
  const groupDialog = page.getByRole('dialog', { name: 'Add Argument Group' });
  await expect(groupDialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  await groupDialog.getByRole('textbox', { name: 'Group', exact: true }).fill('rla_specs');
  await groupDialog.getByLabel('Group Name').fill('Sampling');
  await groupDialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('ArgGroup Created')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Sampling' })).toBeVisible();

  // An argument whose default does not fit its type is refused with the server's reason.
  await page.getByRole('button', { name: 'Add Argument' }).click();
  const argDialog = page.getByRole('dialog', { name: 'Add Argument' });
  await argDialog.getByLabel('Argument').fill('sample_size');
  await argDialog.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'int', exact: true }).click();
  await argDialog.getByLabel('Default Value').fill('many');
  await argDialog.getByRole('button', { name: 'Save' }).click();
  await expect(argDialog.getByText('value: sample_size: Must be a whole number.')).toBeVisible();
  await argDialog.getByLabel('Default Value').fill('40');
  await argDialog.getByRole('checkbox', { name: 'Required' }).check();
  await argDialog.getByRole('combobox', { name: 'Stages' }).click();
  await page.getByRole('option', { name: 'Chosen stages' }).click();
  await expect(argDialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  await argDialog.getByRole('combobox', { name: 'Stage list' }).click();
  await page.getByRole('option', { name: 'cmpcvr' }).click();
  await argDialog.getByLabel('Help').fill('Ballots drawn per round');
  await screenshot(page, 'admin-argument-dialog');
  await argDialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Argument Created')).toBeVisible();

  await page.getByRole('button', { name: 'Add Argument' }).click();
  const second = page.getByRole('dialog', { name: 'Add Argument' });
  await second.getByLabel('Argument').fill('method');
  await second.getByLabel('Choices').fill('ballot_polling');
  await second.getByLabel('Choices').press('Enter');
  await second.getByLabel('Choices').fill('comparison');
  await second.getByLabel('Choices').press('Enter');
  await second.getByRole('combobox', { name: 'Default Value' }).click();
  await page.getByRole('option', { name: 'comparison' }).click();
  await second.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Argument Created').first()).toBeVisible();
  const args = page.getByRole('grid', { name: 'Arguments of rla_specs' });
  await expect(args.getByText('sample_size')).toBeVisible();
  await expect(args.getByText('ballot_polling, comparison')).toBeVisible();
  await screenshot(page, 'admin-audit-types');

  // The job settings read these specs.
  const token = await apiSignIn(request, ADMIN);
  const specs = await apiCall<{ items: { group: string; arguments: Record<string, unknown>[] }[] }>(
    request,
    token,
    'GET',
    '/job-settings/arg-specs?audit_type_id=risklimiting_audit',
  );
  expect(specs.items).toEqual([
    expect.objectContaining({
      group: 'rla_specs',
      arguments: [
        expect.objectContaining({
          argument: 'sample_size',
          type: 'int',
          value: '40',
          required: 'TRUE',
          stages: 'cmpcvr',
        }),
        expect.objectContaining({ argument: 'method', value: 'comparison' }),
      ],
    }),
  ]);

  // Change and remove an argument; the ID of a type cannot change.
  await args.getByRole('button', { name: 'Edit argument sample_size' }).click();
  const edit = page.getByRole('dialog', { name: 'Update Argument' });
  await edit.getByLabel('Default Value').fill('60');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Argument Updated')).toBeVisible();
  await expect(args.getByRole('gridcell', { name: '60', exact: true })).toBeVisible();
  await args.getByRole('button', { name: 'Delete argument method' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Argument deleted')).toBeVisible();
  await expect(args.getByText('method')).toHaveCount(0);
  await types.getByRole('button', { name: 'Edit Risk-Limiting Audit!' }).click();
  const update = page.getByRole('dialog', { name: 'Update Audit Type' });
  await expect(update.getByLabel('ID')).toBeDisabled();
  await update.getByLabel('Name').fill('Risk-Limiting Audit');
  await update.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Audit type updated')).toBeVisible();

  // The same editor at /admin-audit-types.
  await page.goto('/admin-audit-types');
  await expect(page.getByRole('heading', { name: 'Audit Types', level: 1 })).toBeVisible();
  await expect(
    page
      .getByRole('grid', { name: 'Audit types' })
      .getByText('Risk-Limiting Audit', { exact: true }),
  ).toBeVisible();
});

test('a person asks for jobs; the Admin grants one in Assign Job Permission; the person then sees it', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const person = await createAccount(request, { first: 'Petra', last: 'Petitioner' });
  const { token, electionId } = await createElection(request, 'Mendocino', 'Harbor election');
  for (const name of ['Harbor audit', 'Harbor recount']) {
    await apiCall(request, token, 'POST', '/audit-jobs', {
      name,
      description: 'Public audit',
      election_id: electionId,
    });
  }
  // A Client may open the audit jobs list (a User without a plan is sent home).
  await apiCall(request, token, 'PUT', `/users/${await userIdOf(request, token, person.email)}`, {
    role: 'Client',
    country: 'US',
    state: 'CA',
  });

  const personContext = await browser.newContext();
  const personPage = await personContext.newPage();
  await signIn(personPage, person);
  await personPage.goto('/audit-jobs');
  const jobs = personPage.getByRole('grid', { name: 'JOB List' });
  await expect(personPage.getByText('No audit jobs yet.')).toBeVisible();
  await personPage.getByRole('button', { name: 'Request Job Permission' }).click();
  const ask = personPage.getByRole('dialog', { name: 'Request Job Permission' });
  await ask.getByRole('button', { name: 'Send Request' }).click();
  await expect(personPage.getByText('Please select one job')).toBeVisible();
  await ask.getByRole('checkbox', { name: 'Harbor audit' }).check();
  await ask.getByRole('checkbox', { name: 'Harbor recount' }).check();
  await ask.getByRole('button', { name: 'Send Request' }).click();
  await expect(personPage.getByText('Send request to acess a job successfully')).toBeVisible();

  await signIn(page, ADMIN);
  await page.goto('/admin-board?tab=job-permissions');
  const requests = page.getByRole('grid', { name: 'Job permission requests' });
  await page.getByRole('textbox', { name: 'Search' }).fill(person.email);
  const row = requests.getByRole('row').filter({ hasText: person.email });
  await expect(row.getByText('Pending')).toBeVisible();
  await expect(row.getByText('Harbor audit, Harbor recount')).toBeVisible();
  await screenshot(page, 'admin-job-permission-requests');
  await row.getByRole('button', { name: `Assign jobs to ${person.email}` }).click();
  const assign = page.getByRole('dialog', { name: 'Assign Job Permission' });
  await assign.getByRole('button', { name: 'Update' }).click();
  await expect(assign.getByText('At least one checkbox checked')).toBeVisible();
  await assign.getByRole('checkbox', { name: 'Accept Harbor audit' }).check();
  await screenshot(page, 'admin-assign-job-permission');
  await assign.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Job permission update successfully')).toBeVisible();
  await expect(assign).toBeHidden();
  await expect(row.getByText('Answered')).toBeVisible();

  await personPage.reload();
  await expect(jobs.getByText('Harbor audit')).toBeVisible();
  await expect(jobs.getByText('Harbor recount')).toHaveCount(0);
  await personContext.close();
});

test('the Admin gives a User a subscription by hand and reads it in Subscription Details', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const person = await createAccount(request, { first: 'Sam', last: 'Subscriber' });
  const token = await apiSignIn(request, ADMIN);
  const packageName = `Auditor plan ${Date.now()}`;
  await apiCall(request, token, 'POST', '/packages', {
    name: packageName,
    description: 'Elections and audit jobs',
    monthlyPrice: 15,
    yearlyPrice: 150,
  });

  await signIn(page, ADMIN);
  await page.goto('/admin-board?tab=users');
  const grid = page.getByRole('grid', { name: 'Active users' });
  // No subscription actions on an Admin-role account.
  await page.getByRole('textbox', { name: 'Search' }).fill(ADMIN.email);
  await expect(grid.getByText(ADMIN.email)).toBeVisible();
  await expect(grid.getByRole('button', { name: `Subscriptions of ${ADMIN.email}` })).toHaveCount(
    0,
  );
  await expect(
    grid.getByRole('button', { name: `Manual subscription for ${ADMIN.email}` }),
  ).toHaveCount(0);

  await page.getByRole('textbox', { name: 'Search' }).fill(person.email);
  await grid.getByRole('button', { name: `Subscriptions of ${person.email}` }).click();
  let details = page.getByRole('dialog', { name: 'Subscription Details' });
  await expect(details.getByText('No subscriptions yet.')).toBeVisible();
  await details.getByRole('button', { name: 'Close' }).click();

  await grid.getByRole('button', { name: `Manual subscription for ${person.email}` }).click();
  const manual = page.getByRole('dialog', { name: 'Subscription: Manually' });
  const create = manual.getByRole('button', { name: 'Create' });
  await expect(create).toBeDisabled();
  await expect(manual.getByRole('combobox', { name: 'Package Type' })).toHaveText('Monthly');
  await manual.getByRole('combobox', { name: 'Package', exact: true }).click();
  await page.getByRole('option', { name: packageName }).click();
  await expect(manual.getByLabel('Price')).toHaveValue('$15');
  await manual.getByRole('combobox', { name: 'Package Type' }).click();
  await page.getByRole('option', { name: 'Yearly' }).click();
  await expect(manual.getByLabel('Price')).toHaveValue('$150');
  await screenshot(page, 'admin-manual-subscription');
  await create.click();
  await expect(page.getByText('Manual Package Created')).toBeVisible();

  await grid.getByRole('button', { name: `Subscriptions of ${person.email}` }).click();
  details = page.getByRole('dialog', { name: 'Subscription Details' });
  const subscriptions = details.getByRole('table', { name: `Subscriptions of ${person.email}` });
  const line = subscriptions.getByRole('row').filter({ hasText: packageName });
  await expect(line.getByText('Yearly')).toBeVisible();
  await expect(line.getByText('$150')).toBeVisible();
  await expect(line.getByText('Active (manual)')).toBeVisible();
  await details.getByRole('textbox', { name: 'Search' }).fill('no such package');
  await expect(details.getByText('No subscription matches.')).toBeVisible();
  await details.getByRole('textbox', { name: 'Search' }).fill('');
  await expect(line).toBeVisible();
  await screenshot(page, 'admin-subscription-details');
  await line.getByRole('button', { name: 'Payment details' }).click();
  const payment = page.getByRole('dialog', { name: 'Payment Details' });
  await expect(payment.getByText('Given by an Admin; no card payment.')).toBeVisible();
  await payment.getByRole('button', { name: 'Close' }).click();

  // The plan opens the elections area to the User at their next sign-in.
  const personContext = await browser.newContext();
  const personPage = await personContext.newPage();
  await signIn(personPage, person);
  await personPage.goto('/elections');
  await expect(personPage).toHaveURL(/\/elections$/);
  await expect(personPage.getByRole('heading', { name: 'Elections', level: 1 })).toBeVisible();
  await personContext.close();
});
