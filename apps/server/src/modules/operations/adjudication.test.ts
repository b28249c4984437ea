import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Adjudication,
  AdjudicationList,
  AdjudicationNext,
  AdjudicationSaved,
  AuditJob,
  LeaderboardRow,
  Operation,
  Tally,
  TallyBallots,
} from '@scrutineer/contracts';
import { OPERATION_MESSAGES as M } from '@scrutineer/contracts';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { createAccount, type Account } from '../../test/elections-fixtures.js';
import { createGeneratedJob } from '../../test/generated-job.js';
import { waitForStage } from '../../test/pipeline-fixtures.js';

let server: TestServer;
let admin: Account;
let auditor: Account;
let observer: Account;
let stranger: Account;
let judges: Account[];
let unflagged: Account;
let job: AuditJob;
let contestsOfElection: { id: string; name: string; options: { id: string; name: string }[] }[];

const list = (token: string, query = '') =>
  server.call<AdjudicationList>('GET', `/job-operations/adjudications/${job.id}${query}`, {
    token,
  });
const decide = (token: string, id: number, body: Record<string, unknown>) =>
  server.call<AdjudicationSaved>('PUT', `/job-operations/adjudications/${job.id}/${id}`, {
    token,
    body,
  });
const operation = async (name: string) => {
  const ops = await server.call<{ items: Operation[] }>('GET', `/job-operations/${job.id}`, {
    token: auditor.token,
  });
  return ops.body.items.find((o) => o.operation === name);
};

/** Gives a person the Admin's per-job permission, with or without the run_adjudicator flag. */
async function permit(account: Account, adjudicator: boolean) {
  const answer = await server.call('PUT', `/save-audit-permission/${account.id}`, {
    token: admin.token,
    body: {
      permissions: JSON.stringify([{ jobid: job.id, fullRange: true }]),
      run_adjudicator: adjudicator,
    },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

beforeAll(async () => {
  server = await startTestServer({ PIPELINE_WORKERS: '1' });
  admin = await createAccount(server, { role: 'Admin' });
  auditor = await createAccount(server, { role: 'Client' });
  [observer, stranger, unflagged] = await Promise.all([
    createAccount(server),
    createAccount(server),
    createAccount(server),
  ]);
  judges = await Promise.all([createAccount(server), createAccount(server), createAccount(server)]);
  const created = await createGeneratedJob(server, auditor, {
    seed: 'adjudication-api',
    count: 24,
    plant: { misreads: 3, missing: 1, extra: 1 },
    members: [[observer, 'Observer']],
    beforeStages: async (made) => {
      job = made;
      for (const judge of judges) await permit(judge, true);
      await permit(unflagged, false);
    },
    stages: [
      'precheck',
      'gen_bif',
      'genstyles',
      'gentemplates',
      'extractvote',
      'cmpcvr',
      'adjudicate',
      'genreport',
    ],
  });
  job = created.job;
  contestsOfElection = (
    JSON.parse(created.generated.electionJson) as { contests: typeof contestsOfElection }
  ).contests;
}, 600_000);
afterAll(async () => server.close());

describe('the adjudication queue', () => {
  it('lists the packaged items with their page, targets, batch and counts', async () => {
    const answer = await list(auditor.token);
    expect(answer.status).toBe(200);
    const misreads = answer.body.items.filter((i) => i.kind === 'Normal Disagreed');
    expect(misreads.length).toBeGreaterThanOrEqual(3);
    const first = misreads[0] as Adjudication;
    expect(first.page_url).toMatch(/^\/api\/operation-files\/.+\.png$/);
    expect(first.targets.some((t) => t.contest_id === first.contest_id)).toBe(true);
    expect(first.batch).not.toBe('');
    expect(first.state).toBe('open');
    expect(first.can_decide).toBe(true);
    expect(answer.body.can).toEqual({ decide: true, settings: true });
    expect(answer.body.counts.kind).toContainEqual({
      value: 'Normal Disagreed',
      count: misreads.length,
    });
    // People read the election file's names; the ids stay beside them.
    const named = answer.body.items.find((i) =>
      contestsOfElection.some((c) => c.id === i.contest_id),
    );
    const defined = contestsOfElection.find((c) => c.id === named?.contest_id);
    expect(defined).toBeDefined();
    expect(named?.contest).toBe(defined?.name);
    expect(named?.options).toEqual(
      defined?.options.map((o) => ({ option_id: o.id, option: o.name })),
    );
    expect(answer.body.contests).toContainEqual({
      contest_id: named?.contest_id,
      contest: defined?.name,
    });
    const page = await fetch(new URL(first.page_url, server.url));
    expect(page.headers.get('content-type')).toBe('image/png');
    expect(
      Buffer.from(await page.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
  });

  it('filters by class and contest, and pages', async () => {
    const all = await list(auditor.token);
    const contest = all.body.items.find((i) => i.kind === 'Normal Disagreed')?.contest_id ?? '';
    const byKind = await list(auditor.token, '?kind=No%20Image');
    expect(byKind.body.items.map((i) => i.kind)).toEqual(['No Image']);
    expect(byKind.body.matched).toBe(1);
    expect(byKind.body.total).toBe(all.body.total);
    const byContest = await list(auditor.token, `?contest_id=${encodeURIComponent(contest)}`);
    expect(byContest.body.items.every((i) => i.contest_id === contest)).toBe(true);
    const paged = await list(auditor.token, '?page_size=1&page=2');
    expect(paged.body.items.map((i) => i.id)).toEqual([all.body.items[1]?.id]);
    const bad = await list(auditor.token, '?page_size=0');
    expect(bad.status).toBe(400);
  });

  it('shows an Observer the queue without decisions, and hides it from a stranger', async () => {
    const seen = await list(observer.token);
    expect(seen.status).toBe(200);
    expect(seen.body.can.decide).toBe(false);
    expect(seen.body.items.every((i) => !i.can_decide)).toBe(true);
    expect((await list(stranger.token)).status).toBe(404);
    const next = await server.call('GET', `/job-operations/adjudications/${job.id}/next`, {
      token: stranger.token,
    });
    expect(next.status).toBe(404);
  });
});

describe('decisions', () => {
  it('refuses an Observer, a permitted person without the adjudicator flag, and a stranger', async () => {
    const item = (await list(auditor.token)).body.items[0] as Adjudication;
    for (const [account, status] of [
      [observer, 403],
      [unflagged, 403],
      [stranger, 404],
    ] as const) {
      const answer = await decide(account.token, item.id, { decision: 'image' });
      expect(answer.status, account.email).toBe(status);
      if (status === 403) expect(answer.body).toEqual({ error: M.adjudicatorsOnly });
    }
    expect((await list(auditor.token)).body.decided).toBe(0);
  });

  it('validates the decision', async () => {
    const item = (await list(auditor.token)).body.items[0] as Adjudication;
    const other = await decide(auditor.token, item.id, { decision: 'other' });
    expect(other).toMatchObject({ status: 400, body: { error: M.adjudicationVotesRequired } });
    const unknown = await decide(auditor.token, item.id, { decision: 'maybe' });
    expect(unknown.status).toBe(400);
    const missing = await decide(auditor.token, 999_999, { decision: 'image' });
    expect(missing).toMatchObject({ status: 404, body: { error: M.adjudicationNotFound } });
    const settings = await server.call('PUT', `/job-operations/adjudication-settings/${job.id}`, {
      token: auditor.token,
      body: { reviewers_per_item: 3 },
    });
    expect(settings.status).toBe(400);
    const byJudge = await server.call('PUT', `/job-operations/adjudication-settings/${job.id}`, {
      token: judges[0]?.token ?? '',
      body: { reviewers_per_item: 2 },
    });
    expect(byJudge).toMatchObject({
      status: 403,
      body: { error: M.adjudicationSettingsAuditorOnly },
    });
  });

  it('one adjudicator decides; the decision folds into the tally and puts the report out of date', async () => {
    const item = (await list(auditor.token, '?kind=Normal%20Disagreed')).body.items[0];
    if (!item) throw new Error('no misread');
    expect((await operation('genreport'))?.status).toBe('SUCCESS');
    const saved = await decide(judges[0]?.token ?? '', item.id, {
      decision: 'cvr',
      note: 'the record is right',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.message).toMatch(
      /^Decision recorded\. Out of date now \(built-new\): genreport/,
    );
    expect(saved.body.item).toMatchObject({
      state: 'decided',
      decision: 'cvr',
      decided_votes: item.cvr_votes.split(';').filter(Boolean).sort().join(';'),
      decided_by: judges[0]?.id,
      note: 'the record is right',
    });
    expect(saved.body.item.reviews).toHaveLength(1);
    expect((await operation('genreport'))?.status).toBe('built-new');

    const tally = await server.call<Tally>('GET', `/job-operations/tally/${job.id}`, {
      token: observer.token,
    });
    expect(tally.status).toBe(200);
    expect(tally.body.decided).toBe(1);
    const contest = tally.body.contests.find((c) => c.contest_id === item.contest_id);
    // Every option of the election file shows by name, those without votes too.
    for (const defined of contestsOfElection) {
      const shown = tally.body.contests.find((c) => c.contest_id === defined.id);
      if (!shown) continue;
      expect(shown.contest).toBe(defined.name);
      expect(shown.options.map((o) => [o.option_id, o.option]).sort()).toEqual(
        defined.options.map((o) => [o.id, o.name]).sort(),
      );
    }
    expect(
      tally.body.contests.some((c) => contestsOfElection.some((d) => d.id === c.contest_id)),
    ).toBe(true);
    // The record's option that the image did not read gains the vote; one the image read and
    // the record did not loses it.
    const [recorded, read] = [item.cvr_votes, item.image_votes].map((v) =>
      v.split(';').filter(Boolean),
    ) as [string[], string[]];
    const gained = recorded.find((o) => !read.includes(o));
    const lost = read.find((o) => !recorded.includes(o));
    expect(gained ?? lost).toBeDefined();
    if (lost) {
      const row = contest?.options.find((o) => o.option_id === lost);
      expect(row?.adjudicated_votes).toBe((row?.image_votes ?? 0) - 1);
    }
    const option = gained;
    if (option) {
      const row = contest?.options.find((o) => o.option_id === option);
      expect(row?.adjudicated_votes).toBe((row?.image_votes ?? 0) + 1);
      const behind = await server.call<TallyBallots>(
        'GET',
        `/job-operations/tally/${job.id}/ballots?contest_id=${encodeURIComponent(item.contest_id)}&option_id=${encodeURIComponent(option)}&source=adjudicated&page_size=500`,
        { token: observer.token },
      );
      expect(behind.body.total).toBe(row?.adjudicated_votes);
      expect(behind.body.items).toContainEqual(
        expect.objectContaining({ sheet_id: item.sheet_id, adjudication_id: item.id }),
      );
    }
    const bad = await server.call('GET', `/job-operations/tally/${job.id}/ballots`, {
      token: observer.token,
    });
    expect(bad.status).toBe(400);
  });

  it('with two adjudicators: an agreement decides, a split waits for a third, who settles it', async () => {
    const set = await server.call('PUT', `/job-operations/adjudication-settings/${job.id}`, {
      token: auditor.token,
      body: { reviewers_per_item: 2 },
    });
    expect(set.status).toBe(200);
    const [a, b, c] = judges as [Account, Account, Account];
    const open = (await list(a.token, '?state=todo&kind=Normal%20Disagreed')).body.items;
    expect(open.length).toBeGreaterThanOrEqual(2);
    const [agreed, split] = open as [Adjudication, Adjudication];

    const first = await decide(a.token, agreed.id, { decision: 'image' });
    expect(first.body.item.state).toBe('open');
    expect(first.body.message).toMatch(/a second adjudicator/);
    // The second adjudicator does not see the first review before deciding.
    const blind = await server.call<Adjudication>(
      'GET',
      `/job-operations/adjudications/${job.id}/${agreed.id}`,
      { token: b.token },
    );
    expect(blind.body.reviews).toEqual([]);
    expect(blind.body.review_count).toBe(1);
    const second = await decide(b.token, agreed.id, {
      decision: 'other',
      votes: agreed.image_votes || 'none',
    });
    expect(second.body.item.state).toBe('decided');

    await decide(a.token, split.id, { decision: 'image' });
    const differ = await decide(b.token, split.id, { decision: 'cvr' });
    expect(differ.body.item.state).toBe('split');
    const again = await decide(a.token, split.id, { decision: 'cvr' });
    expect(again).toMatchObject({ status: 409, body: { error: M.adjudicationSplitReviewer } });
    const next = await server.call<AdjudicationNext>(
      'GET',
      `/job-operations/adjudications/${job.id}/next?kind=Normal%20Disagreed`,
      { token: c.token },
    );
    expect(next.body.item?.id).toBe(split.id);
    const settled = await decide(c.token, split.id, { decision: 'cvr', note: 'record matches' });
    expect(settled.body.item).toMatchObject({
      state: 'decided',
      decision: 'cvr',
      decided_by: c.id,
    });
    expect(settled.body.item.reviews.map((r) => [r.decision, r.settles])).toEqual([
      ['image', false],
      ['cvr', false],
      ['cvr', true],
    ]);
    const late = await decide(auditor.token, split.id, { decision: 'image' });
    expect(late).toMatchObject({ status: 409, body: { error: M.adjudicationDecided } });

    const board = await server.call<{ items: LeaderboardRow[] }>(
      'GET',
      '/leader-board?sort=adjudicator_total&page_size=100',
      { token: observer.token },
    );
    const row = (account: Account) => board.body.items.find((r) => r.id === account.id);
    // a: the single-adjudicator item, the agreed item, the split (lost); b: two; c: one.
    expect(row(a)).toMatchObject({
      adjudicator_total: 3,
      adjudicator_agreed: 2,
      adjudicator_agreement: 66.7,
    });
    expect(row(b)).toMatchObject({
      adjudicator_total: 2,
      adjudicator_agreed: 2,
      adjudicator_agreement: 100,
    });
    expect(row(c)).toMatchObject({ adjudicator_total: 1, adjudicator_agreed: 1 });
    expect(row(a)?.email).not.toBe(a.email);
  });

  it('writes decisions with who decided where genreport reads them', async () => {
    const launched = await server.call<{ operation_id: string }>('POST', '/job-operations', {
      token: auditor.token,
      body: { job_id: job.id, operation: 'genreport', action: 'rerun' },
    });
    expect(launched.status, JSON.stringify(launched.body)).toBe(200);
    const report = await waitForStage(server, auditor.token, launched.body.operation_id);
    expect(report.status).toBe('SUCCESS');
    const csv = await fetch(
      new URL(
        (await operation('adjudicate'))?.reports.find((r) => r.text === 'Adjudications (CSV)')
          ?.url ?? '',
        server.url,
      ),
    );
    const text = await csv.text();
    expect(text.split('\n')[0]).toBe(
      'id,kind,sheet_id,contest_id,image_votes,image_gray,cvr_votes,decision,decided_votes,note,decided_at,decided_by,state,decided_by_name,batch,detail',
    );
    // Who decided, by name (the report is public: never the e-mail).
    expect(text).toMatch(new RegExp(`,${judges[2]?.id},decided,Test Person [A-Z]+,`));
    expect(text).not.toContain(judges[2]?.email ?? '@');

    // The tally and the rerun report count the same: records, images, and decisions folded in
    // (the ballot without a record and the record without an image included).
    const reportCsv = await fetch(
      new URL(
        (await operation('genreport'))?.reports.find((r) => r.text === 'Final report (CSV)')?.url ??
          '',
        server.url,
      ),
    );
    const rows = parse<Record<string, string>>(await reportCsv.text(), { columns: true });
    const fromReport = rows
      .filter((r) => r.section === 'totals')
      .map((r) =>
        [r.contest_id, r.option_id, r.cvr_votes, r.audit_votes, r.adjudicated_votes].join(' '),
      )
      .sort();
    const tally = await server.call<Tally>('GET', `/job-operations/tally/${job.id}`, {
      token: observer.token,
    });
    const fromTally = tally.body.contests
      .flatMap((c) =>
        c.options.map((o) =>
          [c.contest_id, o.option_id, o.cvr_votes, o.image_votes, o.adjudicated_votes].join(' '),
        ),
      )
      .sort();
    expect(fromTally).toEqual(fromReport);
    expect(tally.body.undecided).toBeGreaterThan(0);
  });
});
