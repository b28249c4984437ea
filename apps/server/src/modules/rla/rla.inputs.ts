import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { and, eq, inArray } from 'drizzle-orm';
import {
  bufferSource,
  openCvrFile,
  readBallotManifest,
  type BallotManifest,
  type ContestDefinition,
  type CvrBallot,
} from '@scrutineer/audit-core';
import { RLA_MESSAGES as M } from '@scrutineer/contracts';
import { auditJobs, jobFiles, uploads } from '../../db/schema.js';
import type { AppDeps } from '../../platform/deps.js';
import { badRequest } from '../../platform/errors.js';
import { readBlobText } from '../job-settings/index.js';

export interface RlaInputs {
  cvrName: string;
  cvrKey: string;
  manifestName: string;
  manifest: BallotManifest;
}

/**
 * The job's CVR (an adopted CVR set of its election) and ballot manifest (a BMF job file),
 * chosen by name when there are several. The manifest must read without problems.
 */
export async function findRlaInputs(
  deps: AppDeps,
  jobId: number,
  chosen: { cvr_file?: string | undefined; manifest_file?: string | undefined },
): Promise<RlaInputs> {
  const db = deps.database.db;
  const [job] = await db.select().from(auditJobs).where(eq(auditJobs.id, jobId));
  if (!job) throw badRequest(M.noCvr);
  const cvrs = await db
    .select()
    .from(uploads)
    .where(
      and(
        eq(uploads.electionId, job.electionId),
        eq(uploads.kind, 'set'),
        eq(uploads.fileType, 'CVR'),
        inArray(uploads.status, ['Uploaded', 'Adopted']),
      ),
    );
  const cvr = pick(cvrs, (c) => c.fileName, chosen.cvr_file, {
    none: M.noCvr,
    many: M.manyCvrs,
    unknown: M.cvrUnknown,
  });
  const manifests = await db
    .select()
    .from(jobFiles)
    .where(and(eq(jobFiles.jobId, jobId), eq(jobFiles.fileType, 'BMF')));
  const file = pick(manifests, (f) => f.fileName, chosen.manifest_file, {
    none: M.noManifest,
    many: M.manyManifests,
    unknown: M.manifestUnknown,
  });
  const text = await readBlobText(deps, file.storageKey);
  const manifest = await readBallotManifest(bufferSource(file.fileName, text));
  const [problem] = manifest.problems;
  if (problem) throw badRequest(M.manifestProblems(manifest.problems.length, problem.message));
  if (manifest.batches.every((b) => b.count === 0)) throw badRequest(M.manifestEmpty);
  return { cvrName: cvr.fileName, cvrKey: cvr.storageKey, manifestName: file.fileName, manifest };
}

function pick<T>(
  rows: T[],
  name: (row: T) => string,
  wanted: string | undefined,
  messages: { none: string; many: string; unknown: (name: string) => string },
): T {
  if (wanted !== undefined) {
    const row = rows.find((r) => name(r) === wanted);
    if (!row) throw badRequest(messages.unknown(wanted));
    return row;
  }
  const [only, ...others] = rows;
  if (!only) throw badRequest(messages.none);
  if (others.length > 0) throw badRequest(messages.many);
  return only;
}

/** The sampler's id of a manifest position, the same shape as a Dominion ballot id. */
export const ballotKeyOf = (scanner: string, batch: string, position: number): string =>
  `${scanner}-${batch}-${position}`;

/** Every position of every manifest batch, in manifest order. */
export function* manifestBallots(manifest: BallotManifest): Generator<string> {
  for (const b of manifest.batches)
    for (let position = 1; position <= b.count; position += 1)
      yield ballotKeyOf(b.scanner, b.batch, position);
}

/** The votes a record gives a contest: counted marks of rank 1; more than allowed is none. */
export function recordedVotes(ballot: CvrBallot, contest: ContestDefinition): string[] {
  const vote = ballot.contests.find((c) => c.contestId === contest.id);
  if (!vote) return [];
  const chosen = [
    ...new Set(vote.marks.filter((m) => m.isVote && m.rank <= 1).map((m) => m.optionId)),
  ];
  return chosen.length > Math.max(1, contest.voteFor) ? [] : chosen.sort();
}

/**
 * Streams the CVR once: hands every ballot (duplicates left out) to `visit` with the contest
 * definitions known so far (some readers fill them while they stream), then returns them.
 */
export async function streamCvr(
  deps: AppDeps,
  inputs: Pick<RlaInputs, 'cvrName' | 'cvrKey'>,
  visit: (ballot: CvrBallot, contests: ContestDefinition[]) => void,
): Promise<ContestDefinition[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'scrutineer-rla-'));
  try {
    const file = path.join(dir, inputs.cvrName.replace(/[^A-Za-z0-9._-]/g, '_'));
    await pipeline(await deps.blobs.read(inputs.cvrKey), createWriteStream(file));
    const opened = await openCvrFile(file);
    if ('problem' in opened) throw badRequest(M.cvrUnreadable(opened.problem.message));
    const { reader } = opened;
    for await (const batch of reader.batches)
      for (const ballot of batch) if (!ballot.duplicateOf) visit(ballot, reader.contests);
    return opened.reader.contests;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The key a CVR ballot is found by: its tabulator, batch and record number. */
export const cvrKeyOf = (ballot: CvrBallot): string | null =>
  ballot.batch !== undefined && ballot.record !== undefined
    ? ballotKeyOf(ballot.tabulator ?? '', ballot.batch, Number(ballot.record))
    : null;
