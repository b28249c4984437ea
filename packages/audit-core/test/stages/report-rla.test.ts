import { execFileSync } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  findSampledImages,
  makeElection,
  PATHS,
  runPipeline,
  threeWay,
  type FolderStore,
  type PlantedDiscrepancy,
  type ReportRla,
  type SynthElection,
} from '../../src/index.js';
import { list, readCsvAll } from '../../src/stages/context.js';
import { generatedJob } from './generated-job.js';

/**
 * A generated election run through cmpcvr, then a risk-limiting audit as the server writes it
 * for genreport: the audit names contests and options as the Dominion CSV does (by name), the
 * image audit by the election file's ids, so the two meet by name.
 */
let job: string;
let store: FolderStore;
let planted: PlantedDiscrepancy[];
let election: SynthElection;
let rla: ReportRla;
/** The contests printed on the ballots: the audit's contests. */
let audited: SynthElection['contests'];
const sheetClass = new Map<string, string>();
const contestRows = new Map<string, Record<string, string>>();

const nameOf = (contestId: string, optionId: string): string =>
  election.contests.find((c) => c.id === contestId)?.options.find((o) => o.id === optionId)?.name ??
  optionId;
const contestName = (id: string): string => election.contests.find((c) => c.id === id)?.name ?? id;
/** A cmpcvr reading (`overvote;…` or option ids) as the audit's names; an overvote counts none. */
const named = (contestId: string, votes: string | undefined): string[] => {
  const v = list(votes);
  return v[0] === 'overvote' ? [] : v.map((o) => nameOf(contestId, o)).sort();
};

beforeAll(async () => {
  election = makeElection({ seed: 'rla-report-24', contests: 2, styles: 1 });
  audited = election.contests.filter((c) =>
    election.styles.some((s) => s.contestIds.includes(c.id)),
  );
  ({ job, store, planted } = await generatedJob('scrutineer-rla-report-', election, {
    count: 24,
    batchSize: 12,
    misreads: 2,
    missing: 1,
    extra: 0,
    // Each position keeps its own record, as the audit's records here are cmpcvr's.
    swapBatches: false,
  }));
  await runPipeline(store, 'precheck', 'cmpcvr', { batchSize: 24 });
  for (const s of await readCsvAll(store, PATHS.sheets))
    sheetClass.set(s.sheet_id ?? '', s.class ?? '');
  for (const c of await readCsvAll(store, PATHS.contestClasses))
    contestRows.set(`${c.sheet_id} ${c.contest_id}`, c);

  const misread = planted.find((p) => p.kind === 'misread');
  const missing = planted.find((p) => p.kind === 'missing-record');
  if (misread?.kind !== 'misread' || missing?.kind !== 'missing-record')
    throw new Error('nothing planted');
  const agreeing = [...sheetClass].find(
    ([id, cls]) => cls === 'Fully Agreed' && id !== misread.ballotId,
  )?.[0];
  const notFound = [...sheetClass].find(
    ([id, cls]) => cls === 'Fully Agreed' && id !== agreeing && id !== misread.ballotId,
  )?.[0];
  if (!agreeing || !notFound) throw new Error('no agreeing sheets');
  const contests = audited.map((c) => c.id);
  const recordOf = (sheet: string) =>
    Object.fromEntries(
      contests.map((c) => [contestName(c), named(c, contestRows.get(`${sheet} ${c}`)?.cvr_votes)]),
    );
  const imageOf = (sheet: string) =>
    Object.fromEntries(
      contests.map((c) => [
        contestName(c),
        named(c, contestRows.get(`${sheet} ${c}`)?.image_votes),
      ]),
    );
  const imageOfNoCvr = async (sheet: string) => {
    const rows = (await readCsvAll(store, PATHS.votesContests)).filter((r) => r.sheet_id === sheet);
    return Object.fromEntries(
      rows.map((r) => [
        contestName(r.contest_id ?? ''),
        r.overvote === 'true' ? [] : named(r.contest_id ?? '', r.votes),
      ]),
    );
  };
  const ballot = (
    key: string,
    round: number,
    record: Record<string, string[]> | null,
    reading: ReportRla['sampled'][number]['reading'],
  ): ReportRla['sampled'][number] => {
    const [scanner = '', batch = '', position = '0'] = key.split('-');
    return {
      ballot_key: key,
      scanner,
      batch,
      position: Number(position),
      location: `Shelf ${batch}`,
      round,
      board: 'Board 1',
      ticket: '0.1',
      times_sampled: 1,
      cvr_id: record ? key : null,
      record,
      reading,
      read_at: '2026-11-27T08:00:00.000Z',
      entered_by: ['Bea Board', 'Ben Board'],
      discrepancies: Object.fromEntries(contests.map((c) => [contestName(c), 0])),
    };
  };
  const result = (contest: string, risk: number, met: boolean) => ({
    contest_id: contest,
    draws: 3,
    o1: 1,
    o2: 0,
    u1: 0,
    u2: 0,
    risk,
    risk_limit_met: met,
    stopping_size: 6,
    full_hand_count: false,
  });
  rla = {
    method: 'Ballot-level comparison, Kaplan–Markov (super-simple) with error inflation γ',
    gamma: 1.03905,
    sampler: "Rivest's consistent sampler (SHA-256), with replacement",
    status: 'risk_limit_met',
    risk_limit: 10,
    seed: '27182818284590452353',
    cvr_file: 'CVR_Export.csv',
    manifest_file: 'ballot-manifest.csv',
    ballots: 24,
    created_by: 'Ada Auditor',
    created_at: '2026-11-27T07:00:00.000Z',
    ended_at: '2026-11-27T09:00:00.000Z',
    boards: [{ id: 'board-1', name: 'Board 1', members: ['Bea Board', 'Ben Board'] }],
    // As the Dominion CSV names them: the contest's name is its id, a candidate's name theirs.
    contests: audited.map((c) => ({
      id: c.name,
      name: c.name,
      vote_for: c.voteFor,
      options: c.options.map((o) => ({ id: o.name, name: o.name })),
      votes: {},
      winners: [c.options[0]?.name ?? ''],
      margin_votes: 4,
      diluted_margin: 4 / 24,
    })),
    rounds: [1, 2].map((n) => ({
      number: n,
      draws_before: n === 1 ? 0 : 3,
      draws: 3,
      ballots: n === 1 ? 3 : 1,
      read: n === 1 ? 3 : 1,
      status: 'complete',
      started_by: 'Ada Auditor',
      started_at: `2026-11-27T0${n + 6}:00:00.000Z`,
      ended_at: `2026-11-27T0${n + 6}:30:00.000Z`,
      results: audited.map((c) => result(c.name, n === 1 ? 0.3 : 0.05, n === 2)),
    })),
    sampled: [
      // The board reads the paper as its image shows it: the record is the odd one out.
      ballot(misread.ballotId, 1, recordOf(misread.ballotId), {
        not_found: false,
        contests: imageOf(misread.ballotId),
      }),
      ballot(agreeing, 1, recordOf(agreeing), { not_found: false, contests: recordOf(agreeing) }),
      ballot(missing.ballotId, 1, null, {
        not_found: false,
        contests: await imageOfNoCvr(missing.ballotId),
      }),
      ballot(notFound, 2, recordOf(notFound), { not_found: true, contests: {} }),
    ],
  };
  await store.write(PATHS.reportRla, JSON.stringify(rla));
  await runPipeline(store, 'genreport', 'genreport', { batchSize: 24 });
}, 900_000);

afterAll(async () => {
  if (!process.env.KEEP_REPORT) await rm(job, { recursive: true, force: true });
});

describe('three readings side by side', () => {
  it('names which of paper, image and record is the odd one out', () => {
    expect(threeWay(['a'], ['a'], ['a'])).toEqual({
      agree: true,
      text: 'paper, image and record agree',
    });
    expect(threeWay(['a'], ['a'], ['b']).text).toBe(
      'the record differs from the paper and its image',
    );
    expect(threeWay(['a'], ['b'], ['b']).text).toBe(
      'the paper differs from its image and the record',
    );
    expect(threeWay(['a'], ['b'], ['a']).text).toBe(
      'the image audit read the image differently from the paper and the record',
    );
    expect(threeWay(['a'], ['b'], ['c']).text).toBe('paper, image and record all differ');
    expect(threeWay(null, ['a'], ['a'])).toMatchObject({ agree: false });
    expect(threeWay(['a'], null, ['a'])).toMatchObject({ agree: true });
    expect(threeWay(['a'], ['a'], null).text).toBe(
      'paper and image agree; the ballot has no record',
    );
  });
});

describe('the sampled ballots in the image audit', () => {
  it("finds each ballot's sheet and gives the image's reading in the audit's own ids", async () => {
    const found = await findSampledImages(
      { store },
      rla.sampled.map((b) => ({ id: b.ballot_key, cvrId: b.cvr_id })),
      rla.contests,
    );
    expect(found.compared).toBe(true);
    for (const b of rla.sampled) {
      const image = found.images.get(b.ballot_key);
      expect(image?.sheetId).toBe(b.ballot_key);
      expect(image?.sheetClass).toBe(sheetClass.get(b.ballot_key));
      for (const c of audited) {
        const read = image?.contests.find((x) => x.contestId === c.name);
        expect(read?.read, `${b.ballot_key} ${c.name}`).toBe(true);
        expect(read?.crop?.archive).toMatch(/ballots\.zip$/);
        const row = contestRows.get(`${b.ballot_key} ${c.id}`);
        if (row) {
          expect(read?.class).toBe(row.class);
          if (!list(row.image_votes).includes('overvote'))
            expect([...(read?.votes ?? [])].sort()).toEqual(named(c.id, row.image_votes));
        }
      }
    }
  });

  it('says so when the image audit has not compared the job', async () => {
    const found = await findSampledImages(
      { store: { exists: async () => false } as unknown as FolderStore },
      [{ id: '1-1-1', cvrId: '1-1-1' }],
      rla.contests,
    );
    expect(found).toEqual({ compared: false, images: new Map() });
  });
});

describe('the report shows the risk-limiting audit beside the image audit', () => {
  it('lists each round and each sampled ballot with the three readings in the CSV', async () => {
    const csv = await readCsvAll(store, PATHS.reportCsv);
    const rounds = csv.filter((r) => r.section === 'rla_round');
    expect(rounds.map((r) => [r.rla_round, r.contest, r.rla_risk_limit_met])).toEqual(
      [1, 2].flatMap((n) => audited.map((c) => [String(n), c.name, String(n === 2)])),
    );
    expect(rounds[0]?.detail).toContain('drawn by Ada Auditor at 2026-11-27T07:00:00.000Z');
    const ballots = csv.filter((r) => r.section === 'rla_ballot');
    expect(ballots).toHaveLength(rla.sampled.length * audited.length);
    const misread = planted.find((p) => p.kind === 'misread');
    if (misread?.kind !== 'misread') throw new Error('no misread');
    const row = (key: string, contest: string) =>
      ballots.find((r) => r.rla_ballot === key && r.contest === contestName(contest));
    expect(row(misread.ballotId, misread.contestId)).toMatchObject({
      sheet_id: misread.ballotId,
      detail: 'the record differs from the paper and its image',
    });
    const [agreeing, missing, notFound] = rla.sampled.slice(1).map((b) => b.ballot_key);
    for (const c of audited) {
      expect(row(agreeing ?? '', c.id)?.detail).toBe('paper, image and record agree');
      expect(row(missing ?? '', c.id)).toMatchObject({
        cvr_votes_recorded: 'no record',
        detail: 'paper and image agree; the ballot has no record',
      });
      expect(row(notFound ?? '', c.id)).toMatchObject({
        rla_board_reading: 'ballot not found',
        detail: 'the board could not find the paper ballot',
      });
    }
    const image = row(misread.ballotId, misread.contestId)?.image_votes ?? '';
    const paper = row(misread.ballotId, misread.contestId)?.rla_board_reading ?? '';
    expect(image.split(/; gray/)[0]).toBe(paper);
  });

  it('has its own section in the HTML with the rounds and pictures, and in the PDF', async () => {
    const html = await readFile(join(job, PATHS.reportHtml), 'utf8');
    expect(html).toContain('<li><a href="#rla">Risk-limiting audit</a></li>');
    expect(html).toContain('<h2 id="rla">Risk-limiting audit</h2>');
    expect(html).toContain('<h3>Rounds (2)</h3>');
    expect(html).toContain('<tr><th>Random seed</th><td>27182818284590452353</td></tr>');
    const misread = rla.sampled[0]?.ballot_key ?? '';
    expect(html).toMatch(
      new RegExp(`<img src="data:image/png;base64,[^"]+" alt="ballot ${misread} `),
    );
    const text = execFileSync('pdftotext', [join(job, PATHS.reportPdf), '-'], {
      encoding: 'utf8',
    });
    expect(text).toContain('Risk-limiting audit');
    expect(text).toContain(`Ballot ${misread} (round 1, Board 1: Bea Board, Ben Board)`);
    expect(text.replace(/\s+/g, ' ')).toContain('the record differs from the paper and its image');
  });
});
