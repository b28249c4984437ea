import { execFileSync } from 'node:child_process';
import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeElection,
  PATHS,
  runPipeline,
  stageNamed,
  runStage,
  writeCsv,
  type FolderStore,
  type PlantedDiscrepancy,
} from '../../src/index.js';
import { readCsvAll } from '../../src/stages/context.js';
import { verdict } from '../../src/stages/report-outcome.js';
import { generatedJob } from './generated-job.js';

const totals = (pairs: [string, number][]) => new Map(pairs);

describe('could the outcome change', () => {
  it('says yes when twice the ballots in doubt reach the margin', () => {
    const t = totals([
      ['a', 15],
      ['b', 12],
    ]);
    expect(verdict(t, t, 1, 1).couldChange).toBe(false); // up to 2 < 3
    expect(verdict(t, t, 1, 2).couldChange).toBe(true); // up to 4 >= 3
    expect(verdict(t, t, 1, 2).reason).toBe(
      '2 ballots in doubt could move the margin by up to 4 votes, at least the audit margin of 3 votes',
    );
  });

  it('says yes when the audit count elects someone else, whatever is in doubt', () => {
    const reported = totals([
      ['a', 15],
      ['b', 12],
    ]);
    const audit = totals([
      ['a', 12],
      ['b', 15],
    ]);
    const v = verdict(reported, audit, 1, 0);
    expect(v.couldChange).toBe(true);
    expect(v.winnersDiffer).toBe(true);
  });

  it('uses the last winner and the first loser of a vote-for-2 contest, and a tie is open', () => {
    const t = totals([
      ['a', 30],
      ['b', 20],
      ['c', 14],
      ['d', 2],
    ]);
    expect(verdict(t, t, 2, 2).couldChange).toBe(false); // 4 < 6
    expect(verdict(t, t, 2, 3).couldChange).toBe(true); // 6 >= 6
    const tie = totals([
      ['a', 5],
      ['b', 5],
    ]);
    expect(verdict(tie, tie, 1, 0).couldChange).toBe(true);
  });
});

/**
 * A generated election whose first contest is a landslide and whose second is close (seed
 * chosen for that), run to genreport: the report's numbers must agree with each other.
 */
let job: string;
let store: FolderStore;
let planted: PlantedDiscrepancy[];

beforeAll(async () => {
  const election = makeElection({ seed: 'report-1917', contests: 2, styles: 1 });
  ({ job, store, planted } = await generatedJob('scrutineer-report-', election, {
    count: 48,
    batchSize: 48,
    misreads: 3,
    missing: 1,
    extra: 1,
  }));
  await store.write(
    PATHS.jobSettings,
    'group,argument,value\nreport_specs,report_title,Report on the generated election\n',
  );
  await store.write(
    PATHS.reportContext,
    JSON.stringify({
      job: { id: 7, name: 'Generated audit' },
      election: {
        name: 'Generated election',
        date: '2026-11-03',
        jurisdiction: 'US, CA, Sample County',
      },
      ran_by: 'Ada Auditor',
    }),
  );
  const results = await runPipeline(store, 'precheck', 'genreport', { batchSize: 48 });
  expect(results.at(-1)?.stage).toBe('genreport');
}, 900_000);

afterAll(async () => {
  if (!process.env.KEEP_REPORT) await rm(job, { recursive: true, force: true });
});

interface Outcome {
  margin: number;
  auditMargin: number;
  inDoubt: number;
  couldChange: boolean;
}

async function outcomes(): Promise<Map<string, Outcome>> {
  const csv = await readCsvAll(store, PATHS.reportCsv);
  return new Map(
    csv
      .filter((r) => r.section === 'outcome')
      .map((r) => [
        r.contest_id ?? '',
        {
          margin: Number(r.margin),
          auditMargin: Number(r.audit_margin),
          inDoubt: Number(r.in_doubt),
          couldChange: r.could_change === 'true',
        },
      ]),
  );
}

/** Checks every contest's line against its own totals and items in the CSV. */
async function expectAgreement(): Promise<Map<string, Outcome>> {
  const csv = await readCsvAll(store, PATHS.reportCsv);
  const found = await outcomes();
  for (const [contest, o] of found) {
    const rows = csv.filter((r) => r.section === 'totals' && r.contest_id === contest);
    const sorted = (field: string) => rows.map((r) => Number(r[field])).sort((a, b) => b - a);
    const margin = (v: number[]) => (v[0] ?? 0) - (v[1] ?? 0);
    expect(o.margin).toBe(margin(sorted('cvr_votes')));
    expect(o.auditMargin).toBe(margin(sorted('adjudicated_votes')));
    const doubtful = new Set(
      csv
        .filter(
          (r) =>
            ['item', 'disagreement'].includes(r.section ?? '') &&
            r.contest_id === contest &&
            ['Normal Disagreed', 'Gray', 'Unreadable', 'No CVR', 'No Image'].includes(
              r.kind ?? '',
            ) &&
            (r.adjudication === 'not adjudicated' || r.adjudication?.includes('still in doubt')),
        )
        .map((r) => r.sheet_id),
    );
    expect(o.inDoubt).toBe(doubtful.size);
    const winner = (field: string) =>
      [...rows].sort((a, b) => Number(b[field]) - Number(a[field]))[0]?.option_id;
    const differ = winner('cvr_votes') !== winner('adjudicated_votes');
    expect(o.couldChange).toBe(differ || 2 * o.inDoubt >= o.auditMargin);
    // The rows listed as the difference explain the gap between CVR and image totals.
    const diffs = csv.filter((r) => r.section === 'difference' && r.contest_id === contest);
    for (const t of rows) {
      const name = t.option ?? '';
      let gap = 0;
      for (const d of diffs) {
        if (
          (d.image_votes ?? '').split(/[,;] /).includes(name) &&
          !/overvote|unreadable/.test(d.image_votes ?? '')
        )
          gap += 1;
        if (
          (d.cvr_votes_recorded ?? '').split(/[,;] /).includes(name) &&
          !/overvote/.test(d.cvr_votes_recorded ?? '')
        )
          gap -= 1;
      }
      expect(`${name} ${Number(t.cvr_votes) + gap}`).toBe(`${name} ${t.audit_votes}`);
    }
  }
  return found;
}

describe('the report on a generated election', () => {
  it('says one contest could change and the other cannot, each agreeing with its numbers', async () => {
    const found = await expectAgreement();
    expect([...found.values()].map((o) => o.couldChange).sort()).toEqual([false, true]);
    const html = await readFile(join(job, PATHS.reportHtml), 'utf8');
    for (const [, o] of found)
      expect(html).toContain(
        `<span class="${o.couldChange ? 'yes' : 'no'}">${o.couldChange ? 'Yes' : 'No'}</span>`,
      );
  });

  it('counts and lists every planted misread in its contest, with the record written out', async () => {
    const csv = await readCsvAll(store, PATHS.reportCsv);
    const listed = csv.filter((r) => r.section === 'disagreement' && r.kind === 'Normal Disagreed');
    const misreads = planted.filter((p) => p.kind === 'misread');
    expect(listed.map((r) => `${r.sheet_id} ${r.contest_id}`).sort()).toEqual(
      misreads.map((p) => `${p.ballotId} ${p.contestId}`).sort(),
    );
    for (const r of listed) {
      expect(r.cvr_votes_recorded).not.toBe('');
      expect(r.image_votes).not.toBe('');
      expect(r.image_scores).toMatch(/\d\.\d\d/);
    }
  });

  it('writes one self-contained HTML file with the front matter and pictures as data', async () => {
    const html = await readFile(join(job, PATHS.reportHtml), 'utf8');
    expect(html).toContain('<h1>Report on the generated election</h1>');
    for (const text of [
      'Generated audit (job 7)',
      'Ada Auditor',
      '2026-11-03',
      'US, CA, Sample County',
    ])
      expect(html).toContain(text);
    const inputs = await readCsvAll(store, PATHS.precheckInputs);
    for (const i of inputs) expect(html).toContain(i.sha256);
    expect(html).toMatch(/<img src="data:image\/png;base64,/);
    expect(html).not.toMatch(/(src|href)="(https?:|\/\/|crops\/)/);
    expect(html).not.toMatch(/<script|<link/);
    const hashes = await readFile(join(job, PATHS.reportHashes), 'utf8');
    expect(hashes).toMatch(/^[0-9a-f]{64} {2}genreport\/report\.html$/m);
  });

  it('renders PDF pages that carry the pictures', async () => {
    const pdf = join(job, PATHS.reportPdf);
    const text = (await readFile(pdf)).toString('latin1');
    expect(text.match(/\/Subtype \/Image/g)?.length ?? 0).toBeGreaterThan(3);
    execFileSync('pdftoppm', ['-png', '-r', '50', pdf, join(job, 'genreport/page')]);
    const pages = (await readdir(join(job, 'genreport'))).filter((f) => f.startsWith('page'));
    expect(pages.length).toBeGreaterThan(3);
  });

  it('folds decisions into the adjudicated totals and takes them out of doubt', async () => {
    const before = await outcomes();
    const items = (await readCsvAll(store, PATHS.reportCsv)).filter(
      (r) => r.section === 'disagreement' && r.kind === 'Normal Disagreed',
    );
    const first = items[0];
    expect(first).toBeDefined();
    await writeCsv(
      store,
      PATHS.adjudications,
      ['id', 'kind', 'sheet_id', 'contest_id', 'decision', 'decided_votes', 'note', 'decided_at'],
      items.map((r, i) => ({
        id: i + 1,
        kind: 'Normal Disagreed',
        sheet_id: r.sheet_id,
        contest_id: r.contest_id,
        decision: 'cvr',
        decided_votes: '',
        note: 'checked',
        decided_at: '2026-11-20T10:00:00Z',
      })),
    );
    const genreport = stageNamed('genreport');
    if (!genreport) throw new Error('no genreport');
    expect((await runStage(genreport, store)).status).toBe('SUCCESS');
    const after = await expectAgreement();
    const contest = first?.contest_id ?? '';
    const decided = items.filter((r) => r.contest_id === contest).length;
    expect(after.get(contest)?.inDoubt).toBeLessThanOrEqual(
      (before.get(contest)?.inDoubt ?? 0) - 1,
    );
    expect(after.get(contest)?.inDoubt).toBeGreaterThanOrEqual(
      (before.get(contest)?.inDoubt ?? 0) - decided,
    );
    const csv = await readCsvAll(store, PATHS.reportCsv);
    // Each "record right" decision moves the adjudicated totals off the image totals.
    const moved = csv
      .filter((r) => r.section === 'totals' && r.contest_id === contest)
      .reduce((n, r) => n + Math.abs(Number(r.adjudicated_votes) - Number(r.audit_votes)), 0);
    expect(moved).toBeGreaterThan(0);
    expect(
      csv.find((r) => r.section === 'disagreement' && r.kind === 'Normal Disagreed')?.adjudication,
    ).toMatch(/^record right: .+ \(checked\)$/);
  });
});
