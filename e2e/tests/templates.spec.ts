import { expect, test } from '@playwright/test';
import { layoutStyle } from '@scrutineer/audit-core';
import { screenshot } from '../support/api';
import { uploadBytes } from '../support/operations';
import {
  assignBox,
  drawBox,
  generateClean,
  runStage,
  signIn,
  votesByTarget,
  votesFor,
  type Box,
} from '../support/templates';
import { addMember, apiCall, createElection } from '../support/uploads';

const near = (b: Box, x: number, y: number) =>
  Math.abs(b.x + b.width / 2 - x) < 12 && Math.abs(b.y + b.height / 2 - y) < 12;

test('a target left out of the map is drawn by hand, and extractvote then reads its marks', async ({
  page,
  request,
}) => {
  test.setTimeout(600_000);
  const { token: adminToken, electionId } = await createElection(
    request,
    'Solano',
    'Solano General 2024',
  );
  const auditor = await addMember(request, adminToken, electionId, 'Auditor', {
    first: 'Morgan',
    last: 'Mapper',
  });
  // Style S1 prints a target its exemplars hide (always marked on them).
  const { election, images, cvr } = await generateClean({ seed: 'templates-suite' }, 12);
  await uploadBytes(request, adminToken, electionId, 'sierra-ballots.zip', 'BIA', images);
  await uploadBytes(request, adminToken, electionId, 'sierra-cvr.zip', 'CVR', cvr);
  const token = await signIn(page, auditor);
  const job = await apiCall<{ id: number }>(request, token, 'POST', '/audit-jobs', {
    name: 'Sierra templates',
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
  for (const stage of ['precheck', 'gen_bif', 'genstyles', 'gentemplates', 'extractvote'])
    await runStage(request, token, job.id, stage);

  // The printed layout says where every target of S1 is; the automatic map finds them all, the
  // one every exemplar marked too.
  const layout = layoutStyle(election, 'S1');
  const auto = await apiCall<{ automatic: Box[] }>(
    request,
    token,
    'GET',
    `/job-templates/${job.id}/S1`,
  );
  expect(layout.targets.filter((t) => !auto.automatic.some((b) => near(b, t.cx, t.cy)))).toEqual(
    [],
  );
  // The person takes out a target of a contest only S1 prints, one with votes, to draw it again.
  const rows = await votesByTarget(request, token, job.id);
  const read = (t: (typeof layout.targets)[number]) =>
    rows.filter((r) => r.option_id === t.optionId);
  const fewest = Math.min(...layout.targets.map((t) => read(t).length));
  const target = layout.targets.find(
    (t) => read(t).length === fewest && read(t).some((r) => r.decision === 'vote'),
  )!;
  expect(target).toBeDefined();
  // A person saves the engine's boxes as their own map (here through the API), leaving out the
  // one they will draw themselves.
  const named = auto.automatic
    .filter((b) => !near(b, target.cx, target.cy))
    .map((b) => {
      const t = layout.targets.find((l) => near(b, l.cx, l.cy))!;
      return { ...b, contest_id: t.contestId, option_id: t.optionId };
    });
  await apiCall(request, token, 'PUT', `/job-templates/${job.id}/S1`, { targets: named });
  await runStage(request, token, job.id, 'extractvote', true);
  expect(await votesFor(request, token, job.id, target.optionId)).toBe(0);

  await page.goto(`/audit-jobs/${job.id}`);
  await page.getByRole('tab', { name: 'Templates' }).click();
  const card = page.getByTestId('style-S1');
  await expect(card.getByText(`Targets ${named.length} of ${layout.targets.length}`)).toBeVisible();
  await expect(
    card.getByText(
      `${named.length} targets mapped, the election file defines ${layout.targets.length}`,
    ),
  ).toBeVisible();
  await screenshot(page, 'templates-list');
  await card.getByRole('button', { name: 'Map targets' }).click();

  const mapper = page.getByTestId('mapper');
  await expect(mapper.locator('image')).toHaveCount(1);
  const m = 8;
  await drawBox(
    page,
    layout.width,
    { x: target.cx - target.rx - m, y: target.cy - target.ry - m },
    { x: target.cx + target.rx + m, y: target.cy + target.ry + m },
  );
  await expect(page.getByText(/^Box \d+:/)).toBeVisible();
  await assignBox(page, target.contestId, target.optionId);
  await expect(mapper.getByText(`${target.contestId}/${target.optionId}`)).toBeVisible();
  await page.getByRole('button', { name: 'Save map' }).click();
  await expect(
    page.getByText(/Target map saved\. Out of date now \(built-new\): extractvote/),
  ).toBeVisible();
  await screenshot(page, 'templates-mapper-saved');

  await runStage(request, token, job.id, 'extractvote', true);
  // Drawn by hand, its marks are read again.
  expect(await votesFor(request, token, job.id, target.optionId)).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Back to templates' }).click();
  await expect(
    card.getByText(`Targets ${layout.targets.length} of ${layout.targets.length}`),
  ).toBeVisible();
  await screenshot(page, 'templates-list-mapped');
});
