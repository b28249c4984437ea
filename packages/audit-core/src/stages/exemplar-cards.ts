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
  const readCodes = async (pages: GreyImage[]): Promise<void> => {
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
  for (const style of set) await readCodes(pagesOf(style).slice(0, FIRST_LOOK));
  const seen = (): Set<string> => new Set([...codes.values()].filter((c) => c !== undefined));
  if (seen().size < 2) {
    ctx.info(
      `styles ${set.join(', ')} print one layout and their exemplars print no card codes that tell them apart`,
    );
    return;
  }
  for (const style of set) await readCodes(pagesOf(style));
  const all = set.flatMap((style) => pagesOf(style).map((page) => ({ page, from: style })));
  const read = all.flatMap(({ page }): ReadCode[] => {
    const code = codes.get(page);
    const label = labelOf.get(page);
    return code !== undefined && label ? [{ code, style: label.style, batch: label.batch }] : [];
  });
  const codeOf = codesOfStyles(set, read, declared);
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

/** An exemplar's code as read, with its record's style and its batch. */
export interface ReadCode {
  code: string;
  style: string;
  batch: string;
}

/**
 * Each style's code: the declared ones when every style of the set declares its own, else
 * the code its records' exemplars print most where those exemplars are most of the ones that
 * print it (a code every style prints, or a misread, names no style). Records go astray by
 * whole batches: a batch whose exemplars do not print one code per record style (80% of them
 * the code their record style's exemplars in the batch print most) is left out of the count
 * when other batches do.
 */
export function codesOfStyles(
  set: string[],
  read: ReadCode[],
  declared: Map<string, string>,
): Map<string, string> {
  const given = set.map((s) => declared.get(s));
  if (given.every((c) => c !== undefined) && new Set(given).size === set.length)
    return new Map(set.map((s, i) => [s, given[i] as string]));
  const batches = new Map<string, ReadCode[]>();
  for (const r of read) batches.set(r.batch, [...(batches.get(r.batch) ?? []), r]);
  const trusted = [...batches.values()].filter((list) => {
    const most = mostPrinted(list);
    return list.filter((r) => most.get(r.style) === r.code).length >= TRUSTED_BATCH * list.length;
  });
  const counted = trusted.length > 0 ? trusted.flat() : read;
  const most = mostPrinted(counted);
  const chosen = new Map<string, string>();
  for (const [style, code] of most) {
    const printing = counted.filter((r) => r.code === code);
    if (printing.filter((r) => r.style === style).length * 2 > printing.length)
      chosen.set(style, code);
  }
  return chosen;
}

/** The code each record style's exemplars print most, outright and at least twice. */
function mostPrinted(list: ReadCode[]): Map<string, string> {
  const counts = new Map<string, Map<string, number>>();
  for (const { style, code } of list) {
    const of = counts.get(style) ?? new Map<string, number>();
    of.set(code, (of.get(code) ?? 0) + 1);
    counts.set(style, of);
  }
  const most = new Map<string, string>();
  for (const [style, of] of counts) {
    const [top, next] = [...of].sort((a, b) => b[1] - a[1]);
    if (top && top[1] >= 2 && (!next || next[1] < top[1])) most.set(style, top[0]);
  }
  return most;
}
