import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  directorySink,
  makeElection,
  writeDominionCsv,
  writeSyntheticElection,
  type CvrBallot,
  type PlantedDiscrepancy,
  type SynthElection,
} from '@scrutineer/audit-core';
import { expect } from 'vitest';
import {
  addToElection,
  createAccount,
  createDistrict,
  createElection,
  type Account,
} from './elections-fixtures.js';
import type { TestServer } from './harness.js';
import { createJob, postForm } from './jobs-fixtures.js';
import { newBlobKey } from '../platform/storage/index.js';
import { insertUpload } from '../modules/uploads/uploads.repository.js';

/** 200 ballots in four batches of 50: Mayor Alice 120 to Bob 80, Council (vote for 2) wide. */
export const BATCHES = ['1', '2', '3', '4'];
export const PER_BATCH = 50;

export function mayorOf(batch: string, position: number): string {
  const i = (Number(batch) - 1) * PER_BATCH + position - 1;
  return i % 5 < 3 ? 'Alice' : 'Bob';
}
export const councilOf = (batch: string, position: number): string[] =>
  (Number(batch) - 1) * PER_BATCH + position <= 10 ? ['Carol', 'Eve'] : ['Carol', 'Dan'];

function* ballots(): Generator<CvrBallot> {
  for (const batch of BATCHES)
    for (let position = 1; position <= PER_BATCH; position += 1) {
      const mark = (optionId: string) => ({ optionId, rank: 1, isVote: true });
      yield {
        id: `1-${batch}-${position}`,
        source: { file: 'CVR_Export.csv' },
        tabulator: '1',
        batch,
        record: String(position),
        contests: [
          {
            contestId: 'mayor',
            marks: [mark(mayorOf(batch, position))],
            overvotes: 0,
            undervotes: 0,
          },
          {
            contestId: 'council',
            marks: councilOf(batch, position).map(mark),
            overvotes: 0,
            undervotes: 0,
          },
        ],
      };
    }
}

export async function dominionCsv(): Promise<string> {
  let text = '';
  for await (const line of writeDominionCsv({
    contests: [
      {
        id: 'mayor',
        name: 'Mayor',
        voteFor: 1,
        ranks: 0,
        options: [
          { id: 'Alice', name: 'Alice' },
          { id: 'Bob', name: 'Bob' },
        ],
      },
      {
        id: 'council',
        name: 'Council',
        voteFor: 2,
        ranks: 0,
        options: [
          { id: 'Carol', name: 'Carol' },
          { id: 'Dan', name: 'Dan' },
          { id: 'Eve', name: 'Eve' },
        ],
      },
    ],
    ballots: ballots(),
  }))
    text += line;
  return text;
}

export const MANIFEST = [
  'CountyID,ScannerID,BatchID,NumBallots,StorageLocation',
  ...BATCHES.map((b) => `Test County,1,${b},${PER_BATCH},Vault shelf ${b}`),
].join('\n');

/**
 * Stores a Dominion CSV as a finished CVR set of the election, as the demo data does: the
 * upload API takes zips only, and no reader opens a CSV inside a zip.
 */
export async function storeCvrSet(
  server: TestServer,
  electionId: number,
  userId: number,
  fileName = 'CVR_Export.csv',
  bytes?: Buffer,
): Promise<void> {
  bytes ??= Buffer.from(await dominionCsv());
  const key = newBlobKey(`elections/${electionId}/sets`);
  await server.deps.blobs.put(key, bytes);
  await insertUpload(server.deps.database.db, {
    kind: 'set',
    electionId,
    fileName,
    fileType: 'CVR',
    description: 'Test vote records',
    contentType: 'text/csv',
    chunkCount: 1,
    chunkSize: bytes.length,
    fileSize: bytes.length,
    size: bytes.length,
    status: 'Uploaded',
    storageKey: key,
    uploadedBy: userId,
    completedAt: new Date(),
  });
}

/** Uploads the ballot manifest as the job's BMF file through the API. */
export async function uploadManifest(
  server: TestServer,
  token: string,
  jobId: number,
  text = MANIFEST,
) {
  const answer = await postForm(
    server,
    '/job-settings/upload',
    token,
    { job_id: String(jobId), file_type: 'BMF' },
    [{ field: 'file', name: 'ballot-manifest.csv', type: 'text/csv', content: text }],
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
}

/** The people of an audit's election: its Auditor, a board of two and two who are not on it. */
export interface RlaPeople {
  electionId: number;
  auditor: Account;
  /** The board: two Uploaders of the election. */
  first: Account;
  second: Account;
  /** An Observer of the election. */
  observer: Account;
  /** Signed in, and no member of the election. */
  stranger: Account;
}

/** An Open election with its Auditor, a board of two Uploaders, an Observer and a stranger. */
export async function rlaPeople(server: TestServer): Promise<RlaPeople> {
  const [auditor, first, second, observer, stranger] = await Promise.all([
    createAccount(server, { role: 'Client' }),
    createAccount(server),
    createAccount(server),
    createAccount(server),
    createAccount(server),
  ]);
  const district = await createDistrict(server, auditor.token);
  const election = await createElection(server, auditor.token, district.id, { privacy: 'Open' });
  for (const member of [first, second])
    await addToElection(server, auditor.token, election.id, member, 'Uploader');
  await addToElection(server, auditor.token, election.id, observer, 'Observer');
  return { electionId: election.id, auditor, first, second, observer, stranger };
}

/** A job of the election holding the ballot manifest, ready for a risk-limiting audit. */
export async function rlaJob(
  server: TestServer,
  auditorToken: string,
  electionId: number,
  name: string,
): Promise<number> {
  const job = await createJob(server, auditorToken, electionId, { name });
  await uploadManifest(server, auditorToken, job.id);
  return job.id;
}

export interface PaperElection {
  election: SynthElection;
  planted: PlantedDiscrepancy[];
  /** The ballot manifest of the printed ballots (ColoradoRLA's columns). */
  manifest: string;
}

/**
 * A generated election stored as the demo stores it, for an audit of both the images and the
 * paper: the ballot image archive (BIA set), the Dominion CSV export (CVR set), and the
 * manifest of the printed ballots for the job's BMF file.
 */
export async function storePaperElection(
  server: TestServer,
  electionId: number,
  userId: number,
  options: { seed: string; count: number; batchSize: number; misreads: number },
): Promise<PaperElection> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'scrutineer-rla-election-'));
  try {
    const election = makeElection({ seed: options.seed, contests: 2, styles: 1 });
    const archive = path.join(dir, 'ballots.zip');
    const written = await writeSyntheticElection(
      election,
      {
        count: options.count,
        batchSize: options.batchSize,
        misreads: options.misreads,
        missing: 0,
        extra: 0,
        // Each paper position keeps its own record, so the image audit and the paper meet.
        swapBatches: false,
        formats: ['dominion-csv'],
      },
      createWriteStream(archive),
      directorySink(dir),
    );
    await storeCvrSet(
      server,
      electionId,
      userId,
      'CVR_Export.csv',
      await readFile(path.join(dir, 'CVR_Export.csv')),
    );
    const images = await readFile(archive);
    const key = newBlobKey(`elections/${electionId}/sets`);
    await server.deps.blobs.put(key, images);
    await insertUpload(server.deps.database.db, {
      kind: 'set',
      electionId,
      fileName: 'ballots.zip',
      fileType: 'BIA',
      description: 'Generated ballot images',
      contentType: 'application/zip',
      chunkCount: 1,
      chunkSize: images.length,
      fileSize: images.length,
      size: images.length,
      status: 'Uploaded',
      storageKey: key,
      uploadedBy: userId,
      completedAt: new Date(),
    });
    const batches = Math.ceil(options.count / options.batchSize);
    const manifest = [
      'CountyID,ScannerID,BatchID,NumBallots,StorageLocation',
      ...Array.from({ length: batches }, (_, i) => {
        const n = Math.min(options.batchSize, options.count - i * options.batchSize);
        return `Test County,1,${i + 1},${n},Vault shelf ${i + 1}`;
      }),
    ].join('\n');
    return { election, planted: written.planted, manifest };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
