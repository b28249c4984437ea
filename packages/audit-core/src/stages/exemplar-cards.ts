import type { GreyImage } from '../image/grey.js';
import { CardCodeReader, parseCardCode } from '../image/printed-code.js';
import type { LabelledPage, StyleGroups } from '../image/style-groups.js';
import type { StageContext } from './context.js';
import { electionInfo } from './job.js';

/** Exemplars of each style read first: when they print no two codes, codes tell nothing. */
const FIRST_LOOK = 3;
/** A batch whose exemplars print their records' styles' codes at least this often is trusted. */
const TRUSTED_BATCH = 0.8;

/**
 * Settles the exemplars of styles whose images could not be told apart (`undistinguished`:
 * one layout, other contests) by the card code each exemplar prints at its foot, before their
 * templates are built: a pair of swapped batches among such styles would otherwise give a
 * style's template from another style's sheets, a foot that reads as no one code, and sheets
 * left unsettled. Each style's code is the one the election file declares (`card`), else the
 * one its records' exemplars print most, counted again on the batches that agree with it when
 * some do not (records go astray by whole batches). An exemplar that prints another of these
 * styles' codes goes to that style; one whose code is not read stays where it was.
 */
export async function groupByCardCodes(
  ctx: StageContext,
  labelled: LabelledPage[],
  grouped: StyleGroups,
): Promise<void> {
  const sets = grouped.undistinguished.filter((set) => set.length >= 2);
  if (sets.length === 0) return;
  const declared = new Map<string, string>();
  for (const s of (await electionInfo(ctx.store))?.styles ?? []) {
    const code = s.card ? parseCardCode(s.card) : undefined;
    if (code) declared.set(s.id, code);
  }
  const labelOf = new Map(labelled.map((e) => [e.page, e]));
  const reader = new CardCodeReader();
  try {
    for (const set of sets) {
      ctx.checkCancelled();
      await regroup(ctx, set, grouped, labelOf, declared, reader);
    }
  } finally {
    await reader.close();
  }
}

async function regroup(
  ctx: StageContext,
  set: string[],
  grouped: StyleGroups,
  labelOf: Map<GreyImage, LabelledPage>,
  declared: Map<string, string>,
  reader: CardCodeReader,
): Promise<void> {
  const codes = new Map<GreyImage, string | undefined>();
  const read = async (pages: GreyImage[]): Promise<void> => {
    for (const page of pages) {
      ctx.checkCancelled();
      if (codes.has(page)) continue;
      try {
        codes.set(page, (await reader.atFoot(page))?.code);
      } catch {
        codes.set(page, undefined);
      }
    }
  };
  const pagesOf = (style: string): GreyImage[] => grouped.pages.get(style) ?? [];
  for (const style of set) await read(pagesOf(style).slice(0, FIRST_LOOK));
  const seen = (): Set<string> => new Set([...codes.values()].filter((c) => c !== undefined));
  if (seen().size < 2) {
    ctx.info(
      `styles ${set.join(', ')} print one layout and their exemplars print no card codes that tell them apart`,
    );
    return;
  }
  for (const style of set) await read(pagesOf(style));
  const all = set.flatMap((style) => pagesOf(style).map((page) => ({ page, from: style })));
  const codeOf = codesOfStyles(set, all, codes, labelOf, declared);
  const styleOf = new Map([...codeOf].map(([style, code]) => [code, style]));
  const pages = new Map<string, GreyImage[]>(set.map((s) => [s, []]));
  let placed = 0;
  for (const { page, from } of all) {
    const code = codes.get(page);
    const to = (code !== undefined && styleOf.get(code)) || from;
    if (code !== undefined && styleOf.has(code)) placed += 1;
    pages.get(to)?.push(page);
    const label = labelOf.get(page);
    if (to !== from && label)
      ctx.info(
        `exemplar ${label.sheetId}: its record says style ${label.style}, its printed card code "${code}" is style ${to}`,
      );
  }
  for (const [style, list] of pages) grouped.pages.set(style, list);
  ctx.info(
    `styles ${set.join(', ')} print one layout: ${placed} of ${all.length} exemplars placed by the card code at their foot (${[...codeOf].map(([s, c]) => `${s} "${c}"`).join(', ')})`,
  );
}

/**
 * Each style's code: the declared ones when every style of the set declares its own, else
 * the code its records' exemplars print most (each code one style, most shared first),
 * counted again on the trusted batches alone when some batches disagree.
 */
function codesOfStyles(
  set: string[],
  all: { page: GreyImage }[],
  codes: Map<GreyImage, string | undefined>,
  labelOf: Map<GreyImage, LabelledPage>,
  declared: Map<string, string>,
): Map<string, string> {
  const given = set.map((s) => declared.get(s));
  if (given.every((c) => c !== undefined) && new Set(given).size === set.length)
    return new Map(set.map((s, i) => [s, given[i] as string]));
  const read = all.flatMap(({ page }) => {
    const code = codes.get(page);
    const label = labelOf.get(page);
    return code !== undefined && label ? [{ code, style: label.style, batch: label.batch }] : [];
  });
  const assign = (list: typeof read): Map<string, string> => {
    const counts = new Map<string, { style: string; code: string; n: number }>();
    for (const { style, code } of list) {
      const key = `${style}\u0000${code}`;
      const entry = counts.get(key) ?? { style, code, n: 0 };
      entry.n += 1;
      counts.set(key, entry);
    }
    const chosen = new Map<string, string>();
    const taken = new Set<string>();
    for (const { style, code } of [...counts.values()].sort((a, b) => b.n - a.n)) {
      if (chosen.has(style) || taken.has(code)) continue;
      chosen.set(style, code);
      taken.add(code);
    }
    return chosen;
  };
  const first = assign(read);
  const batches = new Map<string, typeof read>();
  for (const r of read) batches.set(r.batch, [...(batches.get(r.batch) ?? []), r]);
  const trusted = [...batches.values()].filter(
    (list) =>
      list.filter((r) => first.get(r.style) === r.code).length >= TRUSTED_BATCH * list.length,
  );
  return trusted.length > 0 && trusted.length < batches.size ? assign(trusted.flat()) : first;
}
