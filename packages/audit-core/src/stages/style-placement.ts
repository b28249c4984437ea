import { countPages, loadPage } from '../image/load.js';
import { readStyleBarcode, styleOfBarcode } from '../image/style-code.js';
import { buildTemplate } from '../image/template.js';
import type { TargetSpec } from '../image/targets.js';
import type { StageContext } from './context.js';
import { walkImageEntries } from './images.js';
import { readEngineSettings } from './job-settings.js';
import { PATHS, type ElectionInfo } from './job.js';

/**
 * Sheets decoded to place them, per declared style. Templates are combined from groups of ten,
 * so a few dozen placed sheets of a style make its template; the rest of the election is matched
 * against the templates in extractvote, page by page, as sheets without a record always are.
 */
const SAMPLED_PER_STYLE = 16;
const MAX_SAMPLED = 160;

/** A sheet with no style from a record, as genstyles reads it from the BIF. */
export interface UnstyledRow {
  sheet_id: string;
  archive: string;
  entry_index: string;
}

export interface Placement {
  /** Sampled sheets placed on one declared style. */
  placed: Map<string, string>;
  /** Sampled sheets left without a style, and why. */
  unplaced: Map<string, string>;
  /** Layouts that several declared styles print alike: the styles, and how many sheets showed it. */
  alike: { styles: string[]; sheets: number }[];
  sampled: number;
  /** Of the placed sheets, those placed by the style barcode they carry. */
  byCode: number;
}

/**
 * The count of targets of each contest in layout order (column, then top to bottom), the shape
 * a page shows whatever its words say. A declared style is known by its contests' options.
 */
export function declaredShapes(info: ElectionInfo): Map<string, number[]> {
  const sizes = new Map(info.contests.map((c) => [c.id, c.options.length]));
  return new Map(
    (info.styles ?? []).map((s) => [s.id, s.contestIds.map((id) => sizes.get(id) ?? 0)]),
  );
}

/** Targets per contest on one page, as the template builder groups them by gaps. */
function pageShape(
  page: Parameters<typeof buildTemplate>[0],
  targetSpec: TargetSpec | undefined,
): number[] {
  const template = buildTemplate(page, { id: 'placing', targetSpec });
  const sizes: number[] = [];
  let last = '';
  for (const m of template.meanings) {
    if (m.contestId !== last) sizes.push(0);
    last = m.contestId;
    sizes[sizes.length - 1] = (sizes.at(-1) ?? 0) + 1;
  }
  return sizes;
}

const startsWith = (whole: number[], part: number[]): boolean =>
  part.length <= whole.length && part.every((n, i) => whole[i] === n);
const equal = (a: number[], b: number[]): boolean => a.length === b.length && startsWith(a, b);

/**
 * Places sheets that no record gives a style on the styles the election file declares, by what
 * their images show: a style barcode where the sheet carries one (`readStyleBarcode`), else the
 * page's contests, each with its count of targets in layout order, must be
 * those of exactly one declared style (the front a leading run of them, the sides after it the
 * rest). Styles with the same contests (a precinct name apart) read alike, so either serves.
 * Styles whose contests differ but print the same shape (a local measure of their own with as
 * many options) cannot be told by the image; their sheets stay unplaced, named with the styles.
 * Only a sample of the sheets, spread over the election, is decoded here.
 */
export async function placeByImage(
  ctx: StageContext,
  rows: UnstyledRow[],
  info: ElectionInfo,
  targetSpec: TargetSpec | undefined,
): Promise<Placement> {
  const shapes = declaredShapes(info);
  const contestsOf = new Map((info.styles ?? []).map((s) => [s.id, s.contestIds.join('\u0000')]));
  const limit = Math.min(rows.length, MAX_SAMPLED, SAMPLED_PER_STYLE * shapes.size);
  const step = rows.length / Math.max(1, limit);
  const chosen = new Map<string, Map<number, UnstyledRow>>();
  for (let i = 0; i < limit; i += 1) {
    const row = rows[Math.floor(i * step)];
    if (!row) continue;
    const byIndex = chosen.get(row.archive) ?? new Map<number, UnstyledRow>();
    byIndex.set(Number(row.entry_index), row);
    chosen.set(row.archive, byIndex);
  }
  const placed = new Map<string, string>();
  const unplaced = new Map<string, string>();
  const alike = new Map<string, number>();
  let done = 0;
  let byCode = 0;
  for (const [archive, wanted] of chosen) {
    for await (const item of walkImageEntries(ctx.store, archive, (i) => wanted.has(i))) {
      ctx.checkCancelled();
      if (item.type === 'problem') continue;
      const row = wanted.get(item.entry.entryIndex);
      if (!row) continue;
      try {
        const bytes = await item.read();
        const pages = await countPages(bytes);
        const front = await loadPage(bytes, { label: item.entry.entry });
        // What the sheet carries comes first: a style barcode names the style outright.
        const coded = styleOfBarcode(readStyleBarcode(front), info.styles ?? []);
        if (coded?.side === 1 && shapes.has(coded.style)) {
          placed.set(row.sheet_id, coded.style);
          byCode += 1;
          ctx.progress(++done, limit * 2);
          continue;
        }
        let shape: number[] = [];
        let fits = [...shapes.keys()];
        let settled = false;
        for (let side = 0; side < pages && !settled; side += 1) {
          const page =
            side === 0 ? front : await loadPage(bytes, { page: side, label: item.entry.entry });
          shape = [...shape, ...pageShape(page, targetSpec)];
          fits = fits.filter((s) => startsWith(shapes.get(s) ?? [], shape));
          // The front may settle it; the other sides are read when styles share its shape.
          settled = fits.length === 0 || (fits.length === 1 && side < pages - 1);
        }
        const whole = fits.filter((s) => equal(shapes.get(s) ?? [], shape));
        const candidates = whole.length > 0 || !settled ? whole : fits;
        const readings = new Set(candidates.map((s) => contestsOf.get(s)));
        if (candidates.length === 0)
          unplaced.set(
            row.sheet_id,
            `its page shows ${shape.length} contests of ${shape.join(', ')} targets, the contests of no declared style`,
          );
        else if (readings.size === 1) placed.set(row.sheet_id, candidates[0] ?? '');
        else {
          const key = candidates.sort().join(', ');
          alike.set(key, (alike.get(key) ?? 0) + 1);
          unplaced.set(
            row.sheet_id,
            `styles ${key} print the same shape with other contests; no record or printed code tells which`,
          );
        }
      } catch (error) {
        unplaced.set(row.sheet_id, error instanceof Error ? error.message : String(error));
      }
      ctx.progress(++done, limit * 2);
    }
  }
  return {
    placed,
    unplaced,
    alike: [...alike].map(([key, sheets]) => ({ styles: key.split(', '), sheets })),
    sampled: done,
    byCode,
  };
}

/** What placing by image found: styles placed, layouts several styles share, sheets left out. */
export function reportPlacing(ctx: StageContext, placing: Placement, declared: number): void {
  const counts = new Map<string, number>();
  for (const style of placing.placed.values()) counts.set(style, (counts.get(style) ?? 0) + 1);
  ctx.info(
    `${placing.sampled} sheets without a record decoded to place them on the ${declared} declared styles: ${placing.placed.size} placed (${[
      ...counts,
    ]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([s, n]) => `${s} ${n}`)
      .join(', ')}; ${placing.byCode} by their style barcode), ${placing.unplaced.size} not`,
  );
  for (const { styles, sheets } of placing.alike)
    ctx.problem({
      severity: 'warning',
      code: 'styles-alike',
      file: PATHS.election,
      place: `styles ${styles.join(', ')}`,
      message: `${sheets} sheets fit styles ${styles.join(', ')} alike: they print the same shape with other contests, and no vote record or printed code tells which; such sheets are not placed`,
    });
  const other = [...placing.unplaced].filter(([, why]) => !why.startsWith('styles '));
  for (const [sheet, why] of other.slice(0, 20))
    ctx.problem({
      severity: 'warning',
      code: 'style-unplaced',
      file: PATHS.bif,
      place: sheet,
      message: `not placed on a declared style: ${why}; extractvote matches it by image`,
    });
  if (other.length > 20)
    ctx.info(`${other.length - 20} more sheets not placed; genstyles/styles.csv gives each reason`);
}

/**
 * With several declared styles and no record naming any, places a sample of the sheets by what
 * their images show. Where records name styles, their templates are what a sheet without a
 * record is matched against (in extractvote): nearer evidence than a page's shape.
 */
export async function placeUnstyled(
  ctx: StageContext,
  rows: Record<string, string>[],
  info: ElectionInfo | undefined,
): Promise<Placement | undefined> {
  if (!info || (info.styles?.length ?? 0) < 2 || rows.length === 0) return undefined;
  if (rows.some((r) => r.style)) return undefined;
  return placeByImage(
    ctx,
    rows.map((r) => ({
      sheet_id: r.sheet_id ?? '',
      archive: r.archive ?? '',
      entry_index: r.entry_index ?? '',
    })),
    info,
    (await readEngineSettings(ctx.store)).targets,
  );
}
