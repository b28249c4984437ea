import { addedInk, encodeAddedInk } from '../image/added-ink.js';
import { asScanned, type GreyImage } from '../image/grey.js';
import { readStyleBarcode, styleOfBarcode } from '../image/style-code.js';
import { loadPage, PageBuffers } from '../image/load.js';
import { sideTurn } from '../image/upright.js';
import { readEngineSettings } from './job-settings.js';
import type { Template } from '../image/template.js';
import type { JobStore } from '../storage/index.js';
import { joinCsvParts, readCsv, writeCsv, type BatchRef, type StageContext } from './context.js';
import { frontLie, readSides, settleStyle, type SheetSetting } from './extract-sheet.js';
import { batchOf, walkImageEntries } from './images.js';
import { electionInfo, PATHS } from './job.js';
import { loadTemplates, untrustedBatches } from './templates.js';
import { withoutPixels } from './template-files.js';
import { applyEditedMaps } from './target-maps.js';
import { joinBands, settleGrayBands, writeBands } from './gray-bands.js';
import { alikeStyles } from './style-evidence.js';
import { CardCodes } from './card-codes.js';
import type { ContestRow, SheetRow, TargetRow } from './gray-bands.js';

export const TARGET_COLUMNS = [
  'sheet_id',
  'style',
  'target',
  'contest_id',
  'option_id',
  'x',
  'y',
  'fill',
  'decision',
  /**
   * Degrees clockwise that turn the side's picture in its file the way its print reads (a sheet
   * fed upside down or sideways); x, y stay in the file's frame. A file without it means 0.
   */
  'turn',
];
export const CONTEST_COLUMNS = [
  'sheet_id',
  'style',
  'contest_id',
  'votes',
  'gray',
  'overvote',
  'undervotes',
];
export const SHEET_COLUMNS = [
  'sheet_id',
  'archive',
  'entry',
  'style',
  'style_source',
  'status',
  'reason',
  'baseline',
  'votes',
  'gray',
  'matched_marks',
  /** Root-mean-square registration residual of the front, in pixels. */
  'residual',
  /** The front's ink beyond its style's printing (`encodeAddedInk`): cmpcvr finds rescans by it. */
  'added_ink',
];

const DEFAULT_BATCH_SIZE = 500;
/** Who gave a sheet the style the image then overruled, by `style_source`. */
const SAID: Record<string, string> = {
  cvr: 'its vote record says',
  eif: 'the election file gives',
  image: 'genstyles placed it on',
  barcode: 'its style barcode says',
  card: 'its printed card code says',
};
const part = (name: string, batch: BatchRef): string =>
  `extractvote/batches/${name}-${String(batch.index + 1).padStart(5, '0')}.csv`;

/** Sheets with an image, in BIF order; batches are consecutive runs of them. */
async function imageRows(store: JobStore): Promise<Record<string, string>[]> {
  const rows: Record<string, string>[] = [];
  for await (const row of readCsv(store, PATHS.bif)) if (row.has_image === 'true') rows.push(row);
  return rows;
}

export async function extractBatches(
  store: JobStore,
  batchSize = DEFAULT_BATCH_SIZE,
): Promise<number> {
  return Math.max(1, Math.ceil((await imageRows(store)).length / batchSize));
}

/**
 * Reads one batch of sheets: each page is registered on its style's template (or, without a
 * style from the CVR, on the template it matches best), every target measured and decided
 * against the ballot's own blank level; marginal marks are gray, never decided. A page that
 * cannot be decoded or registered is an unreadable sheet and a problem line; the rest go on.
 */
export async function extractVote(ctx: StageContext): Promise<void> {
  // The card code recognizer runs in a worker thread, which must end with the batch.
  const cards: { codes?: CardCodes } = {};
  try {
    await readBatch(ctx, cards);
  } finally {
    await cards.codes?.close();
  }
}

async function readBatch(ctx: StageContext, cards: { codes?: CardCodes }): Promise<void> {
  const all = await imageRows(ctx.store);
  const size = Math.ceil(all.length / ctx.batch.count);
  const rows = all.slice(ctx.batch.index * size, (ctx.batch.index + 1) * size);
  const styleOf = new Map<string, string>();
  const sourceOf = new Map<string, string>();
  for await (const row of readCsv(ctx.store, PATHS.styles)) {
    styleOf.set(row.sheet_id ?? '', row.style ?? '');
    sourceOf.set(row.sheet_id ?? '', row.style_source || 'cvr');
  }
  // A map a person saved for a style replaces the automatic one.
  const mapped = await applyEditedMaps(ctx.store, await loadTemplates(ctx.store));
  const alike = alikeStyles();
  // Reading needs no template pixels, but the printed card codes of styles alike in layout
  // are read from their templates' images (CardCodes).
  const loaded = withoutPixels(mapped, (t) =>
    mapped.some((u) => u !== t && !t.sideOf && !u.sideOf && alike(t, u)),
  );
  // Styles are told and registered on the front; later sides are read on the front's style.
  const templates = loaded.filter((t) => !t.sideOf);
  const laterSides = new Map<string, Template[]>();
  for (const t of loaded)
    if (t.sideOf) laterSides.set(t.sideOf.style, [...(laterSides.get(t.sideOf.style) ?? []), t]);
  for (const list of laterSides.values())
    list.sort((a, b) => (a.sideOf?.side ?? 0) - (b.sideOf?.side ?? 0));
  const distrusted = await untrustedBatches(ctx.store);
  const settings = await readEngineSettings(ctx.store);
  const read = { thresholds: settings.thresholds, window: settings.window };
  const byId = new Map(templates.map((t) => [t.id, t]));
  const declared = (await electionInfo(ctx.store))?.styles ?? [];
  // A sheet's pages are decoded into buffers used again for the next sheet's.
  const buffers = new PageBuffers();
  const setting: SheetSetting = {
    templates,
    byId,
    laterSides,
    alike,
    read,
    signal: ctx.signal,
    buffers,
  };
  const codes = (cards.codes = new CardCodes(setting));
  const unconfirmed = new Map<string, number>();
  if (templates.length === 0)
    ctx.problem({
      severity: 'fatal',
      code: 'no-templates',
      file: PATHS.templates,
      message: 'gentemplates made no template; no sheet can be read',
    });
  const targets: (Record<string, unknown> & TargetRow)[] = [];
  const contests: (Record<string, unknown> & ContestRow)[] = [];
  const sheets: (Record<string, unknown> & SheetRow)[] = [];
  let done = 0;
  const archives = [...new Set(rows.map((r) => r.archive ?? ''))];
  for (const archive of archives) {
    const wanted = new Map(
      rows.filter((r) => r.archive === archive).map((r) => [Number(r.entry_index), r]),
    );
    const seen = new Set<number>();
    for await (const item of walkImageEntries(ctx.store, archive, (i) => wanted.has(i))) {
      ctx.checkCancelled();
      if (item.type === 'problem') {
        if (item.problem.severity === 'fatal')
          ctx.problem({ ...item.problem, file: archive, place: item.problem.entry });
        continue;
      }
      const row = wanted.get(item.entry.entryIndex);
      if (!row) continue;
      seen.add(item.entry.entryIndex);
      const sheetId = row.sheet_id ?? '';
      let known = styleOf.get(sheetId) ?? row.style ?? '';
      const base = { sheet_id: sheetId, archive, entry: item.entry.entry };
      try {
        const bytes = await item.read();
        // A sheet fed sideways is turned to lie as its style is printed.
        const page: GreyImage = await loadPage(bytes, {
          label: item.entry.entry,
          buffers,
          upright: frontLie(setting, known),
        });
        // A sheet no record names that carries a style barcode is of the style it names.
        const coded = known ? undefined : styleOfBarcode(readStyleBarcode(page), declared);
        if (coded?.side === 1 && byId.has(coded.style)) {
          known = coded.style;
          sourceOf.set(sheetId, 'barcode');
        }
        const label = item.entry.entry;
        const untrusted = distrusted.has(batchOf(sheetId).batch);
        let front = await settleStyle(bytes, page, known, { untrusted, label }, setting);
        // Where the image cannot tell styles alike in layout, the card code printed on the sheet does.
        const carded = await codes.settle(page, front);
        if (carded) front = carded.front;
        const { used, reading, doubtful } = front;
        if (known && used.id !== known)
          ctx.problem({
            severity: 'warning',
            code: 'style-mismatch',
            file: archive,
            place: item.entry.entry,
            message: `${carded ? `its printed card code "${carded.code}" is style` : 'the image is style'} ${used.id}, ${SAID[sourceOf.get(sheetId) ?? 'cvr'] ?? SAID.cvr} ${known}`,
          });
        const template = used.id === known ? used : undefined;
        const style = used.id;
        // A sheet is read whole or not at all: its rows are kept until every side is read.
        const sides = await readSides(bytes, front, label, setting);
        if (template && doubtful) unconfirmed.set(style, (unconfirmed.get(style) ?? 0) + 1);
        let votes = 0;
        let gray = 0;
        let matched = 0;
        let marks = 0;
        for (const side of sides) {
          const sidePage = side.page ?? page;
          const turn = sideTurn(sidePage, side.reading.registration.transform);
          side.reading.targets.forEach((t) => {
            // In the file's frame, where pictures of the sheet are cut from it.
            const at = asScanned(sidePage, t.x, t.y);
            targets.push({
              sheet_id: sheetId,
              style: side.template.id,
              target: t.index + 1,
              contest_id: t.contestId,
              option_id: t.optionId,
              x: Math.round(at.x),
              y: Math.round(at.y),
              fill: t.fill,
              decision: t.decision,
              turn,
              above: t.fill - side.reading.baseline,
            });
            if (t.decision === 'vote') votes += 1;
            else if (t.decision === 'gray') gray += 1;
          });
          for (const c of side.reading.contests)
            contests.push({
              sheet_id: sheetId,
              style,
              contest_id: c.contestId,
              votes: c.votes,
              gray: c.gray,
              overvote: c.isOvervote,
              undervotes: c.undervotes,
            });
          matched += side.reading.registration.matched;
          marks += side.reading.registration.total;
        }
        sheets.push({
          ...base,
          style,
          style_source: template
            ? `${sourceOf.get(sheetId) ?? 'cvr'}${doubtful ? '-unconfirmed' : ''}`
            : carded
              ? 'card'
              : 'image',
          status: 'read',
          baseline: reading.baseline,
          votes,
          gray,
          matched_marks: `${matched}/${marks}`,
          residual: Number((sides[0]?.reading.registration.residual ?? 0).toFixed(2)),
          added_ink: encodeAddedInk(
            addedInk(page, reading.registration.transform, byId.get(reading.templateId) ?? used),
          ),
        });
      } catch (error) {
        if (ctx.signal?.aborted) throw error;
        const reason = error instanceof Error ? error.message : String(error);
        sheets.push({ ...base, style: known, status: 'unreadable', reason });
        ctx.problem({
          severity: 'error',
          code: 'unreadable-sheet',
          file: archive,
          place: item.entry.entry,
          message: reason,
        });
      } finally {
        // Nothing of the sheet's pages is read after its rows are made.
        buffers.releaseAll();
      }
      ctx.progress(++done, rows.length);
    }
    for (const [index, row] of wanted) {
      if (seen.has(index)) continue;
      sheets.push({
        sheet_id: row.sheet_id ?? '',
        archive,
        entry: row.entry,
        style: row.style,
        status: 'unreadable',
        reason: 'the image could not be read from the archive',
      });
      ctx.problem({
        severity: 'error',
        code: 'unreadable-sheet',
        file: archive,
        place: row.entry,
        message: 'the image could not be read from the archive',
      });
    }
  }
  for (const [style, count] of unconfirmed)
    ctx.problem({
      severity: 'warning',
      code: 'style-unconfirmed',
      file: PATHS.templates,
      place: `style ${style}`,
      message: `${count} sheets read on their record's style ${style}, which their images cannot confirm: ${templates
        .filter((t) => t.id !== style && byId.get(style) && alike(t, byId.get(style) as Template))
        .map((t) => t.id)
        .join(', ')} print the same layout with other contests`,
    });
  if (codes.read > 0)
    ctx.info(
      `printed card codes read on ${codes.read} sheets of styles alike in layout: ${codes.named} named one of those styles`,
    );
  // Marks first read blank that stand out of their style's blank targets are gray.
  const bands = settleGrayBands(targets, contests, sheets);
  await writeBands(ctx.store, ctx.batch, bands);
  const one = ctx.batch.count === 1;
  await writeCsv(
    ctx.store,
    one ? PATHS.votesTargets : part('targets', ctx.batch),
    TARGET_COLUMNS,
    targets,
  );
  await writeCsv(
    ctx.store,
    one ? PATHS.votesContests : part('contests', ctx.batch),
    CONTEST_COLUMNS,
    contests,
  );
  await writeCsv(
    ctx.store,
    one ? PATHS.votesSheets : part('sheets', ctx.batch),
    SHEET_COLUMNS,
    sheets,
  );
  ctx.info(
    `batch ${ctx.batch.index + 1}/${ctx.batch.count}: ${sheets.length} sheets, ${sheets.filter((s) => s.status !== 'read').length} unreadable`,
  );
}

/** Joins the batches' outputs into the stage's files, in batch order. */
export async function joinExtract(store: JobStore, count: number): Promise<void> {
  if (count === 1) return;
  await joinBands(store, count);
  const joins: [string, string, string[]][] = [
    ['targets', PATHS.votesTargets, TARGET_COLUMNS],
    ['contests', PATHS.votesContests, CONTEST_COLUMNS],
    ['sheets', PATHS.votesSheets, SHEET_COLUMNS],
  ];
  for (const [name, key, columns] of joins) {
    const parts = Array.from({ length: count }, (_, index) => part(name, { index, count }));
    await joinCsvParts(store, key, columns, parts);
  }
}
