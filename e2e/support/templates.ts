import { createWriteStream } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import yazl from 'yazl';
import {
  directorySink,
  makeElection,
  writeSyntheticElection,
  type ElectionOptions,
} from '@scrutineer/audit-core';
import { signIn as signInThroughLogin } from './api';
import { apiCall } from './uploads';

/** A target box of a map, as the template routes carry it. */
export type Box = {
  x: number;
  y: number;
  width: number;
  height: number;
  contest_id: string;
  option_id: string;
};

/** A generated election with no planted discrepancies: its definition, images and CVR zip. */
export async function generateClean(options: ElectionOptions, count: number) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'scrutineer-e2e-templates-'));
  try {
    const election = makeElection(options);
    await writeSyntheticElection(
      election,
      {
        count,
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

/** Runs a stage through the API and waits for it to leave RUNNING; answers how it ended. */
export async function runStage(
  request: APIRequestContext,
  token: string,
  jobId: number,
  operation: string,
  rerun = false,
): Promise<string> {
  const launched = await apiCall<{ operation_id: string }>(
    request,
    token,
    'POST',
    '/job-operations',
    { job_id: jobId, operation, ...(rerun ? { action: 'rerun' } : {}) },
    200,
  );
  let status = 'RUNNING';
  await expect
    .poll(
      async () => {
        status = (
          await apiCall<{ status: string }>(
            request,
            token,
            'GET',
            `/job-operations/refresh_status/${launched.operation_id}`,
          )
        ).status;
        return status;
      },
      { timeout: 240_000, intervals: [250, 500] },
    )
    .not.toBe('RUNNING');
  return status;
}

/** extractvote's "Votes by target" download as rows keyed by its columns. */
export async function votesByTarget(request: APIRequestContext, token: string, jobId: number) {
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
  return rows.map((r) => {
    const cells = r.split(',');
    return Object.fromEntries(cols.map((c, i) => [c, cells[i] ?? '']));
  });
}

/** Marks extractvote read as votes for an option. */
export async function votesFor(
  request: APIRequestContext,
  token: string,
  jobId: number,
  option: string,
) {
  return (await votesByTarget(request, token, jobId)).filter(
    (r) => r.option_id === option && r.decision === 'vote',
  ).length;
}

/** Signs in through the form; answers the session's access token. */
export async function signIn(page: Page, account: { email: string; password: string }) {
  await signInThroughLogin(page, account);
  return page.evaluate(
    () =>
      (JSON.parse(localStorage.getItem('scrutineer.user') ?? '{}') as { access_token: string })
        .access_token,
  );
}

/** Drags a box on the mapper from one template pixel to another. */
export async function drawBox(
  page: Page,
  templateWidth: number,
  from: { x: number; y: number },
  to: { x: number; y: number },
) {
  const mapper = page.getByTestId('mapper');
  // Until the style's map has loaded the mapper takes no drawing (a slow answer under load):
  // it shows the crosshair once the person may edit.
  await expect(mapper).toHaveCSS('cursor', 'crosshair');
  await mapper.scrollIntoViewIfNeeded();
  const frame = (await mapper.boundingBox())!;
  const scale = frame.width / templateWidth;
  const at = (x: number, y: number) => [frame.x + x * scale, frame.y + y * scale] as const;
  await page.mouse.move(...at(from.x, from.y));
  await page.mouse.down();
  await page.mouse.move(...at((from.x + to.x) / 2, (from.y + to.y) / 2), { steps: 4 });
  await page.mouse.move(...at(to.x, to.y), { steps: 4 });
  await page.mouse.up();
}

/** Names the selected box's contest and option in the mapper's fields. */
export async function assignBox(page: Page, contestId: string, optionId: string) {
  await page.getByLabel('Contest').click();
  await page.getByRole('option', { name: new RegExp(`^${contestId} `) }).click();
  await page.getByLabel('Option').click();
  await page.getByRole('option', { name: new RegExp(`^${optionId} `) }).click();
  // The menu fades out over its backdrop (hidden from the accessibility tree while it does): a
  // drag started before it is gone lands on the backdrop.
  await expect(page.locator('.MuiMenu-root')).toHaveCount(0);
}
