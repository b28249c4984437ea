import { expect, test, type Page } from '@playwright/test';
import { ADMIN, apiSignIn, mailedLink, screenshot, signIn, toast } from '../support/api';
import { addMember, apiCall, createElection, makeText, makeZip } from '../support/uploads';

const MIB = 1024 * 1024;

/** Sends part uploads through a slow link, so progress can be watched. */
async function throttleUploads(page: Page, megabitsPerSecond: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: (megabitsPerSecond * 1_000_000) / 8,
  });
  return () =>
    cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
}

test('an Uploader uploads two files from the File Upload tab and sees progress and Success', async ({
  page,
  request,
}) => {
  const { token, electionId } = await createElection(request, 'Amador', 'Amador General 2024');
  const uploader = await addMember(request, token, electionId, 'Uploader', {
    first: 'Uma',
    last: 'Uploader',
  });
  // 70 MB travels in nine parts of 8 MiB, three side by side.
  const big = await makeZip('amador-ballot-images.zip', 70 * MIB);
  const small = await makeZip('amador-cvr.zip', 20_000);

  await signIn(page, uploader);
  await page.goto(`/elections/${electionId}`);
  await page.getByRole('tab', { name: 'File Upload' }).click();
  await expect(page.getByRole('heading', { name: 'Direct Uploads' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Requested Uploads' })).toBeVisible();
  await page.getByRole('button', { name: 'Upload Files' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload Files for Amador General 2024' });
  await dialog.getByLabel('Select Files').setInputFiles([big, small]);
  const bigRow = dialog.getByRole('listitem', { name: 'amador-ballot-images.zip' });
  const smallRow = dialog.getByRole('listitem', { name: 'amador-cvr.zip' });
  await expect(bigRow).toContainText('Ready');
  await expect(smallRow).toContainText('Ready');
  await screenshot(page, 'uploads-dialog-ready');

  const unthrottle = await throttleUploads(page, 60);
  await dialog.getByRole('button', { name: 'Upload All' }).click();
  await expect(bigRow).toContainText('Uploading');
  await expect(bigRow).toContainText(/\d+(\.\d)? Mbps/);
  await expect
    .poll(async () => Number(await bigRow.getByRole('progressbar').getAttribute('aria-valuenow')))
    .toBeGreaterThan(5);
  await expect(bigRow).toContainText('Completed N/A');
  await screenshot(page, 'uploads-dialog-progress');
  await unthrottle();

  await expect(bigRow).toContainText('Success', { timeout: 60_000 });
  await expect(smallRow).toContainText('Success');
  await expect(bigRow).toContainText('100%');
  await expect(bigRow).not.toContainText('Completed N/A');
  await toast(page, 'amador-ballot-images.zip uploaded!');
  await screenshot(page, 'uploads-dialog-success');

  await dialog.getByRole('button', { name: 'Hide' }).click();
  const table = page.getByRole('grid', { name: 'Direct Uploads' });
  const bigListed = table.getByRole('row').filter({ hasText: 'amador-ballot-images.zip' });
  await expect(bigListed).toContainText('Success');
  await expect(bigListed).toContainText('70 MB');
  await expect(bigListed).toContainText('Uma Uploader');
  await expect(table.getByRole('row').filter({ hasText: 'amador-cvr.zip' })).toContainText(
    'Success',
  );
  await screenshot(page, 'uploads-file-upload-tab');
});

test('an upload cut off mid-way continues from the parts the server kept when the file is chosen again', async ({
  page,
  request,
}) => {
  const { token, electionId } = await createElection(request, 'Butte', 'Butte General 2024');
  const uploader = await addMember(request, token, electionId, 'Uploader', {
    first: 'Rex',
    last: 'Resume',
  });
  // Six parts of 8 MiB (the zip is a little over 40 MiB), two at a time: the first arrives,
  // the others are cut off.
  const file = await makeZip('butte-ballot-images.zip', 40 * MIB);
  const isPart = (url: URL, part: (n: number) => boolean) =>
    url.pathname.startsWith('/api/blobs/parts/') &&
    part(Number(url.searchParams.get('partNumber')));

  await signIn(page, uploader);
  await page.goto(`/elections/${electionId}`);
  await page.getByRole('tab', { name: 'File Upload' }).click();
  // The connection drops for every part but the first.
  await page.route(
    (url) => isPart(url, (n) => n > 1),
    (route) => route.abort('connectionfailed'),
  );
  await page.getByRole('button', { name: 'Upload Files' }).click();
  let dialog = page.getByRole('dialog', { name: 'Upload Files for Butte General 2024' });
  await dialog.getByLabel('Select Files').setInputFiles(file);
  await dialog.getByRole('button', { name: 'Upload All' }).click();
  const row = dialog.getByRole('listitem', { name: 'butte-ballot-images.zip' });
  // Each part is retried (0, 1, 3 and 5 s apart) before the row gives up.
  await expect(row).toContainText('Failed', { timeout: 60_000 });
  await expect(row).toContainText('the connection was lost');
  await toast(page, 'butte-ballot-images.zip upload failed!');
  await screenshot(page, 'uploads-resume-failed');
  const startedOf = async () => /Started (.+?) ·/.exec((await row.textContent()) ?? '')?.[1];
  const firstStarted = await startedOf();
  expect(firstStarted).toMatch(/\d/);

  // The page is reloaded and the connection is back; the same file is chosen again.
  await page.unrouteAll();
  await page.reload();
  const resent: string[] = [];
  page.on('request', (sent) => {
    if (isPart(new URL(sent.url()), () => true)) resent.push(sent.url());
  });
  await page.getByRole('tab', { name: 'File Upload' }).click();
  const stalled = page.getByRole('grid', { name: 'Direct Uploads' }).getByRole('row').filter({
    hasText: 'butte-ballot-images.zip',
  });
  await expect(stalled).toContainText('Uploading');
  // The row left behind offers to resume, and the dialog says how.
  await screenshot(page, 'uploads-resume-prompt-row');
  await stalled.getByRole('button', { name: 'Resume butte-ballot-images.zip' }).click();
  dialog = page.getByRole('dialog', { name: 'Upload Files for Butte General 2024' });
  await expect(
    dialog.getByText('To resume butte-ballot-images.zip, select the same file again'),
  ).toBeVisible();
  await screenshot(page, 'uploads-resume-prompt-dialog');
  await dialog.getByLabel('Select Files').setInputFiles(file);
  await dialog.getByRole('button', { name: 'Upload All' }).click();
  await expect(row).toContainText('Success', { timeout: 60_000 });
  await expect(row).toContainText('1 of 6 parts already received');
  // The upload keeps the start time of its first attempt.
  expect(await startedOf()).toBe(firstStarted);
  expect(resent.map((url) => new URL(url).searchParams.get('partNumber')).sort()).toEqual([
    '2',
    '3',
    '4',
    '5',
    '6',
  ]);
  await screenshot(page, 'uploads-resume-success');
  await dialog.getByRole('button', { name: 'Hide' }).click();
  const rows = page.getByRole('grid', { name: 'Direct Uploads' }).getByRole('row');
  await expect(rows.filter({ hasText: 'butte-ballot-images.zip' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'butte-ballot-images.zip' })).toContainText('Success');
});

test('an Auditor mails an upload request; the outside party uploads through the link signed out and the Auditor sees the file', async ({
  page,
  browser,
  request,
}) => {
  const { electionId } = await createElection(request, 'Calaveras', 'Calaveras General 2024');
  const contact = `clerk.${Date.now()}@calaveras.example.org`;
  const cvr = await makeZip('calaveras-cvr.zip', 40_000);
  const extra = makeText('calaveras-notes.txt', 'Two boxes arrive late.');

  await signIn(page, ADMIN);
  await page.goto(`/elections/${electionId}`);
  await page.getByRole('tab', { name: 'Upload Requests' }).click();
  await page.getByRole('button', { name: 'Request Upload' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload Request For Calaveras General 2024' });
  await expect(dialog.getByRole('button', { name: 'Send' })).toBeDisabled();
  await dialog.getByLabel('Name').fill('Carla Clerk');
  await dialog.getByRole('textbox', { name: 'Email' }).fill(contact);
  await dialog.getByLabel('Send Email').check();
  await dialog.getByLabel('Description').fill('Please send the cast vote records of November.');
  await expect(dialog.getByLabel('Valid Through')).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
  await screenshot(page, 'uploads-request-dialog');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await toast(page, 'Upload request sent');
  const requestRow = page.getByRole('row').filter({ hasText: 'Carla Clerk' });
  await expect(requestRow).toContainText('Email');
  await expect(requestRow).toContainText('Valid');
  await screenshot(page, 'uploads-requests-tab');

  // The outside party opens the mailed link in a browser that never signed in.
  const link = await mailedLink(request, contact, '/upload/');
  const context = await browser.newContext();
  const guest = await context.newPage();
  await guest.goto(link);
  await expect(
    guest.getByRole('heading', { name: 'Upload files for Calaveras General 2024' }),
  ).toBeVisible();
  await expect(guest.getByText(`Requested from Carla Clerk (${contact})`)).toBeVisible();
  await guest.getByLabel('Select Files').setInputFiles([cvr, extra]);
  await guest.getByRole('button', { name: 'Upload All' }).click();
  const uploads = guest.getByRole('list', { name: 'Files to upload' });
  await expect(uploads.getByRole('listitem', { name: 'calaveras-cvr.zip' })).toContainText(
    'Success',
  );
  await expect(uploads.getByRole('listitem', { name: 'calaveras-notes.txt' })).toContainText(
    'Success',
  );
  const mine = guest.getByRole('grid', { name: 'Your uploaded files' });
  await expect(mine.getByRole('row').filter({ hasText: 'calaveras-cvr.zip' })).toContainText(
    'Success',
  );
  await screenshot(guest, 'uploads-link-page');
  // The visitor removes the file sent by mistake.
  await guest.getByRole('button', { name: 'Delete calaveras-notes.txt' }).click();
  await guest
    .getByRole('dialog', { name: 'Delete calaveras-notes.txt ?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await toast(guest, 'Delete file successfully');
  await expect(mine.getByRole('row').filter({ hasText: 'calaveras-notes.txt' })).toHaveCount(0);
  await context.close();

  await page.getByRole('tab', { name: 'File Upload' }).click();
  const requested = page.getByRole('grid', { name: 'Requested Uploads' });
  const received = requested.getByRole('row').filter({ hasText: 'calaveras-cvr.zip' });
  await expect(received).toContainText('Success');
  await expect(received).toContainText('Carla Clerk');
  await expect(requested.getByRole('row').filter({ hasText: 'calaveras-notes.txt' })).toHaveCount(
    0,
  );
  await screenshot(page, 'uploads-requested-received');

  // The received zip becomes a Cast Vote Records file set.
  await page.getByRole('tab', { name: 'Election Files' }).click();
  await page.getByRole('button', { name: 'Adopt File' }).click();
  const adopt = page.getByRole('dialog', { name: 'Adopt File' });
  await adopt.getByLabel('Files').click();
  await page.getByRole('option', { name: 'calaveras-cvr.zip' }).click();
  await adopt.getByLabel('File Type').click();
  // The argument specs' upload_file_types adds its types to BIA and CVR.
  await expect(page.getByRole('option', { name: 'BSM' })).toBeVisible();
  await page.getByRole('option', { name: 'CVR = Cast Vote Records' }).click();
  await adopt.getByRole('button', { name: 'Adopt' }).click();
  const adopted = page.getByRole('grid', { name: 'Election files' }).getByRole('row').filter({
    hasText: 'calaveras-cvr.zip',
  });
  await expect(adopted).toContainText('Adopted');
  await expect(adopted).toContainText('CVR');
  await screenshot(page, 'uploads-election-files-adopted');
});

test('an Auditor uploads a zip file set and a non-zip is refused', async ({ page, request }) => {
  const { electionId } = await createElection(request, 'Colusa', 'Colusa General 2024');
  const zip = await makeZip('colusa-bia.zip', 300_000);
  const text = makeText('colusa-bia.txt', 'not a zip');

  await signIn(page, ADMIN);
  await page.goto(`/elections/${electionId}`);
  await page.getByRole('tab', { name: 'Election Files' }).click();
  await page.getByRole('button', { name: 'Upload File' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload File Set for Colusa General 2024' });
  await dialog.getByLabel('Choose Zip File').setInputFiles(text);
  await expect(dialog.getByText('Election file sets accept zip files only.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Upload' })).toBeDisabled();
  await dialog.getByLabel('Choose Zip File').setInputFiles(zip);
  await dialog.getByLabel('Description').fill('Ballot images, all precincts.');
  await screenshot(page, 'uploads-set-dialog');
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await toast(page, 'File upload successfully');
  await expect(dialog.getByText('100%')).toBeVisible();
  await dialog.getByRole('button', { name: 'Hide' }).click();
  const row = page.getByRole('grid', { name: 'Election files' }).getByRole('row').filter({
    hasText: 'colusa-bia.zip',
  });
  await expect(row).toContainText('Uploaded');
  await expect(row).toContainText('BIA');
  await screenshot(page, 'uploads-election-files');
  await row.getByRole('button', { name: 'Delete colusa-bia.zip' }).click();
  await page
    .getByRole('dialog', { name: 'Delete colusa-bia.zip ?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await toast(page, 'Delete file successfully');
  await expect(row).toHaveCount(0);
});

test('an expired or unknown upload link shows its own page', async ({ page, request }) => {
  const { token, electionId } = await createElection(
    request,
    'Del Norte',
    'Del Norte General 2024',
  );
  const made = await apiCall<{ id: number; request_url: string }>(
    request,
    token,
    'POST',
    '/upload-requests',
    { election_id: electionId, name: 'Old Contact', valid_through: '2099-01-01' },
  );
  // A request cannot be made already expired; the Auditor ends it with a past date.
  await apiCall(request, token, 'PUT', `/upload-requests/${made.id}`, {
    name: 'Old Contact',
    valid_through: '2001-01-01',
  });

  await page.goto(new URL(made.request_url).pathname + new URL(made.request_url).search);
  await expect(page.getByRole('heading', { name: 'This upload link has expired' })).toBeVisible();
  await expect(page.getByText('Ask the person who sent it for a new link.')).toBeVisible();
  await expect(page.getByLabel('Select Files')).toHaveCount(0);
  await screenshot(page, 'uploads-link-expired');

  await page.goto(`/upload/${made.request_url.split('/')[4]}/CA_DelNorte?token=wrong`);
  await expect(page.getByRole('heading', { name: 'This upload link is not valid' })).toBeVisible();
  await screenshot(page, 'uploads-link-invalid');
});

test('a district takes direct uploads and an upload request answered through its own link', async ({
  page,
  browser,
  request,
}) => {
  const { districtId } = await createElection(request, 'El Dorado', 'El Dorado General 2024');
  const direct = await makeZip('eldorado-district-map.zip', 50_000);
  const sent = await makeZip('eldorado-precincts.zip', 30_000);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);

  await signIn(page, ADMIN);
  await page.goto(`/districts/${districtId}`);
  await page.getByRole('tab', { name: 'File Upload' }).click();
  await expect(page).toHaveURL(/activetab=FileUpload/);
  await page.getByRole('button', { name: 'Upload Files' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload Files for US_CA_ElDorado' });
  await dialog.getByLabel('Select Files').setInputFiles(direct);
  await dialog.getByRole('button', { name: 'Upload All' }).click();
  await expect(dialog.getByRole('listitem', { name: 'eldorado-district-map.zip' })).toContainText(
    'Success',
  );
  await dialog.getByRole('button', { name: 'Hide' }).click();
  await expect(
    page.getByRole('grid', { name: 'Direct Uploads' }).getByRole('row').filter({
      hasText: 'eldorado-district-map.zip',
    }),
  ).toContainText('Ada Admin');

  await page.getByRole('tab', { name: 'Upload Requests' }).click();
  await page.getByRole('button', { name: 'Request Upload' }).click();
  const form = page.getByRole('dialog', { name: 'Upload Request For US_CA_ElDorado' });
  // No Expiration belongs to election requests only.
  await expect(form.getByLabel('No Expiration')).toHaveCount(0);
  await form.getByLabel('Name').fill('Pat Precincts');
  await form.getByRole('textbox', { name: 'Email' }).fill('pat@eldorado.example.org');
  await form.getByRole('button', { name: 'Copy Link' }).click();
  await toast(page, 'copy successfully');
  const link = await form.getByRole('textbox', { name: 'Link' }).inputValue();
  expect(link).toMatch(/\/upload-district\/\d+\/CA_ElDorado\?token=/);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  // The copy saved the request: the button now updates it.
  await form.getByRole('button', { name: 'Update' }).click();
  await toast(page, 'Upload request updated');
  const listed = page.getByRole('row').filter({ hasText: 'Pat Precincts' });
  await expect(listed).toContainText('Link');
  await expect(page.getByRole('row').filter({ hasText: 'Pat Precincts' })).toHaveCount(1);
  await screenshot(page, 'uploads-district-requests');

  const context = await browser.newContext();
  const guest = await context.newPage();
  await guest.goto(link);
  await expect(
    guest.getByRole('heading', { name: 'Upload files for US_CA_ElDorado' }),
  ).toBeVisible();
  await guest.getByLabel('Select Files').setInputFiles(sent);
  await guest.getByRole('button', { name: 'Upload All' }).click();
  await expect(
    guest.getByRole('grid', { name: 'Your uploaded files' }).getByRole('row').filter({
      hasText: 'eldorado-precincts.zip',
    }),
  ).toContainText('Success');
  await context.close();

  await page.getByRole('tab', { name: 'File Upload' }).click();
  await expect(
    page.getByRole('grid', { name: 'Requested Uploads' }).getByRole('row').filter({
      hasText: 'eldorado-precincts.zip',
    }),
  ).toContainText('Pat Precincts');
  await screenshot(page, 'uploads-district-files');
});

test('a visitor sends a general upload signed out and the Admin finds it and every request on the Admin Board', async ({
  page,
  browser,
  request,
}) => {
  const { token, electionId } = await createElection(request, 'Fresno', 'Fresno General 2024');
  await apiCall(request, token, 'POST', '/upload-requests', {
    election_id: electionId,
    name: 'Frank Fresno',
    email: 'frank@fresno.example.org',
  });
  const file = await makeZip('fresno-bia.zip', 60_000);

  // The visitor comes through the link an Admin shared, which carries its token.
  const adminToken = await apiSignIn(request, ADMIN);
  const link = await apiCall<{ url: string }>(request, adminToken, 'GET', '/general-upload-link');
  const context = await browser.newContext();
  const guest = await context.newPage();
  await guest.goto(new URL(link.url).pathname + new URL(link.url).search);
  await expect(guest.getByRole('heading', { name: 'General Upload' })).toBeVisible();
  await guest.getByLabel('Select Files').setInputFiles(file);
  await expect(guest.getByRole('button', { name: 'Upload All' })).toBeDisabled();
  await guest.getByRole('combobox', { name: 'State' }).click();
  await guest.getByRole('option', { name: 'California' }).click();
  await guest.getByRole('combobox', { name: 'County' }).fill('Fresno');
  await guest.getByRole('option', { name: 'Fresno', exact: true }).click();
  await guest.getByRole('button', { name: 'Upload All' }).click();
  await expect(guest.getByRole('listitem', { name: 'fresno-bia.zip' })).toContainText('Success');
  await toast(guest, 'fresno-bia.zip uploaded!');
  await screenshot(guest, 'uploads-general-page');
  await context.close();

  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, ADMIN);
  await page.goto('/admin-board');
  await page.getByRole('tab', { name: 'Upload Requests' }).click();
  const requestRow = page.getByRole('row').filter({ hasText: 'Frank Fresno' });
  await expect(requestRow).toContainText('Fresno General 2024');
  await expect(requestRow).toContainText('frank@fresno.example.org');
  await expect(requestRow).toContainText(/\/upload\/\d+\/CA_Fresno/);
  await screenshot(page, 'uploads-admin-requests');

  await page.getByRole('tab', { name: 'General Upload' }).click();
  const general = page.getByRole('row').filter({ hasText: 'fresno-bia.zip' });
  await expect(general).toContainText('BIA');
  await expect(general).toContainText('CA');
  await expect(general).toContainText('Fresno');
  await expect(general).toContainText('Success');
  await page.getByRole('button', { name: 'Copy Link' }).click();
  await toast(page, 'copied!');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(
    /\/general_upload\?token=\d+\.[\w-]+$/,
  );
  await screenshot(page, 'uploads-admin-general');
  await general.getByRole('button', { name: 'Delete fresno-bia.zip' }).click();
  await page
    .getByRole('dialog', { name: 'Delete fresno-bia.zip ?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await toast(page, 'Delete file successfully');
  await expect(general).toHaveCount(0);
});
