import { countPages, loadPage } from '../image/load.js';
import { readStyleBarcode, styleOfBarcode } from '../image/style-code.js';
import type { GreyImage } from '../image/grey.js';
import { groupInkMaps, inkMapper } from '../image/style-groups.js';
import type { Thumbnail } from '../image/thumbnail.js';
import { templateFromGroups } from './template-build.js';
import type { TargetSpec } from '../image/targets.js';
import type { StageContext } from './context.js';
import { walkImageEntries } from './images.js';
import { readEngineSettings } from './job-settings.js';
import { placeByCard } from './card-placement.js';
import { PATHS, type ElectionInfo } from './job.js';

/**
 * Sheets decoded to place them, per declared style. Templates are combined from groups of ten,
 * so a dozen placed sheets of a style make its template; the rest of the election is matched
 * against the templates in extractvote, page by page, as sheets without a record always are.
 */
const SAMPLED_PER_STYLE = 12;
const MAX_SAMPLED = 96;
/** Sheets of a look combined to see its targets: marks differ from sheet to sheet, print does not. */
const COMBINED = 10;

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
  /** Of the placed sheets, those placed by the card code printed at their foot. */
  carded: Set<string>;
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

/** Targets per contest on a combined page, as the template builder groups them by gaps. */
function shapeOf(pages: GreyImage[], targetSpec: TargetSpec | undefined): number[] {
  const { template } = templateFromGroups(pages, { id: 'placing', targetSpec });
  const sizes: number[] = [];
  let last = '';
  for (const m of template?.meanings ?? []) {
    if (m.contestId !== last) sizes.push(0);
    last = m.contestId;
    sizes[sizes.length - 1] = (sizes.at(-1) ?? 0) + 1;
  }
  return sizes;
}

const startsWith = (whole: number[], part: number[]): boolean =>
  part.length <= whole.length && part.every((n, i) => whole[i] === n);
const equal = (a: number[], b: number[]): boolean => a.length === b.length && startsWith(a, b);

interface Look {
  row: UnstyledRow;
  index: number;
  ink: Thumbnail | undefined;
}

/**
 * Places sheets that no record gives a style on the styles the election file declares, by what
 * their images show. First what the sheet carries: a style barcode (`readStyleBarcode`). Else its
 * look: the sampled sheets are grouped by their ink maps, each group's sheets combined (marks
 * differ from sheet to sheet, the print does not) and the combined page's contests, each with
 * its count of targets in layout order (over all sides), must be those of exactly one declared
 * style. Styles with the same contests (a precinct name apart) read alike, so either serves.
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
  const looks: Look[] = [];
  let mapper: ((page: GreyImage) => Thumbnail | undefined) | undefined;
  let done = 0;
  let byCode = 0;
  const carded = new Set<string>();
  for (const [archive, wanted] of chosen) {
    for await (const item of walkImageEntries(ctx.store, archive, (i) => wanted.has(i))) {
      ctx.checkCancelled();
      if (item.type === 'problem') continue;
      const row = wanted.get(item.entry.entryIndex);
      if (!row) continue;
      try {
        const front = await loadPage(await item.read(), {
          label: item.entry.entry,
          upright: 'print',
        });
        // What the sheet carries comes first: a style barcode names the style outright.
        const coded = styleOfBarcode(readStyleBarcode(front), info.styles ?? []);
        if (coded?.side === 1 && shapes.has(coded.style)) {
          placed.set(row.sheet_id, coded.style);
          byCode += 1;
        } else {
          mapper ??= inkMapper(front);
          looks.push({ row, index: item.entry.entryIndex, ink: mapper(front) });
        }
      } catch (error) {
        unplaced.set(row.sheet_id, error instanceof Error ? error.message : String(error));
      }
      ctx.progress(++done, limit * 2);
    }
  }
  const groupOf = groupInkMaps(looks.map((l) => l.ink));
  const groups = new Map<number, Look[]>();
  looks.forEach((look, i) => {
    const group = groupOf[i] ?? -1;
    if (group < 0) unplaced.set(look.row.sheet_id, 'its page could not be laid on the others');
    else groups.set(group, [...(groups.get(group) ?? []), look]);
  });
  for (const members of groups.values()) {
    ctx.checkCancelled();
    const say = (why: string): void => {
      for (const m of members) unplaced.set(m.row.sheet_id, why);
    };
    if (members.length < 2) {
      say('no other sampled sheet looks like it; extractvote matches it by image');
      continue;
    }
    let shape: number[];
    try {
      shape = (await sidesOf(ctx, members.slice(0, COMBINED))).flatMap((pages) =>
        shapeOf(pages, targetSpec),
      );
    } catch (error) {
      say(error instanceof Error ? error.message : String(error));
      continue;
    }
    const candidates = [...shapes.keys()].filter((s) => equal(shapes.get(s) ?? [], shape)).sort();
    const readings = new Set(candidates.map((s) => contestsOf.get(s)));
    if (candidates.length === 0)
      say(
        `its look shows ${shape.length} contests of ${shape.join(', ')} targets, the contests of no declared style`,
      );
    else if (readings.size === 1)
      for (const m of members) placed.set(m.row.sheet_id, candidates[0] ?? '');
    else {
      // What the sheets print at their foot tells styles of one shape apart, where declared.
      const byCard = await placeByCard(ctx, members, candidates, info);
      for (const [sheet, style] of byCard) {
        placed.set(sheet, style);
        carded.add(sheet);
      }
      const rest = members.filter((m) => !byCard.has(m.row.sheet_id));
      if (rest.length === 0) continue;
      const key = candidates.join(', ');
      alike.set(key, (alike.get(key) ?? 0) + rest.length);
      for (const m of rest)
        unplaced.set(
          m.row.sheet_id,
          `styles ${key} print the same shape with other contests; no record or printed code tells which`,
        );
    }
  }
  return {
    placed,
    unplaced,
    alike: [...alike].map(([key, sheets]) => ({ styles: key.split(', '), sheets })),
    sampled: done,
    byCode,
    carded,
  };
}

/** The pages of some sheets, side by side: the fronts, then the backs, as far as all have them. */
async function sidesOf(ctx: StageContext, members: Look[]): Promise<GreyImage[][]> {
  const byArchive = new Map<string, Set<number>>();
  for (const m of members)
    byArchive.set(m.row.archive, (byArchive.get(m.row.archive) ?? new Set()).add(m.index));
  const sheets: GreyImage[][] = [];
  for (const [archive, wanted] of byArchive)
    for await (const item of walkImageEntries(ctx.store, archive, (i) => wanted.has(i))) {
      if (item.type === 'problem') continue;
      const bytes = await item.read();
      const pages: GreyImage[] = [];
      for (let p = 0; p < (await countPages(bytes)); p += 1)
        pages.push(await loadPage(bytes, { page: p, label: item.entry.entry, upright: 'print' }));
      sheets.push(pages);
    }
  const sides = Math.min(...sheets.map((s) => s.length));
  return Array.from({ length: sides }, (_, side) => sheets.map((s) => s[side] as GreyImage));
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
      .join(
        ', ',
      )}; ${placing.byCode} by their style barcode, ${placing.carded.size} by their printed card code), ${placing.unplaced.size} not`,
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
