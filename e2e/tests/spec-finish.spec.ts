import { expect, test, type Page } from '@playwright/test';
import { ADMIN, screenshot, signIn, toast } from '../support/api';
import { apiCall, createElection, makeZip } from '../support/uploads';

const MIB = 1024 * 1024;

test('a district’s elections page through their pages and stay on the page chosen', async ({
  page,
  request,
}) => {
  const { token, districtId } = await createElection(request, 'Tulare', 'Tulare election 01');
  for (let n = 2; n <= 12; n++)
    await apiCall(request, token, 'POST', '/elections', {
      name: `Tulare election ${String(n).padStart(2, '0')}`,
      districtId,
      date: `11-${String(n + 5).padStart(2, '0')}-2024`,
    });
  await signIn(page, ADMIN);
  await page.goto(`/elections?districtId=${districtId}`);
  const grid = page.getByRole('grid', { name: 'Elections' });
  await expect(page.getByText('Elections of US_CA_Tulare')).toBeVisible();
  await page.getByRole('combobox', { name: 'Rows per page' }).click();
  await page.getByRole('option', { name: '10', exact: true }).click();
  await expect(page.getByText('1–10 of 12')).toBeVisible();
  await page.getByRole('button', { name: 'Go to next page' }).click();
  // The second page's rows arrive and the grid stays on them.
  await expect(grid.getByRole('link', { name: 'Tulare election 01' })).toBeVisible();
  await expect(page.getByText('11–12 of 12')).toBeVisible();
  await expect(grid.getByRole('row')).toHaveCount(3);
  await page.getByRole('button', { name: 'Go to previous page' }).click();
  await expect(grid.getByRole('link', { name: 'Tulare election 12' })).toBeVisible();
  await page.getByRole('button', { name: 'Go to next page' }).click();
  await expect(grid.getByRole('link', { name: 'Tulare election 02' })).toBeVisible();
  await expect(page.getByText('11–12 of 12')).toBeVisible();
  await screenshot(page, 'finish-district-elections-page-2');
});

test('a job with gifts and no goal shows donors the amount raised, not 0.00%', async ({
  page,
  request,
}) => {
  const { token, electionId } = await createElection(request, 'Marin', 'Marin General 2024');
  await apiCall(request, token, 'PUT', `/elections/${electionId}`, {
    name: 'Marin General 2024',
    privacy: 'Public',
  });
  const job = await apiCall<{ id: number }>(request, token, 'POST', '/audit-jobs', {
    name: 'Marin hand count',
    description: 'A hand count of Marin County',
    election_id: electionId,
  });
  // $500 received while a goal stood, then the goal taken away.
  await apiCall(request, token, 'PUT', `/audit-jobs/${job.id}`, {
    id: job.id,
    request_donate: 1000,
    received_donation: 500,
  });
  await apiCall(request, token, 'PUT', `/audit-jobs/${job.id}`, {
    id: job.id,
    request_donate: 0,
    received_donation: 0,
  });
  await page.goto('/public');
  const row = page
    .getByRole('table', { name: 'Open audit jobs' })
    .getByRole('row')
    .filter({ hasText: 'Marin hand count' });
  await expect(row).toContainText('$500 raised, no goal set');
  await expect(row).not.toContainText('0.00%');
  await screenshot(page, 'finish-no-goal-list');
  await page.getByRole('link', { name: 'Marin hand count' }).click();
  await expect(page.getByText('No funding goal set yet')).toBeVisible();
  await expect(page.getByText('Received: $500')).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Funding progress' })).toHaveCount(0);
  await screenshot(page, 'finish-no-goal-audit');
});

test('Job Files lists its buttons as numbered steps with the next one marked, and the stage status words are explained', async ({
  page,
  request,
}) => {
  const { token, electionId } = await createElection(request, 'Monterey', 'Monterey General 2024');
  const job = await apiCall<{ id: number }>(request, token, 'POST', '/audit-jobs', {
    name: 'Monterey image audit',
    description: '',
    election_id: electionId,
  });
  await signIn(page, ADMIN);
  await page.goto(`/audit-jobs/${job.id}`);
  await page.getByRole('tab', { name: 'Job Files' }).click();
  const step = (n: number, title: string) =>
    page.getByRole('region', { name: `Step ${n}: ${title}` });
  await expect(step(1, 'Job file').getByRole('button', { name: 'Create Job File' })).toBeVisible();
  await expect(step(1, 'Job file').getByText('Next')).toBeVisible();
  await expect(step(2, 'Input files').getByRole('button', { name: 'Upload File' })).toBeVisible();
  await expect(
    step(3, 'Election JSON').getByRole('button', { name: 'Create Audit' }),
  ).toBeVisible();
  await expect(
    step(3, 'Election JSON').getByRole('button', { name: 'Generate Json File' }),
  ).toBeVisible();
  await expect(page.getByRole('alert', { name: 'Where to start' })).toContainText(
    'Next step: 1. Create Job File',
  );
  await screenshot(page, 'finish-job-files-step-1');

  // With a JOB file the next step is the election JSON.
  await step(1, 'Job file').getByRole('button', { name: 'Vendor Template' }).click();
  const vendor = page.getByRole('dialog', { name: 'Vendor Template' });
  await vendor.getByLabel('ES&S').check();
  await vendor.getByRole('button', { name: 'Save' }).click();
  await expect(step(1, 'Job file').getByRole('img', { name: 'Done' })).toBeVisible();
  await expect(step(3, 'Election JSON').getByText('Next')).toBeVisible();
  await expect(page.getByRole('alert', { name: 'Where to start' })).toContainText(
    'Next step: 3. Create Audit',
  );
  await screenshot(page, 'finish-job-files-step-3');

  // The stage table says what its status words mean: SUCCESS and built are one state.
  await page.getByRole('tab', { name: 'Audit Operations' }).click();
  const legend = page.getByRole('group', { name: 'Status words' });
  await legend.getByText('What the status words mean.').click();
  await expect(legend).toContainText('SUCCESS and built are the same state: built and up to date.');
  await expect(legend.getByRole('definition').filter({ hasText: 'by its last run' })).toBeVisible();
  await expect(
    page
      .getByRole('table', { name: 'Audit stages' })
      .locator('tr[data-stage="precheck"] [data-status]'),
  ).toHaveAttribute('title', /^unbuilt-ready: Not built; ready to run\.$/);
  await screenshot(page, 'finish-status-legend');
});

test('an Election Files set cut off by a reload offers Resume, says to pick the same file, and carries on from the parts kept', async ({
  page,
  request,
}) => {
  const { electionId } = await createElection(request, 'Shasta', 'Shasta General 2024');
  // Six parts of 8 MiB: the first arrives, the page is reloaded while the others are held up.
  const zip = await makeZip('plumas-ballots.zip', 40 * MIB);
  const isPart = (url: URL, part: (n: number) => boolean) =>
    url.pathname.startsWith('/api/blobs/parts/') &&
    part(Number(url.searchParams.get('partNumber')));

  await signIn(page, ADMIN);
  await page.goto(`/elections/${electionId}`);
  await page.getByRole('tab', { name: 'Election Files' }).click();
  await page.route(
    (url) => isPart(url, (n) => n > 1),
    (route) => route.abort('connectionfailed'),
  );
  await page.getByRole('button', { name: 'Upload File' }).click();
  let dialog = page.getByRole('dialog', { name: 'Upload File Set for Shasta General 2024' });
  await dialog.getByLabel('Choose Zip File').setInputFiles(zip);
  await dialog.getByLabel('Description').fill('Ballot images, first batch');
  const firstPart = page.waitForResponse(
    (answer) => isPart(new URL(answer.url()), (n) => n === 1) && answer.ok(),
  );
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await firstPart;

  // Reloaded while the other parts are still refused: none of them arrives.
  await page.reload();
  await page.unrouteAll();
  const resent: string[] = [];
  page.on('request', (sent) => {
    const url = new URL(sent.url());
    if (isPart(url, () => true)) resent.push(url.searchParams.get('partNumber') ?? '');
  });
  const row = page
    .getByRole('grid', { name: 'Election files' })
    .getByRole('row')
    .filter({ hasText: 'plumas-ballots.zip' });
  await expect(row).toContainText('Uploading');
  await expect(page.getByRole('alert', { name: 'Interrupted uploads' })).toContainText(
    'plumas-ballots.zip stopped uploading before it finished. Press Resume on its row and choose the same file again',
  );
  await screenshot(page, 'finish-set-resume-row');
  await row.getByRole('button', { name: 'Resume plumas-ballots.zip' }).click();
  dialog = page.getByRole('dialog', { name: 'Upload File Set for Shasta General 2024' });
  await expect(dialog.getByRole('alert', { name: 'How to resume' })).toContainText(
    'To resume plumas-ballots.zip',
  );
  await expect(dialog.getByLabel('Description')).toHaveValue('Ballot images, first batch');
  await screenshot(page, 'finish-set-resume-dialog');
  await dialog.getByLabel('Choose Zip File').setInputFiles(zip);
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await toast(page, 'File upload successfully');
  await expect(dialog.getByText('Resumed: 1 of 6 parts already received')).toBeVisible();
  expect(resent.sort()).toEqual(['2', '3', '4', '5', '6']);
  await expect(dialog.getByRole('alert', { name: 'How to resume' })).toHaveCount(0);
  await screenshot(page, 'finish-set-resumed');
  await dialog.getByRole('button', { name: 'Hide' }).click();
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Uploaded');
  await expect(page.getByRole('alert', { name: 'Interrupted uploads' })).toHaveCount(0);
});

/**
 * What does not fit at this width: the page scrolling sideways, a table or grid whose columns
 * are wider than its box (it scrolls sideways), or a table's Actions column (or a row's copy and
 * resume buttons) outside the table's visible box.
 */
async function overflows(page: Page) {
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
    const scrollers = document.querySelectorAll<HTMLElement>('.MuiPaper-root:has(> table)');
    scrollers.forEach((box) => {
      if (box.scrollWidth > box.clientWidth + 1) {
        const label =
          box.closest('[aria-label]')?.getAttribute('aria-label') ??
          box.querySelector('table')?.getAttribute('aria-label') ??
          'table';
        found.push(`${label} scrolls sideways: ${box.scrollWidth}px in ${box.clientWidth}px`);
      }
    });
    const tables = document.querySelectorAll<HTMLElement>('[role="grid"], table');
    tables.forEach((table) => {
      const box = (table.closest('.MuiPaper-root') ?? table).getBoundingClientRect();
      const label = table.getAttribute('aria-label') ?? 'table';
      const actions = [...table.querySelectorAll<HTMLElement>('[role="columnheader"], th')].filter(
        (cell) => cell.textContent?.trim() === 'Actions',
      );
      const buttons = [...table.querySelectorAll<HTMLElement>('button[aria-label^="Copy link"]')];
      for (const cell of [...actions, ...buttons]) {
        const rect = cell.getBoundingClientRect();
        if (rect.right > box.right + 1 || rect.right > window.innerWidth)
          found.push(
            `${label}: ${cell.textContent?.trim() || cell.getAttribute('aria-label')} ends at ${Math.round(rect.right)} > ${Math.round(box.right)}`,
          );
      }
    });
    return found;
  });
}

test('at 1280 px the admin board, the tools and the upload tables fit without scrolling sideways', async ({
  page,
  request,
}) => {
  // Fifteen screens, each loaded and photographed.
  test.setTimeout(180_000);
  const { token, electionId } = await createElection(
    request,
    'San Bernardino',
    'San Bernardino County Consolidated Presidential General Election 2024',
  );
  await apiCall(request, token, 'POST', '/upload-requests', {
    election_id: electionId,
    name: 'Registrar of Voters, San Bernardino County',
    email: 'registrar.of.voters@sanbernardino.example.org',
    valid_through: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
  });
  const job = await apiCall<{ id: number }>(request, token, 'POST', '/audit-jobs', {
    name: 'San Bernardino ballot image audit of the presidential contest',
    description: '',
    election_id: electionId,
  });
  await signIn(page, ADMIN);
  expect(page.viewportSize()?.width).toBe(1280);
  const screens: [string, string][] = [
    ['/admin-board?tab=dashboard', 'admin-dashboard'],
    ['/admin-board?tab=users', 'admin-users'],
    ['/admin-board?tab=job-permissions', 'admin-job-permissions'],
    ['/admin-board?tab=markdown', 'admin-markdown'],
    ['/admin-board?tab=audit-types', 'admin-audit-types'],
    ['/admin-board?tab=fundraising', 'admin-fundraising'],
    ['/admin-board?tab=audit-donations', 'admin-audit-donations'],
    ['/admin-board?tab=upload-requests', 'admin-upload-requests'],
    ['/admin-board?tab=general-upload', 'admin-general-upload'],
    ['/admin-board?tab=mail', 'admin-mail'],
    ['/tools', 'tools'],
    [`/elections/${electionId}?activetab=FileUpload`, 'election-file-upload'],
    [`/elections/${electionId}?activetab=UploadRequests`, 'election-upload-requests'],
    [`/elections/${electionId}?activetab=Files`, 'election-files'],
  ];
  const found: string[] = [];
  for (const [path, name] of screens) {
    await page.goto(path, { waitUntil: 'networkidle' });
    await expect(page.getByRole('main')).toBeVisible();
    await screenshot(page, `finish-1280-${name}`);
    for (const problem of await overflows(page)) found.push(`${path}: ${problem}`);
  }
  await page.goto(`/audit-jobs/${job.id}`);
  await page.getByRole('tab', { name: 'Tools' }).click();
  await expect(page.locator('table, [role="grid"]').first()).toBeVisible();
  await screenshot(page, 'finish-1280-job-tools');
  for (const problem of await overflows(page)) found.push(`job tools: ${problem}`);
  expect(found).toEqual([]);
});
