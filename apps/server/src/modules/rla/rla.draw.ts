import { eq } from 'drizzle-orm';
import { consistentSample, type ContestDefinition } from '@scrutineer/audit-core';
import { rlaBallots, rlaRounds } from '../../db/schema.js';
import type { RlaBoardRecord, RlaContestRecord, RlaManifestBatch } from '../../db/schema-rla.js';
import type { Executor } from '../../platform/db/database.js';
import type { AppDeps } from '../../platform/deps.js';
import { ballotKeyOf, cvrKeyOf, recordedVotes, streamCvr } from './rla.inputs.js';
import type { RlaBallotRow } from './rla.repository.js';

export interface DrawnBallot {
  key: string;
  scanner: string;
  batch: string;
  position: number;
  location: string;
  ticket: string;
  times: number;
}

function* positions(manifest: RlaManifestBatch[]): Generator<string> {
  for (const b of manifest)
    for (let p = 1; p <= b.count; p += 1) yield ballotKeyOf(b.scanner, b.batch, p);
}

/** The draws `drawsBefore + 1 … drawsBefore + draws` of the seed's stream, grouped by ballot. */
export function drawBallots(
  manifest: RlaManifestBatch[],
  seed: string,
  drawsBefore: number,
  draws: number,
): DrawnBallot[] {
  const where = new Map<string, { batch: RlaManifestBatch; position: number }>();
  for (const batch of manifest)
    for (let position = 1; position <= batch.count; position += 1)
      where.set(ballotKeyOf(batch.scanner, batch.batch, position), { batch, position });
  const tickets = consistentSample(positions(manifest), seed, {
    withReplacement: true,
    drop: drawsBefore,
    take: draws,
  });
  const drawn = new Map<string, DrawnBallot>();
  for (const t of tickets) {
    const known = drawn.get(t.id);
    if (known) {
      known.times += 1;
      continue;
    }
    const at = where.get(t.id);
    if (!at) continue;
    drawn.set(t.id, {
      key: t.id,
      scanner: at.batch.scanner,
      batch: at.batch.batch,
      position: at.position,
      location: at.batch.location,
      ticket: t.ticket,
      times: 1,
    });
  }
  return [...drawn.values()];
}

export interface CvrPass {
  contests: ContestDefinition[];
  /** Votes per contest for the keys asked for; a key missing here has no record. */
  records: Map<string, { id: string; votes: Record<string, string[]> }>;
  tallies: Map<string, Record<string, number>>;
}

/** Reads the CVR once for the tallies of `contestIds` and the records of the `wanted` keys. */
export async function readCvr(
  deps: AppDeps,
  cvr: { cvrName: string; cvrKey: string },
  contestIds: string[],
  wanted: Set<string>,
): Promise<CvrPass> {
  const records = new Map<string, { id: string; votes: Record<string, string[]> }>();
  const tallies = new Map<string, Record<string, number>>(contestIds.map((id) => [id, {}]));
  const definitionOf = (contests: ContestDefinition[], id: string): ContestDefinition =>
    contests.find((c) => c.id === id) ?? { id, name: id, voteFor: 1, ranks: 0, options: [] };
  const contests = await streamCvr(deps, cvr, (ballot, known) => {
    const key = cvrKeyOf(ballot);
    const votes: Record<string, string[]> = {};
    for (const id of contestIds) {
      const chosen = recordedVotes(ballot, definitionOf(known, id));
      votes[id] = chosen;
      const tally = tallies.get(id);
      if (tally) for (const option of chosen) tally[option] = (tally[option] ?? 0) + 1;
    }
    if (key && wanted.has(key)) records.set(key, { id: ballot.id, votes });
  });
  return { contests, records, tallies };
}

/** Boards take whole batches in turn, so each retrieves from as few containers as can be. */
export function assignBoards(drawn: DrawnBallot[], boards: RlaBoardRecord[]): Map<string, string> {
  const batches = [...new Set(drawn.map((d) => `${d.scanner}\u0000${d.batch}`))].sort();
  const boardOfBatch = new Map(batches.map((b, i) => [b, boards[i % boards.length]?.id ?? '']));
  return new Map(drawn.map((d) => [d.key, boardOfBatch.get(`${d.scanner}\u0000${d.batch}`) ?? '']));
}

/** Writes a round and its ballots: new ones with their records, repeats counted again. */
export async function saveRound(
  tx: Executor,
  input: {
    rlaId: number;
    round: number;
    drawsBefore: number;
    draws: number;
    userId: number;
    drawn: DrawnBallot[];
    existing: Map<string, RlaBallotRow>;
    records: CvrPass['records'];
    boards: RlaBoardRecord[];
    contests: RlaContestRecord[];
  },
): Promise<void> {
  await tx.insert(rlaRounds).values({
    rlaId: input.rlaId,
    number: input.round,
    drawsBefore: input.drawsBefore,
    draws: input.draws,
    startedBy: input.userId,
  });
  const fresh = input.drawn.filter((d) => !input.existing.has(d.key));
  const boardOf = assignBoards(fresh, input.boards);
  for (const d of input.drawn) {
    const known = input.existing.get(d.key);
    if (!known) continue;
    await tx
      .update(rlaBallots)
      .set({ draws: { ...known.draws, [String(input.round)]: d.times } })
      .where(eq(rlaBallots.id, known.id));
  }
  if (fresh.length === 0) return;
  await tx.insert(rlaBallots).values(
    fresh.map((d) => {
      const record = input.records.get(d.key);
      return {
        rlaId: input.rlaId,
        ballotKey: d.key,
        scanner: d.scanner,
        batch: d.batch,
        position: d.position,
        location: d.location,
        boardId: boardOf.get(d.key) ?? '',
        firstRound: input.round,
        ticket: d.ticket,
        draws: { [String(input.round)]: d.times },
        cvrId: record?.id ?? null,
        cvrVotes: record?.votes ?? null,
      };
    }),
  );
}
