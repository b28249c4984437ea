import { readFile } from 'node:fs/promises';
import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  makeElection,
  planBallot,
  planDiscrepancies,
  syntheticRecords,
} from '@scrutineer/audit-core';
import { ADMIN, apiSignIn, screenshot, signIn } from '../support/api';
import { demoJob } from '../support/jobs';
import { jobStages, runStages } from '../support/stages';
import { addMember } from '../support/uploads';

// The demo election as the server seeds it: its vote records, regenerated from the same seed.
const DEMO = { count: 60, batchSize: 20, misreads: 2, missing: 1, extra: 1 };
const SEED = '27182818284590452353';

/**
 * Ballots whose Sheriff vote for B. Ito is a full, clear mark on the paper and is not one of the
 * planted misreads: the image audit reads them as the record says.
 */
function clearItoBallots(): Set<string> {
  const election = makeElection({ seed: 'demo' });
  const planted = new Set(
    planDiscrepancies(election, DEMO.count, DEMO).flatMap((p) =>
      p.kind === 'misread' ? [p.ballotId] : [],
    ),
  );
  const clear = new Set<string>();
  for (let i = 0; i < DEMO.count; i += 1) {
    const plan = planBallot(election, i, { batchSize: DEMO.batchSize });
    const sheriff = election.contests.find((c) => c.name === 'Sheriff 1');
    const ito = sheriff?.options.find((o) => o.name === 'B. Ito');
    const marks = plan.targets.filter((t) => t.contestId === sheriff?.id && t.isIntended);
    if (marks.length === 1 && marks[0]?.optionId === ito?.id && marks[0]?.kind === 'full')
      if (!planted.has(plan.id)) clear.add(plan.id);
  }
  return clear;
}

/** What the demo's vote record says for Sheriff, by ballot id (`tabulator-batch-record`). */
function sheriffRecords(): Map<string, string[]> {
  const election = makeElection({ seed: 'demo' });
  const sheriff = election.contests.find((c) => c.name === 'Sheriff 1');
  if (!sheriff) throw new Error('no Sheriff contest in the demo');
  const names = new Map(sheriff.options.map((o) => [o.id, o.name]));
  const planted = planDiscrepancies(election, DEMO.count, DEMO);
  const records = new Map<string, string[]>();
  for (const ballot of syntheticRecords(election, DEMO.count, planted, DEMO)) {
    const vote = ballot.contests.find((c) => c.contestId === sheriff.id);
    const marked = (vote?.marks ?? [])
      .filter((m) => m.isVote)
      .map((m) => names.get(m.optionId) ?? '');
    records.set(ballot.id, marked.length > 1 ? [] : marked);
  }
  return records;
}

async function openRla(page: Page, jobId: number) {
  await page.goto(`/audit-jobs/${jobId}`);
  await page.getByRole('tab', { name: 'Risk-Limiting Audit' }).click();
}

interface RetrievalRow {
  key: string;
  times: number;
}

/** Downloads a round's retrieval list from the screen and reads its rows. */
async function downloadRetrieval(page: Page, round: number): Promise<RetrievalRow[]> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: `Download CSV (round ${round})` }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`round-${round}-retrieval\\.csv$`));
  const text = await readFile(await download.path(), 'utf8');
  const [header, ...rows] = text.trim().split('\n');
  expect(header).toBe(
    'Round,Audit Board,Scanner,Batch,Position,Storage Location,Ballot,Times Sampled',
  );
  return rows.map((line) => {
    const cells = line.split(',');
    return { key: cells[6] ?? '', times: Number(cells[7]) };
  });
}

async function member(
  browser: Browser,
  account: { email: string; password: string },
  jobId: number,
) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, account);
  await openRla(page, jobId);
  return page;
}

/** A board member reads the listed ballots: the record's Sheriff vote, or none for `blank`. */
async function read(
  page: Page,
  rows: RetrievalRow[],
  records: Map<string, string[]>,
  blank: string,
  last: boolean,
) {
  for (const { key } of rows) {
    const card = page.locator(`[aria-label="Ballot ${key}"]`);
    await expect(card).toBeVisible();
    const votes = key === blank ? [] : (records.get(key) ?? []);
    for (const name of votes) await card.getByLabel(name, { exact: true }).check();
    await card.getByRole('button', { name: 'Save Reading' }).click();
    if (last) await expect(card).toHaveCount(0);
    else await expect(card.getByText('Your reading is in')).toBeVisible();
  }
}

test('an Auditor runs a risk-limiting audit on the demo election: two rounds, one discrepancy, risk limit met', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(600_000);
  const adminToken = await apiSignIn(request, ADMIN);
  const { election, job } = await demoJob(request, adminToken);
  const bea = await addMember(request, adminToken, election.id, 'Uploader', {
    first: 'Bea',
    last: 'Board',
  });
  const ben = await addMember(request, adminToken, election.id, 'Uploader', {
    first: 'Ben',
    last: 'Board',
  });
  const records = sheriffRecords();
  // The image audit reads the demo's images first, so the paper can be set beside it.
  await runStages(request, adminToken, job.id, [
    'precheck',
    'gen_bif',
    'genstyles',
    'gentemplates',
    'extractvote',
    'cmpcvr',
  ]);

  await signIn(page, ADMIN);
  await openRla(page, job.id);
  const form = page.getByRole('form', { name: 'Start a risk-limiting audit' });
  await form.getByLabel(/^Sheriff 1 \(vote for 1\)/).check();
  await form.getByLabel('Risk limit (%)').fill('10');
  await form.getByLabel('Random seed').fill(SEED);
  await form.getByLabel('Board member 1').click();
  await page.getByRole('option', { name: new RegExp(`^Bea Board`) }).click();
  await form.getByLabel('Board member 2').click();
  await page.getByRole('option', { name: new RegExp(`^Ben Board`) }).click();
  await screenshot(page, 'rla-start');
  await form.getByRole('button', { name: 'Start Audit' }).click();
  await expect(page.getByText('Round 1: ')).toBeVisible();
  const round1 = await downloadRetrieval(page, 1);
  expect(round1.length).toBeGreaterThan(10);
  await page.getByRole('button', { name: 'Print List (round 1)' }).click();
  await expect(
    page.getByRole('table', { name: 'Retrieval list round 1' }).getByRole('row'),
  ).toHaveCount(round1.length + 1);
  await screenshot(page, 'rla-retrieval-list');
  await page.getByRole('button', { name: 'Close' }).click();

  // One ballot the record and its image give to the reported winner is read with no Sheriff vote.
  const clear = clearItoBallots();
  const blank =
    round1.find((r) => r.times === 1 && records.get(r.key)?.[0] === 'B. Ito' && clear.has(r.key))
      ?.key ?? '';
  expect(blank).not.toBe('');
  const first = await member(browser, bea, job.id);
  const second = await member(browser, ben, job.id);
  await read(first, round1, records, blank, false);
  await screenshot(first, 'rla-board-entries');
  await read(second, round1, records, blank, true);

  await page.reload();
  await page.getByRole('tab', { name: 'Risk-Limiting Audit' }).click();
  await expect(page.getByText('Round 1 ended short of the risk limit')).toBeVisible();
  await expect(page.getByText('1-vote overstatement')).toBeVisible();
  await page.getByText('1-vote overstatement').scrollIntoViewIfNeeded();
  await screenshot(page, 'rla-round-1-measured');

  // Once the board has read it, the Auditor sets the paper beside the image audit's reading.
  await page.getByRole('button', { name: `Compare ${blank} with its image` }).click();
  const beside = page.getByRole('dialog', {
    name: `Ballot ${blank}: the paper beside the image audit`,
  });
  const sheriff = beside.getByRole('row', { name: 'Contest Sheriff 1' });
  await expect(sheriff).toContainText('the paper differs from its image and the record');
  await expect(sheriff).toContainText('1-vote overstatement');
  await expect(sheriff.getByRole('cell').nth(1)).toHaveText('No vote');
  await expect(sheriff.getByRole('cell').nth(2)).toHaveText('B. Ito');
  await expect(sheriff.getByRole('cell').nth(3)).toContainText('B. Ito');
  await expect(sheriff.getByRole('img', { name: `Sheriff 1 on ballot ${blank}` })).toBeVisible();
  await screenshot(page, 'rla-paper-beside-image');
  await beside.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'Draw Next Round' }).click();
  await expect(page.getByText('Round 2: ')).toBeVisible();
  const round2 = await downloadRetrieval(page, 2);
  expect(round2.length).toBeGreaterThan(0);
  for (const board of [first, second]) {
    await board.reload();
    await board.getByRole('tab', { name: 'Risk-Limiting Audit' }).click();
  }
  await read(first, round2, records, blank, false);
  await read(second, round2, records, blank, true);

  await page.reload();
  await page.getByRole('tab', { name: 'Risk-Limiting Audit' }).click();
  const report = page.getByRole('region', { name: 'Risk-limiting audit report' });
  await expect(report.getByText('Risk-limiting audit report: Risk limit met')).toBeVisible();
  const rounds = report.getByRole('table', { name: 'Rounds' });
  await expect(rounds.getByRole('row')).toHaveCount(3);
  await expect(rounds.getByRole('row').nth(1)).toContainText('1 / 0');
  await expect(rounds.getByRole('row').nth(2)).toContainText('Risk limit met');
  await rounds.scrollIntoViewIfNeeded();
  await screenshot(page, 'rla-report');

  // The job's report shows the rounds and each sampled ballot beside the image audit.
  await runStages(request, adminToken, job.id, ['adjudicate', 'genreport']);
  const html = (await jobStages(request, adminToken, job.id))
    .find((o) => o.operation === 'genreport')
    ?.reports.find((r) => r.text === 'Final report (HTML)')?.url;
  await page.goto(html ?? '');
  await expect(page.getByRole('heading', { name: 'Risk-limiting audit', level: 2 })).toBeVisible();
  const reportRounds = page.getByRole('table', { name: 'RLA rounds' });
  await expect(reportRounds.getByRole('row')).toHaveCount(3);
  await expect(reportRounds.getByRole('row').nth(2)).toContainText('(risk limit met)');
  const oddRow = page.getByRole('row', { name: new RegExp(`^\\d+ ${blank} .*Sheriff 1`) });
  await expect(oddRow).toContainText('the paper differs from its image and the record');
  await page
    .getByRole('heading', { name: 'Risk-limiting audit', level: 2 })
    .scrollIntoViewIfNeeded();
  // The report is one long page: the screen at its risk-limiting audit section.
  await page.screenshot({ path: 'screenshots/rla-final-report.png', animations: 'disabled' });
});
