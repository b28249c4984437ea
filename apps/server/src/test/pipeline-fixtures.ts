import { createWriteStream } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import yazl from 'yazl';
import {
  directorySink,
  makeElection,
  writeSyntheticElection,
  type ElectionOptions,
  type PlantedDiscrepancy,
  type SynthElection,
} from '@scrutineer/audit-core';
import type { Operation, OperationStatusPoll } from '@scrutineer/contracts';
import type { ChildServer } from './child-server.js';
import type { TestServer } from './harness.js';
import { sendParts, type Started } from './upload-fixtures.js';

export interface GeneratedElection {
  images: Buffer;
  cvr: Buffer;
  electionJson: string;
  election: SynthElection;
  planted: PlantedDiscrepancy[];
}

async function zipFiles(files: [string, Buffer][]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, content] of files) zip.addBuffer(content, name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * A generated election: the ballot image archive, a Dominion JSON CVR export as a zip, the
 * election definition (the engine's EIF) and the discrepancies planted between them.
 */
export async function generateElection(
  seed: string,
  count: number,
  plant: { misreads: number; missing: number; extra: number },
  shape: Omit<ElectionOptions, 'seed'> = {},
): Promise<GeneratedElection> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'scrutineer-election-'));
  try {
    const election = makeElection({ seed, ...shape });
    const written = await writeSyntheticElection(
      election,
      { count, batchSize: 30, ...plant, swapBatches: false, formats: ['dominion-json'] },
      createWriteStream(path.join(dir, 'ballots.zip')),
      directorySink(path.join(dir, 'cvr')),
    );
    const skip = new Set(['election.json', 'discrepancies.json', 'truth.jsonl']);
    const names = (await readdir(path.join(dir, 'cvr'))).filter((n) => !skip.has(n));
    const cvr = await zipFiles(
      await Promise.all(
        names.map(async (n): Promise<[string, Buffer]> => [
          n,
          await readFile(path.join(dir, 'cvr', n)),
        ]),
      ),
    );
    return {
      images: await readFile(path.join(dir, 'ballots.zip')),
      cvr,
      electionJson: JSON.stringify(election),
      election,
      planted: written.planted,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Uploads bytes as a finished file set of the election (Election Files tab). */
export async function uploadSet(
  server: TestServer,
  token: string,
  electionId: number,
  fileName: string,
  fileType: string,
  body: Buffer,
): Promise<void> {
  const started = await server.call<Started>('POST', '/files', {
    token,
    body: {
      election_id: electionId,
      file_type: fileType,
      file_name: fileName,
      file_size: body.length,
    },
  });
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  const parts = await sendParts(server, started.body, body);
  const done = await server.call('PUT', `/files/${started.body.id}`, {
    token,
    body: { status: 'Uploaded', upload_parts: parts },
  });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
}

/** The planted discrepancies as cmpcvr and genreport name them. */
export const plantedKeys = (planted: PlantedDiscrepancy[]): string[] =>
  planted
    .map((p) =>
      p.kind === 'misread'
        ? `Normal Disagreed ${p.ballotId} ${p.contestId}`
        : p.kind === 'missing-record'
          ? `No CVR ${p.ballotId} `
          : p.kind === 'rescan'
            ? `Duplicate ${p.ballotId} `
            : p.kind === 'extra-record'
              ? `No Image ${p.ballotId} `
              : `swap ${p.batches.join(' ')}`,
    )
    .sort();

/** The API of a test server in this process or of a child server process. */
export type Api = Pick<TestServer, 'call'> | Pick<ChildServer, 'call'>;

/** Launches a stage through the API; answers its operation_id. */
export async function launchStage(
  api: Api,
  token: string,
  jobId: number,
  operation: string,
): Promise<string> {
  const launched = await api.call<{ operation_id: string }>('POST', '/job-operations', {
    token,
    body: { job_id: jobId, operation },
  });
  expect(launched.status, JSON.stringify(launched.body)).toBe(200);
  return launched.body.operation_id;
}

/**
 * Polls a run's status until it leaves RUNNING; answers the operation as it ended.
 * `TEST_STAGE_WAIT_MS` lengthens the wait on a machine shared with other work.
 */
export async function waitForStage(
  api: Api,
  token: string,
  operationId: string,
  ms = Number(process.env.TEST_STAGE_WAIT_MS ?? 120_000),
): Promise<Operation> {
  const deadline = Date.now() + ms;
  for (;;) {
    const poll = await api.call<OperationStatusPoll>(
      'GET',
      `/job-operations/refresh_status/${operationId}`,
      { token },
    );
    expect(poll.status, JSON.stringify(poll.body)).toBe(200);
    if (poll.body.status !== 'RUNNING') return poll.body.operation;
    if (Date.now() > deadline) throw new Error(`still running: ${JSON.stringify(poll.body)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Runs one stage through the API and waits for it to end. */
export async function runStage(
  api: Api,
  token: string,
  jobId: number,
  operation: string,
  ms?: number,
): Promise<Operation> {
  return waitForStage(api, token, await launchStage(api, token, jobId, operation), ms);
}
