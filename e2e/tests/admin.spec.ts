import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, apiSignIn, createAccount, screenshot, signInThroughForm } from '../support/api';
import { apiCall, createElection } from '../support/uploads';

async function signIn(page: Page, account: { email: string; password: string }) {
  await page.goto('/session/login');
  await signInThroughForm(page, account);
  await expect(page).toHaveURL(/\/home$/);
}

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

test('the Admin grants a user the test-job flag and a per-job page range in the Audit Permission dialog', async ({
  page,
  request,
}) => {
  const person = await createAccount(request, { first: 'Tess', last: 'Tester' });
  const { token, electionId } = await createElection(request, 'Lassen', 'Permission election');
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
  await expect(grid.getByText(person.email)).toHaveCount(0);

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
  await expect(inactive.getByText(person.email)).toHaveCount(0);
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
