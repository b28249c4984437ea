import type { StoredCvrBallot } from './bif.js';
import { contestInfos, cvrChoice, type ContestInfo } from './classify.js';
import { list, readCsv, readCsvAll, readJsonLines, type StageContext } from './context.js';
import { batchOf } from './images.js';
import { parseTurn, type Turn } from '../image/upright.js';
import { PATHS } from './job.js';
import { decisionOf, loadSheetDecisions } from './report-decisions.js';
import {
  analyseContest,
  counted,
  type ContestAnalysis,
  type Decision,
  type Item,
  type ItemKind,
  type Reading,
} from './report-contests.js';

/** A sheet-level row of cmpcvr that is not one contest: duplicates and swapped batches. */
export interface SheetRow {
  kind: string;
  sheetId: string;
  /** The batch imaged, for a swapped batch's row. */
  batch?: string;
  archive: string;
  entry: string;
  detail: string;
}

export interface TargetScore {
  optionId: string;
  contestId: string;
  fill: number;
  decision: string;
  x: number;
  y: number;
  /** 1 for the front, 2 for the back, … */
  side: number;
  /** Degrees clockwise that turn the side's picture upright (x, y are the file's). */
  turn: Turn;
}

export interface SheetInfo {
  batch: string;
  style: string;
  archive: string;
  entry: string;
}

export interface ReportData {
  infos: Map<string, ContestInfo>;
  contests: ContestAnalysis[];
  /** Every item of every contest, in sheet order. */
  items: Item[];
  duplicates: SheetRow[];
  swapped: SheetRow[];
  /** cmpcvr's disagreement rows as written, one per row. */
  disagreementRows: Record<string, string>[];
  /** Sheets by class, from cmpcvr. */
  classes: Map<string, number>;
  /** Batch and style of the sheets the report lists. */
  sheetInfo: Map<string, SheetInfo>;
  /** Each listed sheet's targets with their scores. */
  targets: Map<string, TargetScore[]>;
  hasVersions: boolean;
  /** Sheets of each class, whole (not per contest), for the sections with images. */
  sheetsOf: Map<string, SheetRow[]>;
  /** Decisions on rows that are a whole sheet or batch, by `sheetDecisionKey`. */
  sheetDecisions: Map<string, Decision>;
}

const reading = (votes: string | undefined, gray?: string): Reading => {
  const v = list(votes);
  const overvote = v[0] === 'overvote';
  return { votes: overvote ? v.slice(1) : v, gray: list(gray), overvote };
};

const recordReading = (c: StoredCvrBallot['contests'][number] | undefined): Reading => {
  const choice = cvrChoice(c);
  return { votes: choice.votes, gray: [], overvote: choice.overvote };
};

/** Reads cmpcvr's outputs, the records and images behind them, and the decisions. */
export async function loadReportData(ctx: StageContext): Promise<ReportData> {
  const infos = await contestInfos(ctx);
  const totals = await readCsvAll(ctx.store, PATHS.totals);
  const summary = await readCsvAll(ctx.store, PATHS.contestSummary);
  const classes = new Map<string, number>();
  const sheetsOf = new Map<string, SheetRow[]>();
  const sheetRow = new Map<string, Record<string, string>>();
  for await (const s of readCsv(ctx.store, PATHS.sheets)) {
    const cls = s.class ?? '';
    classes.set(cls, (classes.get(cls) ?? 0) + 1);
    if (['No CVR', 'No Image', 'Unreadable'].includes(cls)) {
      sheetRow.set(s.sheet_id ?? '', s);
      const rows = sheetsOf.get(cls) ?? [];
      rows.push({
        kind: cls,
        sheetId: s.sheet_id ?? '',
        archive: s.archive ?? '',
        entry: s.entry ?? '',
        detail: s.detail ?? '',
      });
      sheetsOf.set(cls, rows);
    }
  }
  const items: Item[] = [];
  const base = (s: Record<string, string>) => ({
    sheetId: s.sheet_id ?? '',
    archive: s.archive ?? '',
    entry: s.entry ?? '',
    style: s.style ?? '',
    detail: s.detail ?? '',
  });
  const duplicates: SheetRow[] = [];
  const swapped: SheetRow[] = [];
  const disagreementRows = await readCsvAll(ctx.store, PATHS.disagreements);
  for (const d of disagreementRows) {
    const row = {
      kind: d.kind ?? '',
      sheetId: d.sheet_id ?? '',
      batch: d.batch ?? '',
      archive: d.archive ?? '',
      entry: d.entry ?? '',
      detail: d.detail ?? '',
    };
    if (d.kind === 'Duplicate') duplicates.push(row);
    if (d.kind === 'Swapped Batch') swapped.push(row);
  }
  // Matched sheets: a contest that disagrees, is gray or is overvoted on both sides.
  const wantedKinds: ItemKind[] = ['Normal Disagreed', 'Gray', 'Agreed Overvote'];
  for await (const c of readCsv(ctx.store, PATHS.contestClasses)) {
    const kind = c.class as ItemKind;
    if (!wantedKinds.includes(kind)) continue;
    items.push({
      kind,
      sheetId: c.sheet_id ?? '',
      contestId: c.contest_id ?? '',
      record: reading(c.cvr_votes),
      image: reading(c.image_votes, c.image_gray),
      archive: '',
      entry: '',
      style: '',
      detail: '',
    });
  }
  // No CVR: the image's reading of each contest on the sheet.
  for await (const c of readCsv(ctx.store, PATHS.votesContests)) {
    const s = sheetRow.get(c.sheet_id ?? '');
    if (s?.class !== 'No CVR') continue;
    items.push({
      kind: 'No CVR',
      ...base(s),
      contestId: c.contest_id ?? '',
      image: reading(c.overvote === 'true' ? `overvote;${c.votes ?? ''}` : c.votes, c.gray),
    });
  }
  // No Image and Unreadable: the record's reading; original totals where records carry two.
  const original = new Map<string, Map<string, number>>();
  let hasVersions = false;
  for await (const r of readJsonLines<StoredCvrBallot>(ctx.store, PATHS.cvrBallots)) {
    if (r.versions) {
      hasVersions = true;
      for (const c of r.versions.original.contests) {
        const choice = cvrChoice(c);
        if (choice.overvote) continue;
        const m = original.get(c.contestId) ?? new Map<string, number>();
        for (const o of choice.votes) m.set(o, (m.get(o) ?? 0) + 1);
        original.set(c.contestId, m);
      }
    } else
      for (const c of r.contests) {
        const choice = cvrChoice(c);
        if (choice.overvote) continue;
        const m = original.get(c.contestId) ?? new Map<string, number>();
        for (const o of choice.votes) m.set(o, (m.get(o) ?? 0) + 1);
        original.set(c.contestId, m);
      }
    const s = sheetRow.get(r.sheet_id);
    if (s?.class !== 'No Image' && s?.class !== 'Unreadable') continue;
    for (const c of r.contests)
      items.push({
        kind: s.class,
        ...base(s),
        contestId: c.contestId,
        record: recordReading(c),
      });
  }
  await attachDecisions(ctx, items, infos);

  const sheetInfo = new Map<string, SheetInfo>();
  const listed = new Set([
    ...items.map((i) => i.sheetId),
    ...[...sheetsOf.values()].flat().map((s) => s.sheetId),
  ]);
  for await (const b of readCsv(ctx.store, PATHS.bif)) {
    const id = b.sheet_id ?? '';
    if (!listed.has(id)) continue;
    sheetInfo.set(id, {
      // Tabulator and batch, as the sheet id names them, alike for sheets with and without a record.
      batch: batchOf(id).batch,
      style: b.style ?? '',
      archive: b.archive ?? '',
      entry: b.entry ?? '',
    });
  }
  const targets = new Map<string, TargetScore[]>();
  for await (const t of readCsv(ctx.store, PATHS.votesTargets)) {
    const id = t.sheet_id ?? '';
    if (!listed.has(id)) continue;
    const all = targets.get(id) ?? [];
    all.push({
      optionId: t.option_id ?? '',
      contestId: t.contest_id ?? '',
      fill: Number(t.fill),
      decision: t.decision ?? '',
      x: Number(t.x),
      y: Number(t.y),
      side: Number(/~(\d+)$/.exec(t.style ?? '')?.[1] ?? 1),
      turn: parseTurn(t.turn),
    });
    targets.set(id, all);
    const info = sheetInfo.get(id);
    if (info && !info.style) info.style = (t.style ?? '').replace(/~\d+$/, '');
  }
  for (const item of items) {
    const info = sheetInfo.get(item.sheetId);
    if (!item.style) item.style = info?.style ?? '';
    if (!item.archive) item.archive = info?.archive ?? '';
    if (!item.entry) item.entry = info?.entry ?? '';
  }

  // A contest the records carry that no image showed (cmpcvr's summary leaves it out) is
  // reported too: its CVR votes with no image votes beside them.
  const summarised = new Set(summary.map((s) => s.contest_id ?? ''));
  const contestRows = [
    ...summary.map((s) => ({ id: s.contest_id ?? '', name: s.contest ?? '' })),
    ...[...new Set(totals.map((t) => t.contest_id ?? ''))]
      .filter((id) => !summarised.has(id))
      .map((id) => ({ id, name: infos.get(id)?.name ?? '' })),
  ];
  const contests = contestRows.map((s) => {
    const id = s.id;
    return analyseContest({
      contestId: id,
      info: infos.get(id),
      name: s.name || id,
      totals: totals
        .filter((t) => t.contest_id === id)
        .map((t) => ({
          optionId: t.option_id ?? '',
          option: t.option ?? '',
          cvr: Number(t.cvr_votes),
          image: Number(t.audit_votes),
          gray: Number(t.audit_gray),
        })),
      ...(hasVersions ? { originalTotals: original.get(id) ?? new Map<string, number>() } : {}),
      items: items.filter((i) => i.contestId === id),
    });
  });
  return {
    infos,
    contests,
    items,
    duplicates,
    swapped,
    disagreementRows,
    classes,
    sheetInfo,
    targets,
    hasVersions,
    sheetsOf,
    sheetDecisions: await loadSheetDecisions(ctx),
  };
}

/**
 * Decisions from `adjudicate/adjudications.csv`, matched by sheet and contest (a sheet-level
 * item, No CVR, No Image or Unreadable, has no contest and decides every contest on the sheet).
 * `image` counts what the image read, `cvr` what the record says, `other` the votes the person
 * gave (`decided_votes`, option ids), kept to the contest's own options.
 */
async function attachDecisions(
  ctx: StageContext,
  items: Item[],
  infos: Map<string, ContestInfo>,
): Promise<void> {
  const decisions = new Map<string, Record<string, string>>();
  for await (const a of readCsv(ctx.store, PATHS.adjudications)) {
    if (!a.decision) continue;
    decisions.set(`${a.sheet_id}\u0000${a.contest_id ?? ''}`, a);
  }
  if (decisions.size === 0) return;
  for (const item of items) {
    const a =
      decisions.get(`${item.sheetId}\u0000${item.contestId}`) ??
      decisions.get(`${item.sheetId}\u0000`);
    if (!a) continue;
    const options = infos.get(item.contestId)?.options;
    const decision: Decision = decisionOf(a);
    if (a.decision === 'image') decision.votes = counted(item.image);
    else if (a.decision === 'cvr') decision.votes = counted(item.record);
    else if (a.decision === 'other')
      decision.votes = list(a.decided_votes).filter((o) => !options || options.has(o));
    item.decision = decision;
  }
}
