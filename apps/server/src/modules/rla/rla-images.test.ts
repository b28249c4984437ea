import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PATHS, readCsvAll, readText, type JobStore } from '@scrutineer/audit-core';
import {
  RLA_MESSAGES as M,
  type Operation,
  type Rla,
  type RlaAuditBallot,
  type RlaBallotImage,
  type RlaBoardBallot,
  type RlaCandidates,
} from '@scrutineer/contracts';
import { startTestServer, type TestServer } from '../../test/harness.js';
import type { Account } from '../../test/elections-fixtures.js';
import { createJob } from '../../test/jobs-fixtures.js';
import { runStage, waitForStage } from '../../test/pipeline-fixtures.js';
import {
  rlaPeople,
  storePaperElection,
  uploadManifest,
  type PaperElection,
} from '../../test/rla-fixtures.js';
import { storeJobFile } from '../job-settings/index.js';
import { openJobStore } from '../operations/index.js';

let server: TestServer;
let auditor: Account;
let first: Account;
let second: Account;
let observer: Account;
let stranger: Account;
let jobId: number;
let paper: PaperElection;
let store: JobStore;
let rla: Rla;
/** cmpcvr's row for each sheet and contest (the election file's ids). */
const compared = new Map<string, Record<string, string>>();

const SEED = '31415926535897932384';

const image = (ballotId: number, token: string) =>
  server.call<RlaBallotImage & { error?: string }>(
    'GET',
    `/rla/${jobId}/ballots/${ballotId}/image`,
    { token },
  );

const operation = async (name: string) => {
  const ops = await server.call<{ items: Operation[] }>('GET', `/job-operations/${jobId}`, {
    token: auditor.token,
  });
  return ops.body.items.find((o) => o.operation === name);
};

/** The election file's id of a contest the CVR names by its name, and an option's name. */
const eifContest = (name: string) => paper.election.contests.find((c) => c.name === name);
const optionNames = (contestName: string, ids: string[]) =>
  ids.map((id) => eifContest(contestName)?.options.find((o) => o.id === id)?.name ?? id).sort();

beforeAll(async () => {
  server = await startTestServer({ PIPELINE_WORKERS: '1' });
  let electionId: number;
  ({ auditor, first, second, observer, stranger, electionId } = await rlaPeople(server));
  paper = await storePaperElection(server, electionId, auditor.id, {
    seed: 'rla-images-api',
    count: 24,
    batchSize: 12,
    misreads: 2,
  });
  const job = await createJob(server, auditor.token, electionId, { name: 'RLA beside images' });
  jobId = job.id;
  await storeJobFile(server.deps, {
    jobId,
    jobAddress: job.address,
    fileName: 'election.json',
    fileType: 'EIF',
    content: Buffer.from(JSON.stringify(paper.election)),
    userId: auditor.id,
  });
  await uploadManifest(server, auditor.token, jobId, paper.manifest);
  for (const stage of [
    'precheck',
    'gen_bif',
    'genstyles',
    'gentemplates',
    'extractvote',
    'cmpcvr',
    'adjudicate',
    'genreport',
  ]) {
    const op = await runStage(server, auditor.token, jobId, stage);
    expect([stage, op.status]).toEqual([stage, 'SUCCESS']);
  }
  ({ store } = await openJobStore(server.deps, jobId));
  for (const row of await readCsvAll(store, PATHS.contestClasses))
    compared.set(`${row.sheet_id} ${row.contest_id}`, row);
}, 600_000);
afterAll(async () => server.close());

describe("the image audit's reading beside the board's", () => {
  let ballots: RlaAuditBallot[];
  /** The ballot the board reads with one contest blank, though its image and record agree on a vote. */
  let odd: { id: number; key: string; contest: string };

  it('starts on the job that the image audit has read, and puts the report out of date', async () => {
    const candidates = await server.call<RlaCandidates>('GET', `/rla/${jobId}/contests`, {
      token: auditor.token,
    });
    expect(candidates.status).toBe(200);
    const contests = candidates.body.contests.filter((c) => c.margin_votes > 0).map((c) => c.id);
    const started = await server.call<{ rla: Rla }>('POST', `/rla/${jobId}`, {
      token: auditor.token,
      body: {
        contest_ids: contests,
        risk_limit: 10,
        seed: SEED,
        boards: [{ name: 'Board 1', member_ids: [first.id, second.id] }],
      },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    rla = started.body.rla;
    expect((await operation('genreport'))?.status).toBe('built-new');
    const listed = await server.call<{ items: RlaAuditBallot[] }>('GET', `/rla/${jobId}/ballots`, {
      token: auditor.token,
    });
    ballots = listed.body.items;
    expect(ballots.length).toBeGreaterThan(1);
  });

  it('is refused before the board has read the ballot, and to anyone but the Auditor', async () => {
    const [ballot] = ballots;
    if (!ballot) throw new Error('no ballot');
    expect(await image(ballot.id, auditor.token)).toMatchObject({
      status: 409,
      body: { error: M.imageBeforeReading },
    });
    for (const member of [first, second, observer])
      expect(await image(ballot.id, member.token)).toMatchObject({
        status: 403,
        body: { error: M.auditorOnly },
      });
    expect((await image(ballot.id, stranger.token)).status).toBe(404);
    expect(await image(999_999, auditor.token)).toMatchObject({
      status: 404,
      body: { error: M.ballotNotFound },
    });
    expect((await image(ballot.id, '')).status).toBe(401);
  });

  it("after the reading, shows the image's reading, its class and a crop per contest", async () => {
    const board = await server.call<{ items: RlaBoardBallot[] }>('GET', `/rla/${jobId}/board`, {
      token: first.token,
    });
    const round = board.body.items.filter((b) => !b.read);
    // One ballot whose image and record agree on a vote is read with that contest blank.
    const pick = ballots
      .flatMap((b) =>
        rla.contests.map((c) => ({
          b,
          c,
          row: compared.get(`${b.ballot_key} ${eifContest(c.name)?.id}`),
        })),
      )
      .find(
        ({ row }) =>
          row?.class === 'Fully Agreed' &&
          (row.image_votes ?? '') !== '' &&
          !(row.image_votes ?? '').includes('overvote'),
      );
    if (!pick) throw new Error('no ballot with an agreed vote');
    odd = { id: pick.b.id, key: pick.b.ballot_key, contest: pick.c.id };
    for (const b of round) {
      // The board reads the paper as its image and record show it (where they agree).
      const contests = Object.fromEntries(
        rla.contests.map((c) => {
          const row = compared.get(`${b.ballot_key} ${eifContest(c.name)?.id}`);
          const votes = (row?.cvr_votes ?? '').split(';').filter((v) => v && v !== 'overvote');
          return [c.id, b.id === odd.id && c.id === odd.contest ? [] : optionNames(c.name, votes)];
        }),
      );
      for (const member of [first, second]) {
        const entered = await server.call('PUT', `/rla/${jobId}/ballots/${b.id}/reading`, {
          token: member.token,
          body: { contests },
        });
        expect(entered.status, JSON.stringify(entered.body)).toBe(200);
      }
    }
    const listed = await server.call<{ items: RlaAuditBallot[] }>('GET', `/rla/${jobId}/ballots`, {
      token: auditor.token,
    });
    for (const b of listed.body.items.filter((x) => x.read)) {
      const answer = await image(b.id, auditor.token);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body).toMatchObject({
        ballot_key: b.ballot_key,
        compared: true,
        sheet_id: b.ballot_key,
        message: '',
      });
      for (const c of answer.body.contests) {
        const row = compared.get(`${b.ballot_key} ${eifContest(c.name)?.id}`);
        expect(row, `${b.ballot_key} ${c.name}`).toBeDefined();
        expect(c.image_class).toBe(row?.class);
        const imageVotes = (row?.image_votes ?? '').split(';').filter(Boolean);
        if (!imageVotes.includes('overvote'))
          expect(c.image).toEqual(optionNames(c.name, imageVotes));
        expect(c.record).toEqual(b.cvr_votes?.[c.contest_id] ?? []);
        expect(c.discrepancy).toBe(b.discrepancies?.[c.contest_id]);
        if (b.id === odd.id && c.contest_id === odd.contest)
          expect(c).toMatchObject({
            board: [],
            agree: false,
            agreement: 'the paper differs from its image and the record',
          });
        else if (row?.class === 'Fully Agreed')
          expect(c).toMatchObject({ agree: true, agreement: 'paper, image and record agree' });
        expect(c.crop).toMatch(/^data:image\/png;base64,/);
        const png = await sharp(
          Buffer.from((c.crop ?? '').split(',')[1] ?? '', 'base64'),
        ).metadata();
        expect(png.format).toBe('png');
        expect(png.width).toBeGreaterThan(100);
      }
    }
  }, 300_000);

  it('writes the audit into the next report, beside the image audit', async () => {
    expect((await operation('genreport'))?.status).toBe('built-new');
    const rerun = await server.call<{ operation_id: string }>('POST', '/job-operations', {
      token: auditor.token,
      body: { job_id: jobId, operation: 'genreport', action: 'rerun' },
    });
    expect(rerun.status, JSON.stringify(rerun.body)).toBe(200);
    expect((await waitForStage(server, auditor.token, rerun.body.operation_id)).status).toBe(
      'SUCCESS',
    );
    const seen = await server.call<{ rla: Rla }>('GET', `/rla/${jobId}`, { token: auditor.token });
    const rounds = seen.body.rla?.rounds ?? [];
    const csv = await readCsvAll(store, PATHS.reportCsv);
    const measured = csv.filter((r) => r.section === 'rla_round');
    expect(measured.map((r) => [r.rla_round, r.contest_id, Number(r.rla_risk).toFixed(4)])).toEqual(
      rounds.flatMap((r) =>
        (r.results ?? []).map((x) => [String(r.number), x.contest_id, x.risk.toFixed(4)]),
      ),
    );
    const sampled = csv.filter((r) => r.section === 'rla_ballot');
    expect(sampled).toHaveLength(ballots.length * rla.contests.length);
    expect(
      sampled.find((r) => r.rla_ballot === odd.key && r.contest_id === odd.contest),
    ).toMatchObject({
      sheet_id: odd.key,
      rla_board_reading: 'no vote',
      detail: 'the paper differs from its image and the record',
    });
    const html = await readText(store, PATHS.reportHtml);
    expect(html).toContain('<h2 id="rla">Risk-limiting audit</h2>');
    expect(html).toContain(`<h3>Rounds (${rounds.length})</h3>`);
    expect(html).toContain(`<tr><th>Random seed</th><td>${SEED}</td></tr>`);
  }, 300_000);
});
