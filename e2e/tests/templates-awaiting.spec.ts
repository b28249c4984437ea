import { expect, test, type Page } from '@playwright/test';
import { layoutStyle, type SynthElection } from '@scrutineer/audit-core';
import { screenshot } from '../support/api';
import { uploadBytes } from '../support/operations';
import { generateClean, runStage, signIn, type Box } from '../support/templates';
import { addMember, apiCall, createElection } from '../support/uploads';

const problems = (page: Page, stage: string) => page.getByTestId(`${stage}-problems`);

test("a style whose targets do not match the election file waits for a person's map: gentemplates finishes with problems until one is saved", async ({
  page,
  request,
}) => {
  test.setTimeout(600_000);
  const { token: adminToken, electionId } = await createElection(
    request,
    'Sebastian',
    'Sebastian General 2024',
    'AR',
  );
  const auditor = await addMember(request, adminToken, electionId, 'Auditor', {
    first: 'Avery',
    last: 'Awaiting',
  });
  const { election, images, cvr } = await generateClean(
    { seed: 'templates-awaiting', styles: 1, precincts: 1, contests: 3 },
    8,
  );
  // The election file names an option the ballots do not print: S1's targets fall one short.
  const [first, ...rest] = election.contests;
  const declared: SynthElection = {
    ...election,
    contests: [
      {
        ...first!,
        options: [...first!.options, { id: 'C1-write-in', name: 'Write-in', party: '' }],
      },
      ...rest,
    ],
  };
  await uploadBytes(request, adminToken, electionId, 'sebastian-ballots.zip', 'BIA', images);
  await uploadBytes(request, adminToken, electionId, 'sebastian-cvr.zip', 'CVR', cvr);
  const token = await signIn(page, auditor);
  const job = await apiCall<{ id: number }>(request, token, 'POST', '/audit-jobs', {
    name: 'Sebastian templates',
    election_id: electionId,
  });
  await apiCall(
    request,
    token,
    'POST',
    '/job-settings/generate-file',
    { job_id: job.id, json_data: declared },
    200,
  );
  for (const stage of ['precheck', 'gen_bif', 'genstyles'])
    expect(await runStage(request, token, job.id, stage)).toBe('SUCCESS');
  expect(await runStage(request, token, job.id, 'gentemplates')).toBe('PROBLEMS');

  // The stage's status names the style, why, and that a person must map it.
  await page.goto(`/audit-jobs/${job.id}`);
  await page.getByRole('tab', { name: 'Audit Operations' }).click();
  await expect(problems(page, 'gentemplates')).toHaveText(
    /^finished with problems: 1 style waiting for a person's target map \(S1\), 8 of 8 sheets not read: 8 of style S1: targets not matched to the election's contests \(style S1: found \d+ targets, the election defines \d+\); a person must map them on the Templates screen$/,
  );
  await screenshot(page, 'templates-awaiting-operations');

  // The Templates screen says the same, on the summary and on the style's card.
  await page.getByRole('tab', { name: 'Templates' }).click();
  await expect(page.getByTestId('awaiting-map')).toContainText(
    "Waiting for a person's target map: S1.",
  );
  const card = page.getByTestId('style-S1');
  await expect(card.getByText("waits for a person's target map", { exact: false })).toBeVisible();
  await screenshot(page, 'templates-awaiting-list');

  // A person maps the printed targets to their options; gentemplates run again finds nothing
  // left undone.
  const layout = layoutStyle(election, 'S1');
  const auto = await apiCall<{ automatic: Box[] }>(
    request,
    token,
    'GET',
    `/job-templates/${job.id}/S1`,
  );
  // The boxes come in layout order (column, then top to bottom), one per printed target.
  expect(auto.automatic).toHaveLength(layout.targets.length);
  const named = auto.automatic.map((b, i) => ({
    ...b,
    contest_id: layout.targets[i]!.contestId,
    option_id: layout.targets[i]!.optionId,
  }));
  await apiCall(request, token, 'PUT', `/job-templates/${job.id}/S1`, { targets: named });
  expect(await runStage(request, token, job.id, 'gentemplates', true)).toBe('SUCCESS');
  await page.reload();
  await page.getByRole('tab', { name: 'Templates' }).click();
  await expect(card).toBeVisible();
  await expect(page.getByTestId('awaiting-map')).toHaveCount(0);
  await expect(card.getByText("waits for a person's target map", { exact: false })).toHaveCount(0);
});
