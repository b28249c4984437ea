import { expect, test } from '@playwright/test';
import { TEMPLATE_MESSAGES as M, type TargetMap } from '@scrutineer/contracts';
import { screenshot } from '../support/api';
import { uploadBytes } from '../support/operations';
import { generateClean, runStage, signIn } from '../support/templates';
import { addMember, apiCall, createElection } from '../support/uploads';

test('a target printed over with no paper left to read is shown as always gray, and why', async ({
  page,
  request,
}) => {
  test.setTimeout(600_000);
  const { token: adminToken, electionId } = await createElection(
    request,
    'Benton',
    'Benton Sample Ballots 2024',
    'AR',
  );
  const auditor = await addMember(request, adminToken, electionId, 'Auditor', {
    first: 'Olive',
    last: 'Overprint',
  });
  // A test deck: SAMPLE printed across every sheet in a dense tint, over some of the targets.
  const { election, images, cvr } = await generateClean(
    { seed: 'templates-obscured', contests: 10, styles: 1, precincts: 1, overprint: 'SAMPLE' },
    12,
  );
  await uploadBytes(request, adminToken, electionId, 'benton-ballots.zip', 'BIA', images);
  await uploadBytes(request, adminToken, electionId, 'benton-cvr.zip', 'CVR', cvr);
  const token = await signIn(page, auditor);
  const job = await apiCall<{ id: number }>(request, token, 'POST', '/audit-jobs', {
    name: 'Benton sample ballots',
    election_id: electionId,
  });
  await apiCall(
    request,
    token,
    'POST',
    '/job-settings/generate-file',
    { job_id: job.id, json_data: election },
    200,
  );
  for (const stage of ['precheck', 'gen_bif', 'genstyles', 'gentemplates'])
    expect(await runStage(request, token, job.id, stage), stage).toBe('SUCCESS');

  const map = await apiCall<TargetMap>(request, token, 'GET', `/job-templates/${job.id}/S1`);
  expect(map.obscured.length).toBeGreaterThan(0);
  for (const o of map.obscured) {
    expect(map.targets.some((t) => t.option_id === o.option_id)).toBe(true);
    expect(o.reason).toBe(M.obscured);
  }

  await page.goto(`/audit-jobs/${job.id}`);
  await page.getByRole('tab', { name: 'Templates' }).click();
  const card = page.getByTestId('style-S1');
  await expect(card.getByText(M.obscuredCount(map.obscured.length))).toBeVisible();
  const list = card.getByTestId('obscured-targets');
  await expect(list.getByText('Targets always read gray')).toBeVisible();
  await expect(list.locator('li')).toHaveCount(map.obscured.length);
  const first = map.obscured[0]!;
  await expect(list.getByText(`${first.contest_id}/${first.option_id}`)).toBeVisible();
  // On the template's image, each such target is marked and labelled where it lies.
  await expect(card.locator('g[data-obscured="true"]')).toHaveCount(map.obscured.length);
  await expect(
    card.getByText(`${first.contest_id}/${first.option_id} always gray: printed over`),
  ).toBeVisible();
  await list.scrollIntoViewIfNeeded();
  await screenshot(page, 'templates-obscured-targets');
  await card.locator('g[data-obscured="true"]').first().scrollIntoViewIfNeeded();
  await screenshot(page, 'templates-obscured-on-template');
});
