import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assessContest, stoppingSize } from '@scrutineer/audit-core';
import {
  RLA_MESSAGES as M,
  type Rla,
  type RlaAuditBallot,
  type RlaBoardBallot,
  type RlaCandidates,
  type RlaRetrievalRow,
} from '@scrutineer/contracts';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { countRows, type Account } from '../../test/elections-fixtures.js';
import { createJob, fetchBytes } from '../../test/jobs-fixtures.js';
import {
  councilOf,
  mayorOf,
  rlaJob,
  rlaPeople,
  storeCvrSet,
  uploadManifest,
} from '../../test/rla-fixtures.js';

let server: TestServer;
let auditor: Account;
let first: Account;
let second: Account;
let outsider: Account;
let stranger: Account;
let electionId: number;

const SEED = '83762091475320918476';

beforeAll(async () => {
  server = await startTestServer();
  ({ auditor, first, second, observer: outsider, stranger, electionId } = await rlaPeople(server));
  await storeCvrSet(server, electionId, auditor.id);
});
afterAll(async () => server.close());

const startBody = (overrides: Record<string, unknown> = {}) => ({
  contest_ids: ['Mayor', 'Council'],
  risk_limit: 10,
  seed: SEED,
  boards: [{ name: 'Board 1', member_ids: [first.id, second.id] }],
  ...overrides,
});

const readyJob = (name: string) => rlaJob(server, auditor.token, electionId, name);

const start = (jobId: number, body: unknown, token = auditor.token) =>
  server.call<{ message: string; rla: Rla; error?: string }>('POST', `/rla/${jobId}`, {
    token,
    body,
  });

const boardBallots = async (jobId: number, member: Account) => {
  const answer = await server.call<{ items: RlaBoardBallot[] }>('GET', `/rla/${jobId}/board`, {
    token: member.token,
  });
  expect(answer.status).toBe(200);
  return answer.body.items;
};

const truthOf = (b: { batch: string; position: number }) => ({
  Mayor: [mayorOf(b.batch, b.position)],
  Council: councilOf(b.batch, b.position),
});

const enter = (jobId: number, ballotId: number, member: Account, body: unknown) =>
  server.call<{ message: string; rla: Rla; error?: string }>(
    'PUT',
    `/rla/${jobId}/ballots/${ballotId}/reading`,
    { token: member.token, body },
  );

describe('starting a risk-limiting audit', () => {
  it('offers the CVR contests with their margins and the people who can sit on a board', async () => {
    const jobId = await readyJob('RLA candidates');
    const answer = await server.call<RlaCandidates>('GET', `/rla/${jobId}/contests`, {
      token: auditor.token,
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ cvr_file: 'CVR_Export.csv', ballots: 200 });
    expect(answer.body.contests.map((c) => [c.id, c.winners, c.diluted_margin])).toEqual([
      ['Mayor', ['Alice'], 0.2],
      ['Council', ['Carol', 'Dan'], 0.9],
    ]);
    const people = answer.body.people.map((p) => p.id);
    expect(people).toEqual(expect.arrayContaining([auditor.id, first.id, second.id, outsider.id]));
    expect(people).not.toContain(stranger.id);
    expect(
      (await server.call('GET', `/rla/${jobId}/contests`, { token: first.token })).status,
    ).toBe(403);
    expect(
      (await server.call('GET', `/rla/${jobId}/contests`, { token: stranger.token })).status,
    ).toBe(404);
  });

  it('refuses those who may not run it and bad input, saving nothing', async () => {
    const jobId = await readyJob('RLA refusals');
    expect((await server.call('GET', `/rla/${jobId}`, { token: first.token })).body).toEqual({
      rla: null,
    });
    expect(await start(jobId, startBody(), first.token)).toMatchObject({
      status: 403,
      body: { error: M.auditorOnly },
    });
    expect((await start(jobId, startBody(), stranger.token)).status).toBe(404);
    const bad: [Record<string, unknown>, string][] = [
      [{ risk_limit: 50 }, 'The risk limit is between 1 and 20 percent.'],
      [{ seed: '123' }, 'The random seed needs at least 20 characters.'],
      [{ contest_ids: [] }, 'Choose at least one contest.'],
      [
        { boards: [{ name: 'B', member_ids: [first.id, first.id] }] },
        'The two members of a board must be different people.',
      ],
      [{ boards: [{ name: 'B', member_ids: [first.id] }] }, 'An audit board has two members.'],
      [{ contest_ids: ['Sheriff'] }, M.contestUnknown('Sheriff')],
      [
        { boards: [{ name: 'B', member_ids: [first.id, stranger.id] }] },
        M.boardMember(stranger.id),
      ],
      [{ cvr_file: 'other.csv' }, M.cvrUnknown('other.csv')],
    ];
    for (const [overrides, message] of bad) {
      const answer = await start(jobId, startBody(overrides));
      expect(answer.status, JSON.stringify(overrides)).toBe(400);
      expect(answer.body.error).toContain(message);
    }
    const noManifest = await createJob(server, auditor.token, electionId, {
      name: 'RLA no manifest',
    });
    expect(await start(noManifest.id, startBody())).toMatchObject({
      status: 400,
      body: { error: M.noManifest },
    });
    expect(
      await countRows(server, 'SELECT count(*) FROM rla_audits WHERE job_id = $1', [jobId]),
    ).toBe(0);
  });

  it('refuses a manifest with problems, naming the row', async () => {
    const job = await createJob(server, auditor.token, electionId, { name: 'RLA bad manifest' });
    await uploadManifest(
      server,
      auditor.token,
      job.id,
      'CountyID,ScannerID,BatchID,NumBallots,StorageLocation\nTest County,1,1,fifty,Shelf\n',
    );
    const answer = await start(job.id, startBody());
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(/^The ballot manifest has 1 problem: .*row 2/);
  });
});

describe('a ballot-comparison audit from start to risk limit met', () => {
  let jobId: number;
  let rla: Rla;

  it('starts: reported results from the CVR, round 1 sized by the smallest margin and drawn', async () => {
    jobId = await readyJob('RLA happy path');
    const answer = await start(jobId, startBody());
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    rla = answer.body.rla;
    expect(rla).toMatchObject({
      status: 'in_progress',
      risk_limit: 10,
      seed: SEED,
      gamma: 1.03905,
      cvr_file: 'CVR_Export.csv',
      manifest_file: 'ballot-manifest.csv',
      ballots: 200,
      can: { run: true, next_round: false, read: false },
    });
    expect(rla.contests).toEqual([
      expect.objectContaining({
        id: 'Mayor',
        votes: { Alice: 120, Bob: 80 },
        winners: ['Alice'],
        margin_votes: 40,
        diluted_margin: 0.2,
      }),
      expect.objectContaining({
        id: 'Council',
        vote_for: 2,
        votes: { Carol: 200, Dan: 190, Eve: 10 },
        winners: ['Carol', 'Dan'],
        margin_votes: 180,
      }),
    ]);
    expect(rla.boards[0]?.members.map((m) => m.id)).toEqual([first.id, second.id]);
    expect(rla.rounds).toHaveLength(1);
    expect(rla.rounds[0]).toMatchObject({
      number: 1,
      draws_before: 0,
      draws: stoppingSize(0.1, 0.2, 200),
      status: 'open',
    });
    expect(await start(jobId, startBody())).toMatchObject({
      status: 409,
      body: { error: M.alreadyStarted },
    });
    const events = await countRows(
      server,
      "SELECT count(*) FROM events WHERE subject_type = 'rla' AND action = 'start' AND subject_id = $1",
      [String(rla.id)],
    );
    expect(events).toBe(1);
  });

  it('gives the Auditor the retrieval list, as JSON and as a CSV download', async () => {
    const list = await server.call<{ items: RlaRetrievalRow[] }>(
      'GET',
      `/rla/${jobId}/rounds/1/retrieval`,
      { token: auditor.token },
    );
    expect(list.status).toBe(200);
    expect(list.body.items.length).toBe(rla.rounds[0]?.ballots);
    expect(list.body.items.reduce((n, r) => n + r.times_sampled, 0)).toBe(rla.rounds[0]?.draws);
    const keys = list.body.items.map((r) => [Number(r.batch), r.position]);
    expect(keys).toEqual([...keys].sort((a, b) => a[0]! - b[0]! || a[1]! - b[1]!));
    expect(list.body.items[0]).toMatchObject({
      board: 'Board 1',
      scanner: '1',
      location: `Vault shelf ${list.body.items[0]?.batch}`,
    });
    const csv = await fetchBytes(server, `/api/rla/${jobId}/rounds/1/retrieval.csv`, auditor.token);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.headers.get('content-disposition')).toContain('attachment');
    const lines = csv.text.trim().split('\n');
    expect(lines[0]).toBe(
      'Round,Audit Board,Scanner,Batch,Position,Storage Location,Ballot,Times Sampled',
    );
    expect(lines).toHaveLength(list.body.items.length + 1);
    expect(
      (await fetchBytes(server, `/api/rla/${jobId}/rounds/1/retrieval.csv`, first.token)).status,
    ).toBe(403);
    expect(
      (await server.call('GET', `/rla/${jobId}/rounds/9/retrieval`, { token: auditor.token }))
        .status,
    ).toBe(404);
  });

  it('shows board members where their ballots are, never the record', async () => {
    const items = await boardBallots(jobId, first);
    expect(items.length).toBe(rla.rounds[0]?.ballots);
    expect(Object.keys(items[0] ?? {})).not.toContain('cvr_votes');
    expect(await boardBallots(jobId, outsider)).toEqual([]);
    const audit = await server.call<{ items: RlaAuditBallot[] }>('GET', `/rla/${jobId}/ballots`, {
      token: auditor.token,
    });
    expect(audit.body.items.every((b) => b.cvr_votes === null && b.discrepancies === null)).toBe(
      true,
    );
    expect((await server.call('GET', `/rla/${jobId}/ballots`, { token: first.token })).status).toBe(
      403,
    );
  });

  it('takes readings from board members only, and only valid ones', async () => {
    const [ballot] = await boardBallots(jobId, first);
    if (!ballot) throw new Error('no ballot');
    expect(await enter(jobId, ballot.id, outsider, { contests: {} })).toMatchObject({
      status: 403,
      body: { error: M.notOnBoard },
    });
    expect(await enter(jobId, ballot.id, auditor, { contests: {} })).toMatchObject({ status: 403 });
    expect(await enter(jobId, ballot.id, first, { contests: { Mayor: ['Zed'] } })).toMatchObject({
      status: 400,
      body: { error: M.optionUnknown('Mayor', 'Zed') },
    });
    expect(await enter(jobId, ballot.id, first, { contests: { Sheriff: [] } })).toMatchObject({
      status: 400,
    });
    expect(await enter(jobId, ballot.id, first, { contests: { Mayor: 'Alice' } })).toMatchObject({
      status: 400,
    });
    expect(await enter(jobId, 999999, first, { contests: {} })).toMatchObject({ status: 404 });
    expect(await enter(jobId, ballot.id, stranger, { contests: {} })).toMatchObject({
      status: 404,
    });
  });

  it('needs both members to agree; round 1 with one overstatement falls short and asks for more', async () => {
    const items = await boardBallots(jobId, first);
    const overstated = items.find((b) => mayorOf(b.batch, b.position) === 'Alice');
    if (!overstated) throw new Error('no ballot for Alice');
    // The members first disagree on the overstated ballot, then both read it with Mayor blank.
    const blankMayor = { contests: { Council: truthOf(overstated).Council } };
    await enter(jobId, overstated.id, first, blankMayor);
    const disagree = await enter(jobId, overstated.id, second, { contests: truthOf(overstated) });
    expect(disagree.status).toBe(200);
    expect((await boardBallots(jobId, second)).find((b) => b.id === overstated.id)).toMatchObject({
      disagreement: true,
      read: false,
    });
    expect((await enter(jobId, overstated.id, second, blankMayor)).status).toBe(200);
    expect(await enter(jobId, overstated.id, first, blankMayor)).toMatchObject({
      status: 409,
      body: { error: M.ballotClosed },
    });
    for (const b of items.filter((x) => x.id !== overstated.id)) {
      expect((await enter(jobId, b.id, first, { contests: truthOf(b) })).status).toBe(200);
      const last = await enter(jobId, b.id, second, { contests: truthOf(b) });
      expect(last.status).toBe(200);
      rla = last.body.rla;
    }
    const round = rla.rounds[0];
    const mayor = round?.results?.find((r) => r.contest_id === 'Mayor');
    const audit = await server.call<{ items: RlaAuditBallot[] }>('GET', `/rla/${jobId}/ballots`, {
      token: auditor.token,
    });
    const expected = assessContest(
      { id: 'Mayor', voteFor: 1, votes: { Alice: 120, Bob: 80 }, ballots: 200 },
      0.1,
      audit.body.items.map((b) => ({
        reported: b.cvr_votes?.Mayor ?? [],
        audited: b.reading?.contests.Mayor ?? [],
        timesSampled: b.times_sampled,
      })),
    );
    expect(round?.status).toBe('complete');
    expect(mayor).toMatchObject({
      o1: expected.misstatements.o1,
      o2: 0,
      risk_limit_met: false,
      full_hand_count: false,
    });
    expect(mayor?.o1).toBeGreaterThanOrEqual(1);
    expect(mayor?.risk).toBeCloseTo(expected.risk, 12);
    expect(mayor?.risk).toBeGreaterThan(0.1);
    expect(audit.body.items.find((b) => b.id === overstated.id)?.discrepancies).toEqual({
      Mayor: 1,
      Council: 0,
    });
    expect(rla).toMatchObject({ status: 'in_progress', can: { run: false, next_round: false } });
    const seen = await server.call<{ rla: Rla }>('GET', `/rla/${jobId}`, { token: auditor.token });
    expect(seen.body.rla).toMatchObject({
      status: 'in_progress',
      can: { run: true, next_round: true },
    });
  }, 300_000);

  it('draws round 2 from the same stream and stops once the risk limit is met', async () => {
    expect((await server.call('POST', `/rla/${jobId}/rounds`, { token: first.token })).status).toBe(
      403,
    );
    const drawn = await server.call<{ message: string; rla: Rla }>('POST', `/rla/${jobId}/rounds`, {
      token: auditor.token,
    });
    expect(drawn.status, JSON.stringify(drawn.body)).toBe(201);
    expect(drawn.body.message).toBe(M.roundStarted(2));
    const [one, two] = drawn.body.rla.rounds;
    const mayor = one?.results?.find((r) => r.contest_id === 'Mayor');
    expect(two).toMatchObject({
      number: 2,
      draws_before: one?.draws,
      draws: (mayor?.stopping_size ?? 0) - (one?.draws ?? 0),
      status: 'open',
    });
    expect(
      (await server.call('POST', `/rla/${jobId}/rounds`, { token: auditor.token })).status,
    ).toBe(409);
    const open = (await boardBallots(jobId, first)).filter((b) => !b.read);
    expect(open.length).toBeGreaterThan(0);
    let last: Rla | undefined;
    for (const b of open) {
      await enter(jobId, b.id, first, { contests: truthOf(b) });
      last = (await enter(jobId, b.id, second, { contests: truthOf(b) })).body.rla;
    }
    expect(last).toMatchObject({
      status: 'risk_limit_met',
      can: { read: false, next_round: false },
    });
    expect(last?.rounds[1]?.results?.every((r) => r.risk_limit_met && r.risk < 0.1)).toBe(true);
    expect(last?.ended_at).not.toBeNull();
    expect(
      await server.call('POST', `/rla/${jobId}/rounds`, { token: auditor.token }),
    ).toMatchObject({ status: 409, body: { error: M.auditOver } });
    const entries = await countRows(
      server,
      "SELECT count(*) FROM events WHERE subject_type = 'rla_ballot'",
      [],
    );
    expect(entries).toBeGreaterThanOrEqual(2 * (one?.ballots ?? 0));
  });
});
