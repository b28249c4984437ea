import { expect, test, type Page } from '@playwright/test';
import yazl from 'yazl';
import { screenshot, signIn } from '../support/api';
import { generateElection, uploadBytes } from '../support/operations';
import { addMember, apiCall, createElection } from '../support/uploads';

async function damagedArchive(): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from('II*\0not a whole image'), 'batch-9/9-9-9.tif');
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const row = (page: Page, stage: string) =>
  page.getByRole('table', { name: 'Audit stages' }).locator(`tr[data-stage="${stage}"]`);
const chip = (page: Page, stage: string) => row(page, stage).locator('[data-status]');

test('a stage that leaves a sheet unread shows "finished with problems" with the count and why, and Run All stops there', async ({
  page,
  request,
}) => {
  test.setTimeout(600_000);
  const { token: adminToken, electionId } = await createElection(
    request,
    'Merced',
    'Merced General 2024',
  );
  const auditor = await addMember(request, adminToken, electionId, 'Auditor', {
    first: 'Pat',
    last: 'Problems',
  });
  const election = await generateElection('e2e-problems', 30);
  await uploadBytes(request, adminToken, electionId, 'merced-ballots.zip', 'BIA', election.images);
  await uploadBytes(
    request,
    adminToken,
    electionId,
    'merced-damaged.zip',
    'BIA',
    await damagedArchive(),
  );
  await uploadBytes(request, adminToken, electionId, 'merced-cvr.zip', 'CVR', election.cvr);
  await signIn(page, auditor);
  const token = await page.evaluate(
    () =>
      (JSON.parse(localStorage.getItem('scrutineer.user') ?? '{}') as { access_token: string })
        .access_token,
  );
  const job = await apiCall<{ id: number }>(request, token, 'POST', '/audit-jobs', {
    name: 'Merced image audit',
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

  await page.goto(`/audit-jobs/${job.id}`);
  await page.getByRole('tab', { name: 'Audit Operations' }).click();
  const control = page.getByRole('table', { name: 'Job control' });
  for (const label of ['precheck', 'Prescan', 'genstyles', 'gentemplates', 'extractvote', 'cmpcvr'])
    await control.getByRole('checkbox', { name: `Select ${label}` }).check();
  await page.getByRole('button', { name: 'Run All' }).click();

  await expect(chip(page, 'extractvote')).toHaveAttribute('data-status', 'PROBLEMS', {
    timeout: 420_000,
  });
  await expect(chip(page, 'extractvote')).toHaveText('finished with problems');
  await expect(page.getByTestId('extractvote-problems')).toHaveText(
    /^finished with problems: 1 of 31 sheets not read: 1 /,
  );
  // Run All halts before cmpcvr, which is ready for the Auditor to run by hand.
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'Run All stopped: extractvote finished with problems' }),
  ).toBeVisible({ timeout: 10_000 });
  await expect(chip(page, 'cmpcvr')).toHaveAttribute('data-status', 'unbuilt-ready');
  await expect(control.getByRole('row', { name: /extractvote/ })).toContainText('Failed');
  await screenshot(page, 'operations-run-all-stopped');
  await row(page, 'extractvote').scrollIntoViewIfNeeded();
  await screenshot(page, 'operations-finished-with-problems');

  await row(page, 'cmpcvr').getByRole('button', { name: 'Run cmpcvr' }).click();
  await expect(chip(page, 'cmpcvr')).toHaveAttribute('data-status', /^(built|SUCCESS)$/, {
    timeout: 120_000,
  });
  await expect(chip(page, 'extractvote')).toHaveAttribute('data-status', 'PROBLEMS');
});
