import { expect, test, type Page, type Response } from '@playwright/test';
import { ADMIN, createAccount, screenshot, signIn, toast } from '../support/api';
import { addMember, apiCall, createElection, makeZip } from '../support/uploads';

const MIB = 1024 * 1024;

/** Every API answer of the page with a 4xx status, as `METHOD path status`. */
function refusals(page: Page): string[] {
  const seen: string[] = [];
  page.on('response', (response: Response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/api/') && response.status() >= 400 && response.status() < 500)
      seen.push(`${response.request().method()} ${url.pathname} ${response.status()}`);
  });
  return seen;
}

async function throttleUploads(page: Page, megabitsPerSecond: number | null) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: megabitsPerSecond === null ? -1 : (megabitsPerSecond * 1_000_000) / 8,
  });
}

const isoDay = (offsetDays: number) => {
  const date = new Date();
  date.setDate(date.getDate() + offsetDays);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
};

/** The same day as the app shows it (en-GB): 26/11/2026. */
const gbDay = (offsetDays: number) => isoDay(offsetDays).split('-').reverse().join('/');

test('Election Files: after an upload the dialog is empty, Upload is disabled and never sits under Cancel', async ({
  page,
  request,
}) => {
  const { electionId } = await createElection(request, 'Napa', 'Napa General 2024');
  const zip = await makeZip('napa-bia.zip', 12 * MIB);

  await signIn(page, ADMIN);
  await page.goto(`/elections/${electionId}`);
  await page.getByRole('tab', { name: 'Election Files' }).click();
  await page.getByRole('button', { name: 'Upload File' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload File Set for Napa General 2024' });
  await dialog.getByLabel('Choose Zip File').setInputFiles(zip);
  const upload = dialog.getByRole('button', { name: 'Upload', exact: true });
  await throttleUploads(page, 40);
  await upload.click();
  const cancel = dialog.getByRole('button', { name: 'Cancel' });
  await expect(cancel).toBeVisible();
  await expect(upload).toBeDisabled();
  // The form empties at once: the set carries the file.
  await expect(dialog.getByText('No file chosen')).toBeVisible();
  const cancelBox = await cancel.boundingBox();
  const uploadBox = await upload.boundingBox();
  // Cancel sits beside Upload, not in its place.
  expect((cancelBox?.x ?? 0) + (cancelBox?.width ?? 0)).toBeLessThanOrEqual(uploadBox?.x ?? 0);
  await screenshot(page, 'newcomer-set-uploading');
  await throttleUploads(page, null);

  await toast(page, 'File upload successfully');
  await expect(dialog.getByText('No file chosen')).toBeVisible();
  await expect(upload).toBeDisabled();
  await expect(cancel).toHaveCount(0);
  // Upload has not moved: what lies where Cancel was is not Upload.
  expect(await upload.boundingBox()).toEqual(uploadBox);
  await screenshot(page, 'newcomer-set-uploaded');
  // A click where Cancel was, and one on Upload, make no second set.
  if (cancelBox) await page.mouse.click(cancelBox.x + 5, cancelBox.y + 5);
  await upload.click({ force: true });
  await page.keyboard.press('Escape');
  const rows = page.getByRole('grid', { name: 'Election files' }).getByRole('row');
  await expect(rows.filter({ hasText: 'napa-bia.zip' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'napa-bia.zip' })).toContainText('Uploaded');
});

test('Upload requests refuse a Valid Through in the past or empty, at the field, and the server refuses it too', async ({
  page,
  request,
}) => {
  const { token, electionId } = await createElection(request, 'Yolo', 'Yolo General 2024');
  const past = await request.post('/api/upload-requests', {
    headers: { authorization: `Bearer ${token}` },
    data: { election_id: electionId, name: 'Late', valid_through: isoDay(-3) },
  });
  expect(past.status()).toBe(400);
  expect(await past.json()).toEqual({
    error: 'valid_through: Valid Through cannot be in the past.',
  });

  await signIn(page, ADMIN);
  await page.goto(`/elections/${electionId}`);
  await page.getByRole('tab', { name: 'Upload Requests' }).click();
  await page.getByRole('button', { name: 'Request Upload' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload Request For Yolo General 2024' });
  await dialog.getByLabel('Name').fill('County Clerk');
  await dialog.getByRole('textbox', { name: 'Email' }).fill('clerk@yolo.example.org');
  const date = dialog.getByLabel('Valid Through');
  await date.fill(isoDay(-1));
  await expect(dialog.getByText('Valid Through cannot be in the past.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Send' })).toBeDisabled();
  await screenshot(page, 'newcomer-request-past-date');
  await date.fill('');
  await expect(dialog.getByText('Choose a Valid Through date.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Send' })).toBeDisabled();
  await screenshot(page, 'newcomer-request-empty-date');
  await date.fill(isoDay(7));
  await dialog.getByRole('button', { name: 'Send' }).click();
  await toast(page, 'Upload request sent');
  await expect(
    page.getByRole('grid', { name: 'Upload requests' }).getByRole('row', { name: /County Clerk/ }),
  ).toContainText(gbDay(7));
});

test('districts: a name in place of an id is not found, a User with no plan gets the message without a refused call, an Observer reads Upload Requests', async ({
  page,
  request,
}) => {
  await signIn(page, ADMIN);
  await page.goto('/districts/Mono');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByText('New District')).toHaveCount(0);
  await expect(page.getByText(/NaN/)).toHaveCount(0);
  await screenshot(page, 'newcomer-district-not-found');

  const noPlan = await createAccount(request, { first: 'Petra', last: 'Planless' });
  await page.evaluate(() => localStorage.clear());
  const refused = refusals(page);
  await signIn(page, noPlan);
  await page.goto('/districts');
  await expect(page.getByText("You don't have permission. Please contact Admin.")).toBeVisible();
  await expect(page.getByRole('button', { name: 'New District' })).toBeDisabled();
  await screenshot(page, 'newcomer-districts-no-plan');
  expect(refused).toEqual([]);

  const { token, districtId, electionId } = await createElection(
    request,
    'Kern',
    'Kern General 2024',
  );
  const observer = await addMember(request, token, electionId, 'Observer', {
    first: 'Olive',
    last: 'Observer',
  });
  await apiCall(request, token, 'POST', '/upload-district-requests', {
    district_id: districtId,
    name: 'Kern Registrar',
    email: 'registrar@kern.example.org',
    valid_through: isoDay(10),
  });
  await page.evaluate(() => localStorage.clear());
  await signIn(page, observer);
  await page.goto(`/districts/${districtId}`);
  await expect(page.getByRole('tab', { name: 'File Upload' })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Upload Requests' }).click();
  await expect(page).toHaveURL(/activetab=UploadRequests/);
  const row = page.getByRole('grid', { name: 'Upload requests' }).getByRole('row', {
    name: /Kern Registrar/,
  });
  await expect(row).toContainText('Valid');
  await expect(row.getByRole('button')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Request Upload' })).toHaveCount(0);
  await screenshot(page, 'newcomer-district-observer-requests');
});

test('an access token about to end is renewed before the next call, with no 401 on the way', async ({
  page,
}) => {
  await signIn(page, ADMIN);
  const refused = refusals(page);
  const renewed: string[] = [];
  page.on('request', (sent) => {
    if (new URL(sent.url()).pathname === '/api/auth/refresh') renewed.push(sent.url());
  });
  // The token has 30 seconds left: the next call renews it first.
  await page.evaluate(() =>
    localStorage.setItem('scrutineer.expires_at', String(Date.now() + 30_000)),
  );
  await page.getByRole('link', { name: 'Districts' }).first().click();
  await expect(page.getByRole('heading', { name: 'Districts' })).toBeVisible();
  await expect.poll(() => renewed.length).toBeGreaterThan(0);
  // The refresh request is seen when sent; the new expiry is stored once its answer arrives.
  await expect
    .poll(() => page.evaluate(() => Number(localStorage.getItem('scrutineer.expires_at'))))
    .toBeGreaterThan(Date.now() + 120_000);
  expect(refused).toEqual([]);
});

test('forms show refusals at their field in plain words', async ({ page, request }) => {
  await page.goto('/session/signup');
  await page.getByLabel('First Name').fill('Gr4ce');
  await page.getByLabel('Last Name').fill('Hopper');
  await page.getByLabel('Email').fill(`grace.${Date.now()}@example.org`);
  await page.getByLabel('Phone Number').fill('abc');
  await page.getByLabel('Password', { exact: true }).fill('a good password');
  await page.getByLabel('Confirm Password').fill('a good password');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('Names cannot contain digits.')).toBeVisible();
  await expect(
    page.getByText('Enter a phone number: digits, spaces and + - ( ) only.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/session\/signup$/);
  await screenshot(page, 'newcomer-signup-fields');

  await signIn(page, ADMIN);
  await page.goto('/projects');
  await page.getByRole('button', { name: 'Add Project' }).click();
  const project = page.getByRole('dialog', { name: 'Project Attributes' });
  await project.getByLabel('Donation Target').fill('-5');
  await project.getByRole('button', { name: 'Add' }).click();
  await expect(project.getByText('Required.')).toBeVisible();
  await expect(project.getByText('Must not be negative.')).toBeVisible();
  await screenshot(page, 'newcomer-project-fields');
  await page.keyboard.press('Escape');

  await page.goto('/districts/new');
  await page.getByRole('combobox', { name: 'Districts' }).fill('Kings');
  await page.getByRole('option', { name: 'Kings', exact: true }).click();
  await page.getByLabel('State Postal Code').fill('abc');
  await page.getByLabel('Phone Number').fill('abc');
  await page.getByLabel('Email').fill('elections@kings.example.org');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Enter a ZIP code such as 95814 or CA 95814.')).toBeVisible();
  await expect(
    page.getByText('Enter a phone number: digits, spaces and + - ( ) only.'),
  ).toBeVisible();
  await screenshot(page, 'newcomer-district-fields');

  // An over-long election name reads in plain words at the field, not zod's text in a toast.
  const { electionId } = await createElection(request, 'Mariposa', 'Mariposa General 2024');
  await page.goto(`/elections/${electionId}`);
  await page.getByLabel('Name').first().fill('N'.repeat(201));
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Must be at most 200 characters.')).toBeVisible();
  await expect(page.getByText(/Too big|expected string/)).toHaveCount(0);
  await screenshot(page, 'newcomer-election-name-long');
});

test('lists: a search with no match says so, the election tab stays in the address, Projects is in the menu', async ({
  page,
  request,
}) => {
  const { token, electionId } = await createElection(request, 'Sutter', 'Sutter General 2024');
  const job = await apiCall<{ id: number }>(request, token, 'POST', '/audit-jobs', {
    name: 'Sutter first audit',
    description: '',
    election_id: electionId,
  });
  await signIn(page, ADMIN);
  await page
    .getByRole('navigation', { name: /main/i })
    .getByRole('link', { name: 'Projects' })
    .click();
  await expect(page).toHaveURL(/\/projects$/);

  await page.goto('/audit-jobs');
  await page.getByLabel('Search').fill('no job is called this');
  await expect(page.getByText('Nothing matches “no job is called this”.')).toBeVisible();
  await screenshot(page, 'newcomer-search-no-match');

  await page.goto(`/elections/${electionId}`);
  await page.getByRole('tab', { name: 'Users' }).click();
  await expect(page).toHaveURL(/activetab=Users/);
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Users' })).toHaveAttribute('aria-selected', 'true');
  await screenshot(page, 'newcomer-election-tab-kept');

  // A job with no files yet says where to start.
  await page.goto(`/audit-jobs/${job.id}`);
  await page.getByRole('tab', { name: 'Job Files' }).click();
  await expect(page.getByRole('alert', { name: 'Where to start' })).toContainText(
    '1. Create Job File',
  );
  await screenshot(page, 'newcomer-job-files-start');
});
