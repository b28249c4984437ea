import { expect, test } from '@playwright/test';
import { layoutStyle, loadPage, targetsOnScan } from '@scrutineer/audit-core';
import { screenshot } from '../support/api';
import { uploadBytes } from '../support/operations';
import {
  assignBox,
  drawBox,
  generateClean,
  runStage,
  signIn,
  votesByTarget,
  type Box,
} from '../support/templates';
import { addMember, apiCall, createElection } from '../support/uploads';

const STYLE = 'S2';

test('a style with no template is mapped by hand on its exemplar, and its sheets are then read', async ({
  page,
  request,
}) => {
  test.setTimeout(600_000);
  const { token: adminToken, electionId } = await createElection(
    request,
    'Placer',
    'Placer General 2024',
  );
  const auditor = await addMember(request, adminToken, electionId, 'Auditor', {
    first: 'Ezra',
    last: 'Exemplar',
  });
  // S2 prints its targets in a drop-out ink: the scans show only the voters' marks.
  const { election, images, cvr } = await generateClean(
    { seed: 'templates-exemplar', styles: 2, precincts: 2, dropOutStyles: [STYLE] },
    12,
  );
  await uploadBytes(request, adminToken, electionId, 'placer-ballots.zip', 'BIA', images);
  await uploadBytes(request, adminToken, electionId, 'placer-cvr.zip', 'CVR', cvr);
  const token = await signIn(page, auditor);
  const job = await apiCall<{ id: number }>(request, token, 'POST', '/audit-jobs', {
    name: 'Placer templates',
    election_id: electionId,
  });
  const { dropOutStyles: _printing, ...definition } = election;
  await apiCall(
    request,
    token,
    'POST',
    '/job-settings/generate-file',
    { job_id: job.id, json_data: definition },
    200,
  );
  for (const stage of ['precheck', 'gen_bif', 'genstyles'])
    expect(await runStage(request, token, job.id, stage)).toBe('SUCCESS');
  expect(await runStage(request, token, job.id, 'gentemplates')).toBe('PROBLEMS');
  expect(await runStage(request, token, job.id, 'extractvote')).toBe('PROBLEMS');

  await page.goto(`/audit-jobs/${job.id}`);
  await page.getByRole('tab', { name: 'Templates' }).click();
  await expect(page.getByText('1 styles without a template (S2)', { exact: false })).toBeVisible();
  const card = page.getByTestId(`style-${STYLE}`);
  await expect(card.getByText('no template: map its targets on its exemplar')).toBeVisible();
  await expect(card.getByText('0 sheets read')).toBeVisible();
  await expect(card.locator('image')).toHaveCount(1);
  await screenshot(page, 'templates-no-template');

  // Where the targets lie on the exemplar: what a person sees beside each option's name.
  const exemplar = await request.get(`/api/job-templates/${job.id}/${STYLE}/images/exemplar`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(exemplar.status()).toBe(200);
  const page0 = await loadPage(await exemplar.body());
  const targets = targetsOnScan(layoutStyle(election, STYLE), page0);
  const boxOf = (t: (typeof targets)[number]): Box => ({
    x: Math.round(t.cx - t.rx) - 2,
    y: Math.round(t.cy - t.ry) - 2,
    width: Math.round(2 * t.rx) + 4,
    height: Math.round(2 * t.ry) + 4,
    contest_id: t.contestId,
    option_id: t.optionId,
  });
  // The first contest is drawn by hand; the rest come in from a spreadsheet.
  const first = targets.filter((t) => t.contestId === targets[0]?.contestId);
  const rest = targets.filter((t) => !first.includes(t));
  expect(first.length).toBeGreaterThan(1);

  await card.getByRole('button', { name: 'Map targets' }).click();
  const mapper = page.getByTestId('mapper');
  await expect(mapper.locator('image')).toHaveCount(1);
  await expect(
    page.getByText('The engine made no template of this style.', { exact: false }),
  ).toBeVisible();
  const csv = [
    'target,x,y,width,height,contest_id,option_id',
    ...rest.map((t, i) => {
      const b = boxOf(t);
      return [i + 1, b.x, b.y, b.width, b.height, b.contest_id, b.option_id].join(',');
    }),
  ].join('\n');
  await page.getByLabel('Import target map').setInputFiles({
    name: 'placer-s2-targets.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await expect(
    page.getByText(/Target map saved\. Out of date now \(built-new\): extractvote/),
  ).toBeVisible();
  await expect(mapper.locator('[data-testid^="box-"]')).toHaveCount(rest.length);

  const width = page0.width;
  for (const [i, t] of first.entries()) {
    const b = boxOf(t);
    await drawBox(page, width, { x: b.x, y: b.y }, { x: b.x + b.width, y: b.y + b.height });
    await expect(page.getByText(new RegExp(`^Box ${rest.length + i + 1}:`))).toBeVisible();
    // An unnamed box holds the save back, and says why.
    await expect(page.getByRole('button', { name: 'Save map' })).toBeDisabled();
    await expect(
      page.getByText(`Box ${rest.length + i + 1} has no contest and option yet`, { exact: false }),
    ).toBeVisible();
    if (i === 0) await screenshot(page, 'templates-exemplar-unnamed-box');
    await assignBox(page, t.contestId, t.optionId);
    await expect(mapper.getByText(`${t.contestId}/${t.optionId}`)).toBeVisible();
  }
  await page.getByRole('button', { name: 'Save map' }).click();
  await expect(
    page.getByText(/Target map saved\. Out of date now \(built-new\): extractvote/),
  ).toBeVisible();
  await screenshot(page, 'templates-exemplar-mapped');

  // Every sheet is read now, the drop-out style's too, with votes on its targets.
  expect(await runStage(request, token, job.id, 'extractvote', true)).toBe('SUCCESS');
  const read = (await votesByTarget(request, token, job.id)).filter((r) => r.style === STYLE);
  const sheets = new Set(read.map((r) => r.sheet_id));
  expect(sheets.size).toBeGreaterThan(0);
  for (const t of targets)
    expect(read.filter((r) => r.option_id === t.optionId)).toHaveLength(sheets.size);
  expect(read.filter((r) => r.decision === 'vote').length).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Back to templates' }).click();
  await expect(card.getByText(`${sheets.size} sheets read`)).toBeVisible();
  await expect(card.getByText(`Targets ${targets.length} of ${targets.length}`)).toBeVisible();
  await expect(card.getByText('no template: map its targets on its exemplar')).toHaveCount(0);
  await screenshot(page, 'templates-exemplar-read');
});
