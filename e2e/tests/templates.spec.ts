import { createWriteStream } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import yazl from 'yazl';
import {
  directorySink,
  layoutStyle,
  makeElection,
  writeSyntheticElection,
} from '@scrutineer/audit-core';
import { screenshot } from '../support/api';
import { uploadBytes } from '../support/operations';
import { addMember, apiCall, createElection } from '../support/uploads';

type Box = {
  x: number;
  y: number;
  width: number;
  height: number;
  contest_id: string;
  option_id: string;
};

/** An election whose style S1 prints a target its exemplars hide (always marked on them). */
async function generate() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'scrutineer-e2e-templates-'));
  try {
    const election = makeElection({ seed: 'templates-suite' });
    await writeSyntheticElection(
      election,
      {
        count: 12,
        batchSize: 30,
        misreads: 0,
        missing: 0,
        extra: 0,
        swapBatches: false,
        formats: ['dominion-json'],
      },
      createWriteStream(path.join(dir, 'ballots.zip')),
      directorySink(path.join(dir, 'cvr')),
    );
    const skip = new Set(['election.json', 'discrepancies.json', 'truth.jsonl']);
    const zip = new yazl.ZipFile();
    for (const n of (await readdir(path.join(dir, 'cvr'))).filter((n) => !skip.has(n)))
      zip.addBuffer(await readFile(path.join(dir, 'cvr', n)), n);
    zip.end();
    const chunks: Buffer[] = [];
    for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
    return {
      election,
      images: await readFile(path.join(dir, 'ballots.zip')),
      cvr: Buffer.concat(chunks),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function runStage(
  request: APIRequestContext,
  token: string,
  jobId: number,
  operation: string,
  rerun = false,
) {
  const launched = await apiCall<{ operation_id: string }>(
    request,
    token,
    'POST',
    '/job-operations',
    {
      job_id: jobId,
      operation,
      ...(rerun ? { action: 'rerun' } : {}),
    },
    200,
  );
  await expect
    .poll(
      async () =>
        (
          await apiCall<{ status: string }>(
            request,
            token,
            'GET',
            `/job-operations/refresh_status/${launched.operation_id}`,
          )
        ).status,
      { timeout: 240_000, intervals: [500] },
    )
    .not.toBe('RUNNING');
}

/** Marks extractvote read as votes for an option, from its "Votes by target" download. */
async function votesFor(request: APIRequestContext, token: string, jobId: number, option: string) {
  const ops = await apiCall<{
    items: { operation: string; downloads: { text: string; url: string }[] }[];
  }>(request, token, 'GET', `/job-operations/${jobId}`);
  const link = ops.items
    .find((o) => o.operation === 'extractvote')
    ?.downloads.find((d) => d.text === 'Votes by target');
  if (!link) throw new Error('extractvote has no Votes by target download');
  const text = await (await request.get(link.url)).text();
  const [head, ...rows] = text.trim().split('\n');
  const cols = (head ?? '').split(',');
  return rows
    .map((r) => r.split(','))
    .filter(
      (r) => r[cols.indexOf('option_id')] === option && r[cols.indexOf('decision')] === 'vote',
    ).length;
}

const near = (b: Box, x: number, y: number) =>
  Math.abs(b.x + b.width / 2 - x) < 12 && Math.abs(b.y + b.height / 2 - y) < 12;

async function signIn(page: Page, account: { email: string; password: string }) {
  await page.goto('/session/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/home$/);
}

test('a target the automatic map missed is drawn by hand, and extractvote then reads its marks', async ({
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
  const { election, images, cvr } = await generate();
  await uploadBytes(request, adminToken, electionId, 'sierra-ballots.zip', 'BIA', images);
  await uploadBytes(request, adminToken, electionId, 'sierra-cvr.zip', 'CVR', cvr);
  await signIn(page, auditor);
  const token = await page.evaluate(
    () =>
      (JSON.parse(localStorage.getItem('scrutineer.user') ?? '{}') as { access_token: string })
        .access_token,
  );
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

  // The printed layout says where every target of S1 is; the automatic map lacks one.
  const layout = layoutStyle(election, 'S1');
  const auto = await apiCall<{ automatic: Box[] }>(
    request,
    token,
    'GET',
    `/job-templates/${job.id}/S1`,
  );
  const missed = layout.targets.filter((t) => !auto.automatic.some((b) => near(b, t.cx, t.cy)));
  expect(missed).toHaveLength(1);
  const target = missed[0]!;
  // The boxes the engine found are named by position; a person names them (here through an import).
  const named = auto.automatic.map((b) => {
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
  await mapper.scrollIntoViewIfNeeded();
  const frame = (await mapper.boundingBox())!;
  const scale = frame.width / layout.width;
  const at = (x: number, y: number) => [frame.x + x * scale, frame.y + y * scale] as const;
  const m = 8;
  await page.mouse.move(...at(target.cx - target.rx - m, target.cy - target.ry - m));
  await page.mouse.down();
  await page.mouse.move(...at(target.cx, target.cy), { steps: 4 });
  await page.mouse.move(...at(target.cx + target.rx + m, target.cy + target.ry + m), { steps: 4 });
  await page.mouse.up();
  await expect(page.getByText(/^Box \d+:/)).toBeVisible();
  await page.getByLabel('Contest').click();
  await page.getByRole('option', { name: new RegExp(`^${target.contestId} `) }).click();
  await page.getByLabel('Option').click();
  await page.getByRole('option', { name: new RegExp(`^${target.optionId} `) }).click();
  await expect(mapper.getByText(`${target.contestId}/${target.optionId}`)).toBeVisible();
  await page.getByRole('button', { name: 'Save map' }).click();
  await expect(
    page.getByText(/Target map saved\. Out of date now \(built-new\): extractvote/),
  ).toBeVisible();
  await screenshot(page, 'templates-mapper-saved');

  await runStage(request, token, job.id, 'extractvote', true);
  // The exemplars all had the hidden target marked: its marks are read now.
  expect(await votesFor(request, token, job.id, target.optionId)).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Back to templates' }).click();
  await expect(
    card.getByText(`Targets ${layout.targets.length} of ${layout.targets.length}`),
  ).toBeVisible();
  await screenshot(page, 'templates-list-mapped');
});
