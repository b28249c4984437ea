import sharp from 'sharp';
import yazl from 'yazl';
import { createHash } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { readBytes } from '../storage/index.js';
import { readCsv, readCsvAll, writeCsv, type StageContext } from './context.js';
import { listKeys, PATHS } from './job.js';
import type { Item } from './report-contests.js';
import { makeCrops, type CropRequest } from './report-crops.js';
import { cvrReportSection } from './report-cvr.js';
import { loadReportData, type ReportData } from './report-data.js';
import { frontMatter, hashBytes } from './report-front.js';
import { reportHtml } from './report-html.js';
import { markDistributionSvgs, markDistributionsHtml } from './report-marks.js';
import { reportPdf } from './report-pdf.js';
import {
  DECISION_COLUMNS,
  optionIds,
  sheetDecisionKey,
  sheetDecisionText,
} from './report-decisions.js';
import {
  loadRlaReport,
  RLA_CSV_COLUMNS,
  rlaCsvRows,
  rlaReportHtml,
  rlaReportLines,
} from './report-rla.js';
import {
  cropId,
  decisionText,
  DISAGREEMENT_CROPS,
  doubtText,
  imageText,
  itemsOf,
  recordText,
  scoresText,
  SECTION_CROPS,
} from './report-text.js';

const itemKey = (kind: string, sheet: string, contest: string) =>
  `${kind}\u0000${sheet}\u0000${contest}`;

export const REPORT_COLUMNS = [
  'section',
  'contest_id',
  'contest',
  'option_id',
  'option',
  'cvr_votes',
  'audit_votes',
  'audit_gray',
  'official_votes',
  'kind',
  'sheet_id',
  'image_votes',
  'cvr_votes_recorded',
  'detail',
  'adjudication',
  'cvr_original_votes',
  'adjudicated_votes',
  'margin',
  'audit_margin',
  'in_doubt',
  'could_change',
  'batch',
  'style',
  'image_scores',
  ...DECISION_COLUMNS,
];

/**
 * The final report: front matter (election, job, engine, settings, SHA-256 of every input and
 * output), per contest the CVR, image and adjudicated totals with a chart, the ballots in doubt
 * and whether they could change the outcome (report-outcome.ts), every disagreement with both
 * readings and a crop, sections with pictures for No CVR, No Image, duplicates, unreadable
 * sheets, overvotes and gray marks, and every problem the stages logged. HTML (one
 * self-contained file), PDF with the same content, and CSV rows.
 */
export async function genReport(ctx: StageContext): Promise<void> {
  const data = await loadReportData(ctx);
  const official = new Map<string, number>();
  for await (const row of readCsv(ctx.store, PATHS.official))
    official.set(`${row.contest_id}\u0000${row.option_id}`, Number(row.votes));
  const problems: Record<string, string>[] = [];
  for (const key of await listKeys(ctx.store, ''))
    if (/^[a-z_]+\/problems\.csv$/.test(key) && !key.startsWith('genreport/'))
      problems.push(...(await readCsvAll(ctx.store, key)));
  const front = await frontMatter(ctx);
  const rla = await loadRlaReport(ctx);
  const crops = await makeCrops(ctx, [...cropRequests(data), ...(rla?.crops ?? [])]);
  const cvr = await cvrReportSection(ctx);
  const html = reportHtml({
    front,
    data,
    crops,
    cvrHtml: cvr.html,
    marksHtml: await markDistributionsHtml(ctx.store),
    problems,
    caps: { disagreements: DISAGREEMENT_CROPS, sections: SECTION_CROPS },
    official,
    rlaHtml: rla ? rlaReportHtml(rla, crops) : '',
  });
  await ctx.store.write(PATHS.reportHtml, html);

  const itemByKey = new Map(data.items.map((i) => [itemKey(i.kind, i.sheetId, i.contestId), i]));
  const csvRows: Record<string, unknown>[] = [
    ...data.contests.flatMap((c) =>
      c.options.map((o) => ({
        section: 'totals',
        contest_id: c.contestId,
        contest: c.name,
        option_id: o.optionId,
        option: o.option,
        cvr_votes: o.cvr,
        cvr_original_votes: o.cvrOriginal,
        audit_votes: o.image,
        audit_gray: o.gray,
        adjudicated_votes: o.adjudicated,
        official_votes: official.get(`${c.contestId}\u0000${o.optionId}`),
      })),
    ),
    ...data.contests.map((c) => ({
      section: 'outcome',
      contest_id: c.contestId,
      contest: c.name,
      margin: c.reported.margin,
      audit_margin: c.audit.margin,
      in_doubt: c.inDoubt,
      could_change: c.verdict.couldChange,
      detail: `${c.verdict.couldChange ? 'could change' : 'cannot change'}: ${c.verdict.reason}; ${doubtText(c)}`,
    })),
    ...data.contests.flatMap((c) =>
      c.differences.map((i) => ({ ...itemCsv(data, i), section: 'difference' })),
    ),
    ...data.disagreementRows.map((d) => disagreementCsv(data, d, itemByKey)),
    ...data.items.filter((i) => i.kind !== 'Normal Disagreed').map((i) => itemCsv(data, i)),
    ...cvr.csvRows,
    ...(rla ? rlaCsvRows(rla) : []),
  ];
  await writeCsv(ctx.store, PATHS.reportCsv, [...REPORT_COLUMNS, ...RLA_CSV_COLUMNS], csvRows);
  const marks: Buffer[] = [];
  for (const svg of await markDistributionSvgs(ctx.store))
    marks.push(await sharp(Buffer.from(svg)).png().toBuffer());
  const pdf = await reportPdf(
    {
      front,
      data,
      crops,
      cvrLines: cvr.lines,
      problems,
      official,
      rlaLines: rla ? rlaReportLines(rla) : [],
    },
    marks,
  );
  await ctx.store.write(PATHS.reportPdf, pdf);
  const csv = await readBytes(ctx.store, PATHS.reportCsv);
  await ctx.store.write(
    PATHS.reportHashes,
    [
      hashBytes(PATHS.reportHtml, html),
      hashBytes(PATHS.reportCsv, csv),
      hashBytes(PATHS.reportPdf, pdf),
    ]
      .map((h) => `${h.sha256}  ${h.key}\n`)
      .join(''),
  );
  const couldChange = data.contests.filter((c) => c.verdict.couldChange).length;
  ctx.info(
    `report: ${data.contests.length} contests (${couldChange} could change), ${data.items.filter((i) => i.kind === 'Normal Disagreed').length} disagreements, ${crops.size} pictures, ${problems.length} problems${rla ? `; risk-limiting audit: ${rla.rla.rounds.length} rounds, ${rla.rla.sampled.length} sampled ballots` : ''}`,
  );
  ctx.progress(1, 1);
}

/** Pictures for the report, up to the caps: disagreements first, then each section. */
function cropRequests(data: ReportData): CropRequest[] {
  const requests: CropRequest[] = [];
  const contestCrop = (item: Item): CropRequest | undefined => {
    const targets = (data.targets.get(item.sheetId) ?? []).filter(
      (t) => t.contestId === item.contestId,
    );
    if (targets.length === 0) return undefined;
    const xs = targets.map((t) => t.x);
    const ys = targets.map((t) => t.y);
    return {
      id: cropId(item.kind, item.sheetId, item.contestId),
      archive: item.archive,
      entry: item.entry,
      side: targets[0]?.side ?? 1,
      turn: targets[0]?.turn ?? 0,
      box: { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) },
    };
  };
  const add = (list: Item[], cap: number) => {
    for (const item of list.slice(0, cap)) {
      const r = contestCrop(item);
      if (r) requests.push(r);
    }
  };
  add(itemsOf(data, 'Normal Disagreed'), DISAGREEMENT_CROPS);
  add(itemsOf(data, 'Agreed Overvote'), SECTION_CROPS);
  add(itemsOf(data, 'Gray'), SECTION_CROPS);
  for (const rows of [
    data.sheetsOf.get('No CVR') ?? [],
    data.sheetsOf.get('Unreadable') ?? [],
    data.duplicates,
  ])
    for (const r of rows.slice(0, SECTION_CROPS)) {
      // A sheet that was read shows its front the way it was read up.
      const front = data.targets.get(r.sheetId)?.find((t) => t.side === 1);
      requests.push({
        id: cropId(r.kind, r.sheetId),
        archive: r.archive,
        entry: r.entry,
        ...(front?.turn ? { turn: front.turn } : {}),
      });
    }
  return requests;
}

/** Who decided and when, for the CSV's columns. */
const decisionColumns = (d: Item['decision']) => ({
  adjudicated_by: d ? d.decidedByName || d.decidedBy : '',
  adjudicated_at: d?.decidedAt ?? '',
});

function itemCsv(data: ReportData, i: Item): Record<string, unknown> {
  const info = data.infos.get(i.contestId);
  return {
    section: 'item',
    kind: i.kind,
    sheet_id: i.sheetId,
    batch: data.sheetInfo.get(i.sheetId)?.batch,
    style: i.style,
    contest_id: i.contestId,
    contest: data.contests.find((c) => c.contestId === i.contestId)?.name,
    image_votes: imageText(i, info),
    image_scores: scoresText(i, info, data.targets.get(i.sheetId)),
    cvr_votes_recorded: recordText(i, info),
    adjudication: decisionText(i, info),
    detail: i.detail,
    ...decisionColumns(i.decision),
    image_option_ids: i.kind === 'Unreadable' ? '' : optionIds(i.image),
    cvr_option_ids: optionIds(i.record),
    adjudicated_option_ids: i.decision ? i.decision.votes.join(';') : '',
  };
}

/**
 * One row per cmpcvr disagreement, as before: a contest's disagreement with both readings, or a
 * sheet-level one (No CVR, No Image, Unreadable, Duplicate, Swapped Batch) with its decision.
 */
function disagreementCsv(
  data: ReportData,
  d: Record<string, string>,
  items: Map<string, Item>,
): Record<string, unknown> {
  if (d.kind === 'Normal Disagreed') {
    const item = items.get(itemKey(d.kind, d.sheet_id ?? '', d.contest_id ?? ''));
    if (item) return { ...itemCsv(data, item), detail: d.detail, section: 'disagreement' };
  }
  const decided = data.sheetDecisions.get(
    sheetDecisionKey(d.kind ?? '', d.sheet_id ?? '', d.batch),
  );
  return {
    section: 'disagreement',
    kind: d.kind,
    sheet_id: d.sheet_id,
    batch: d.batch || data.sheetInfo.get(d.sheet_id ?? '')?.batch,
    contest_id: d.contest_id,
    image_votes: d.image_votes,
    cvr_votes_recorded: d.cvr_votes,
    detail: [d.archive, d.entry, d.detail].filter(Boolean).join(' '),
    adjudication: sheetDecisionText(decided),
    ...decisionColumns(decided),
    adjudicated_option_ids: decided?.votes.join(';') ?? '',
  };
}

async function zipKeys(ctx: StageContext, keys: string[], target: string): Promise<void> {
  const zip = new yazl.ZipFile();
  const out = new PassThrough();
  zip.outputStream.pipe(out);
  const writing = ctx.store.write(target, out);
  for (const key of keys) {
    ctx.checkCancelled();
    zip.addReadStream(await ctx.store.read(key), key);
  }
  zip.end();
  await writing;
}

/** A zip of what officials and observers download: BIF, votes, comparison and report. */
export async function exportJob(ctx: StageContext): Promise<void> {
  const prefixes = [
    'precheck/manifest.csv',
    'gen_bif/cvr-tallies.json',
    'gen_bif/bif.csv',
    'gen_bif/residue.csv',
    'gentemplates/target-mapping.csv',
    'extractvote/',
    'cmpcvr/',
    'genreport/',
  ];
  const keys = (await listKeys(ctx.store, '')).filter(
    (k) => prefixes.some((p) => k.startsWith(p)) && !k.includes('/batches/'),
  );
  await zipKeys(ctx, keys, PATHS.exportZip);
  ctx.info(`export: ${keys.length} files`);
  ctx.progress(1, 1);
}

/**
 * Archives the job: every stage output and log in one zip, and an inventory of every file
 * with its SHA-256, inputs included (they stay where they are; the inventory proves them).
 */
export async function archiveJob(ctx: StageContext): Promise<void> {
  const all = (await listKeys(ctx.store, '')).filter((k) => !k.startsWith('archive/'));
  const inventory: Record<string, unknown>[] = [];
  for (const key of all) {
    ctx.checkCancelled();
    const hash = createHash('sha256');
    let bytes = 0;
    for await (const chunk of await ctx.store.read(key)) {
      hash.update(chunk as Buffer);
      bytes += (chunk as Buffer).length;
    }
    inventory.push({ key, bytes, sha256: hash.digest('hex'), archived: !key.startsWith('input/') });
  }
  await writeCsv(
    ctx.store,
    PATHS.archiveInventory,
    ['key', 'bytes', 'sha256', 'archived'],
    inventory,
  );
  await zipKeys(
    ctx,
    [...all.filter((k) => !k.startsWith('input/')), PATHS.archiveInventory],
    PATHS.archiveZip,
  );
  ctx.info(`archive: ${inventory.length} files listed`);
  ctx.progress(1, 1);
}
