import { estimateDpi, type GreyImage } from './grey.js';
import { frameOf, registerOn, type RegistrationFrame } from './registration.js';
import { layoutCells, thumbnail, type Thumbnail } from './thumbnail.js';

/** One exemplar as its vote record labels it. */
export interface LabelledPage {
  page: GreyImage;
  sheetId: string;
  /** The style its vote record gives. */
  style: string;
  /** The scanning batch it came from; records go astray by whole batches. */
  batch: string;
  /** The sheet's back (its image's second page), when it has one: styles can differ there alone. */
  back?: GreyImage;
}

export interface StyleGroups {
  /** The exemplars each style's template is built from. */
  pages: Map<string, GreyImage[]>;
  /** Exemplars whose image belongs to another style than their record says. */
  moved: { sheetId: string; labelled: string; style: string }[];
  /** Exemplars whose image fits no style's group; left out of every template. */
  dropped: { sheetId: string; labelled: string }[];
  /** Per batch, how many of its exemplars' records agree with their images. */
  batches: { batch: string; exemplars: number; agreeing: number; trusted: boolean }[];
  /**
   * Styles whose exemplars' images could not be told apart (one layout, other contests): each
   * kept its records' exemplars. Sets of two or more, for other evidence to settle.
   */
  undistinguished: string[][];
}

/**
 * Exemplars per record style that take part in grouping. Comparing pages is quadratic in their
 * number, and templates are combined from groups of ten, so a few more than that suffice.
 */
const GROUPED_PER_STYLE = 24;
/** A batch whose exemplars agree with the groups at least this often is trusted. */
const TRUSTED_BATCH = 0.8;
/** How much nearer its group than its record's style a page must be to overrule the record. */
const DISTINCT = 2;
/** The sheets of a group a page is measured against: its nearest few (see `distinct`). */
const NEAREST = 3;

/**
 * Groups exemplars by what their images show rather than by what their records say. A record
 * can carry another sheet's style (a swapped batch), and such exemplars would blur a template
 * into two ballots. Pages are registered on one frame, compared as coarse ink maps (counting
 * the cells that differ, so that a voter's marks weigh little against a different contest
 * layout), and linked when closer than a threshold taken from how near each page's nearest
 * neighbour is. Each group is then given the style its labels name most, first over all
 * batches, then over the batches whose labels agree with the groups. Styles that `alike` says
 * read the same (the same contests and options, as styles differing in a precinct name alone)
 * print the same page, so one group can hold several; each keeps its own exemplars. A style
 * that no group claims (its layout cannot be told from another's) keeps its own exemplars.
 */
export function groupExemplarsByImage(
  exemplars: LabelledPage[],
  alike: (a: string, b: string) => boolean = () => false,
): StyleGroups {
  const labels = [...new Set(exemplars.map((e) => e.style))].sort();
  const byLabel = (list: LabelledPage[]) => {
    const pages = new Map<string, GreyImage[]>();
    for (const e of list) pages.set(e.style, [...(pages.get(e.style) ?? []), e.page]);
    return pages;
  };
  const ungrouped = {
    pages: byLabel(exemplars),
    moved: [],
    dropped: [],
    batches: [],
    undistinguished: [],
  };
  if (labels.length < 2) return ungrouped;
  const reference = exemplars[0]?.page;
  const referenceFrame = reference ? layoutFrame(reference) : undefined;
  // Each style's share of the grouping is spread over its batches, so every batch is judged.
  const considered = new Set<LabelledPage>();
  for (const label of labels) {
    const queues = new Map<string, LabelledPage[]>();
    for (const e of exemplars)
      if (e.style === label) queues.set(e.batch, [...(queues.get(e.batch) ?? []), e]);
    let taken = 0;
    while (taken < GROUPED_PER_STYLE && [...queues.values()].some((q) => q.length > 0))
      for (const queue of queues.values()) {
        const next = queue.shift();
        if (next && taken < GROUPED_PER_STYLE) {
          considered.add(next);
          taken += 1;
        }
      }
  }
  const referenceBack = exemplars.find((e) => e.back)?.back;
  const backFrame = referenceBack ? layoutFrame(referenceBack) : undefined;
  const inked = [...considered]
    .map((e) => ({
      e,
      ink: inkMap(e.page, reference, referenceFrame),
      backInk: e.back ? inkMap(e.back, referenceBack, backFrame) : undefined,
    }))
    .filter((x): x is { e: LabelledPage; ink: Thumbnail; backInk: Thumbnail | undefined } =>
      Boolean(x.ink),
    );
  if (inked.length < 4) return ungrouped;

  // Two-sided sheets are linked only when alike on both sides: styles can differ on the back
  // alone, and each side is judged against how near that side's sheets usually come.
  const sides = [sideLinks(inked.map((x) => x.ink)), sideLinks(inked.map((x) => x.backInk))];
  const n = inked.length;
  const isLinked = (i: number, j: number): boolean =>
    sides.every((side) => {
      const d = side?.distance[i * n + j] ?? NaN;
      return !side || Number.isNaN(d) || d < side.link;
    });

  // Single linkage: pages of one style chain together, different layouts stay apart.
  const parent = inked.map((_, i) => i);
  const root = (i: number): number => {
    const up = parent[i] ?? i;
    if (up === i) return i;
    const top = root(up);
    parent[i] = top;
    return top;
  };
  for (let i = 0; i < n; i += 1)
    for (let j = i + 1; j < n; j += 1) if (isLinked(i, j)) parent[root(i)] = root(j);
  const members = inked.map((x, i) => ({ ...x.e, group: root(i), index: i }));
  const distance = (i: number, j: number): number =>
    sides.reduce((sum, side) => {
      const d = side?.distance[i * n + j] ?? NaN;
      return sum + (Number.isNaN(d) ? 0 : d);
    }, 0);

  const assign = (chosen: typeof members): Map<number, string[]> => {
    const counts = new Map<string, { group: number; style: string; count: number }>();
    for (const m of chosen) {
      const key = `${m.group}\u0000${m.style}`;
      const entry = counts.get(key) ?? { group: m.group, style: m.style, count: 0 };
      entry.count += 1;
      counts.set(key, entry);
    }
    // Greedy, most shared first: each group takes one style (or several alike), each style one
    // group.
    const styleOfGroup = new Map<number, string[]>();
    const taken = new Set<string>();
    for (const { group, style } of [...counts.values()].sort((a, b) => b.count - a.count)) {
      if (taken.has(style)) continue;
      const held = styleOfGroup.get(group);
      if (held && !held.every((other) => alike(other, style))) continue;
      styleOfGroup.set(group, [...(held ?? []), style]);
      taken.add(style);
    }
    return styleOfGroup;
  };
  let styleOfGroup = assign(members);
  const batches = new Map<string, typeof members>();
  for (const m of members) batches.set(m.batch, [...(batches.get(m.batch) ?? []), m]);
  const agreeing = (list: typeof members) =>
    list.filter((m) => styleOfGroup.get(m.group)?.includes(m.style) || !distinct(m)).length;
  /**
   * Whether the image shows clearly that the record's style is wrong: the page is much nearer
   * the sheets of its group than those of the groups its record's style holds, each measured on
   * its nearest few sheets there. Styles that print the same layout with different contests are
   * not told apart by it, and their records stand.
   *
   * A group's sheets differ in more than voters' marks: their resolutions, a scan out of focus
   * (a 150 dpi sheet blurred and cut to 1 bit keeps a few strokes of each word), a serial each
   * sheet prints. A page is near the sheets like it and far from the rest, and a group of mostly
   * other sheets puts its median far. Measured on the median, a 2,000-ballot job mixing 150,
   * 200 and 300 dpi batches left two sheets of a swapped batch with their records' style (a
   * median of 76-78 cells to that style's sheets, 38-42 to their own group's; their nearest
   * sheets 53-63 and 15 cells away), and that style's template and samples with them.
   */
  function distinct(m: (typeof members)[number]): boolean {
    const own = members.filter(
      (o) => o !== m && o.group !== m.group && styleOfGroup.get(o.group)?.includes(m.style),
    );
    const here = members.filter((o) => o !== m && o.group === m.group);
    // With no group of its own, nothing shows the record's style printed otherwise.
    if (own.length === 0) return false;
    if (here.length === 0) return true;
    const nearest = (list: typeof members): number => {
      const few = list
        .map((o) => distance(m.index, o.index))
        .sort((p, q) => p - q)
        .slice(0, NEAREST);
      return few.reduce((sum, d) => sum + d, 0) / few.length;
    };
    return nearest(own) > DISTINCT * Math.max(nearest(here), 1);
  }
  const trusted = [...batches.values()].filter(
    (list) => agreeing(list) >= TRUSTED_BATCH * list.length,
  );
  if (trusted.length > 0 && trusted.length < batches.size) styleOfGroup = assign(trusted.flat());
  const batchTrust = [...batches]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([batch, list]) => ({
      batch,
      exemplars: list.length,
      agreeing: agreeing(list),
      trusted: agreeing(list) >= TRUSTED_BATCH * list.length,
    }));

  // A group no style claims is a layout of its own. A style no group claims is one whose
  // images cannot be told from another's (a layout shared by styles that differ in contests):
  // image evidence cannot overrule its records, so it keeps its own exemplars.
  const claimed = new Set([...styleOfGroup.values()].flat());
  const pages = new Map<string, GreyImage[]>();
  const moved: StyleGroups['moved'] = [];
  const dropped: StyleGroups['dropped'] = [];
  // Styles that shared a group but kept their records' exemplars, joined into sets.
  const together = new Map<string, string>();
  const top = (style: string): string => {
    const up = together.get(style) ?? style;
    return up === style ? style : top(up);
  };
  for (const m of members) {
    const held = styleOfGroup.get(m.group);
    if (held && !held.includes(m.style) && (!claimed.has(m.style) || !distinct(m)))
      for (const other of held)
        if (top(other) !== top(m.style)) together.set(top(other), top(m.style));
    const style =
      !claimed.has(m.style) || (held && !held.includes(m.style) && !distinct(m))
        ? m.style
        : held
          ? held.includes(m.style)
            ? m.style
            : held[0]
          : undefined;
    if (!style) {
      dropped.push({ sheetId: m.sheetId, labelled: m.style });
      continue;
    }
    if (style !== m.style) moved.push({ sheetId: m.sheetId, labelled: m.style, style });
    pages.set(style, [...(pages.get(style) ?? []), m.page]);
  }
  // Pages that could not be registered keep their labels; combining rejects them with a reason.
  // Exemplars left out of the grouping join their record's style when their batch is trusted.
  const registered = new Set(inked.map((x) => x.e));
  const trustedBatches = new Set(batchTrust.filter((b) => b.trusted).map((b) => b.batch));
  for (const e of exemplars) {
    const unregistered = considered.has(e) && !registered.has(e);
    const trustedExtra = !considered.has(e) && trustedBatches.has(e.batch) && claimed.has(e.style);
    if (unregistered || trustedExtra) pages.set(e.style, [...(pages.get(e.style) ?? []), e.page]);
  }
  const sets = new Map<string, string[]>();
  for (const style of labels)
    if (together.has(style) || [...together.values()].includes(style))
      sets.set(top(style), [...(sets.get(top(style)) ?? []), style]);
  return { pages, moved, dropped, batches: batchTrust, undistinguished: [...sets.values()] };
}

/**
 * One side's pairwise count of differing cells (NaN where a sheet lacks the side) and the
 * count under which two sheets link: twice what the nearest neighbours usually differ by.
 * Undefined when no sheet has the side.
 */
function sideLinks(
  inks: (Thumbnail | undefined)[],
): { distance: Float64Array; link: number } | undefined {
  if (!inks.some(Boolean)) return undefined;
  const n = inks.length;
  const distance = new Float64Array(n * n).fill(NaN);
  inks.forEach((a, i) =>
    inks.forEach((b, j) => {
      if (j > i && a && b) distance[i * n + j] = distance[j * n + i] = layoutDistance(a, b);
    }),
  );
  const nearest = inks
    .map((_, i) => {
      let best = Infinity;
      for (let j = 0; j < n; j += 1) {
        const d = distance[i * n + j] ?? NaN;
        if (j !== i && !Number.isNaN(d)) best = Math.min(best, d);
      }
      return best;
    })
    .filter((d) => Number.isFinite(d))
    .sort((a, b) => a - b);
  const typical = nearest[Math.floor((nearest.length - 1) * 0.9)] ?? 0;
  return { distance, link: Math.max(8, typical * 2) };
}

/**
 * A reference that pages of every style can be laid on: its timing marks or anchors alone, for
 * another style's targets are not where the reference's are.
 */
function layoutFrame(page: GreyImage): RegistrationFrame | undefined {
  return frameOf(page, false);
}

/**
 * A cell of the ink maps pages are grouped by, in inches (8 pixels at 200 dpi): set in inches,
 * not in the reference page's pixels, so that the counts of differing cells that link pages
 * mean the same whatever resolution the job's first exemplar was scanned at.
 */
const GROUPING_CELL = 0.04;

/**
 * How far above and below a cell, in inches, another page must be bare paper for the cell's
 * ink to count as a difference of layout. A voter's mark fills a target's inside; the middle of
 * a box 0.18 in tall (Hart's) lies 0.09 in from its printed rules, so at one cell (0.04 in) an
 * unmarked box read as bare paper there and each filled box was a difference of layout: sheets
 * of one style differed by their votes as much as two styles do, a style's sheets fell into
 * groups of one to five, and the style's template came from one sheet. Targets sit on a line of
 * text, so they are short however wide (a box, an oval, an arrow): looking further up and down
 * alone leaves the differences across a page (headings, a column's options) counted as before.
 */
const MARK_REACH = 0.08;

/** The page's ink map in the frame of `reference`, or undefined when it cannot be registered. */
function inkMap(
  page: GreyImage,
  reference: GreyImage | undefined,
  frame: RegistrationFrame | undefined,
): Thumbnail | undefined {
  if (!reference || !frame) return undefined;
  try {
    const registration = registerOn(frame, page);
    const step = GROUPING_CELL * estimateDpi(reference);
    const map = onPaper(thumbnail(page, registration.transform, reference, undefined, step), page);
    if (keepsGrey(page)) greyMaps.add(map);
    return map;
  } catch {
    return undefined;
  }
}

/**
 * Maps of pages whose scanner kept grey. Cut to 1 bit, a blurred scan loses thin text, so
 * layouts are told by solid ink alone (bold words, filled shapes); a greyscale scan keeps each
 * word as grey ink however blurred, and its text tells layouts too. Told by solid ink alone, a
 * Hart-like front (plain text, thin-ruled boxes) differed from another style's in 26 cells in a
 * 2,000-ballot job, while the bars of a serial printed on each sheet set sheets of one style up
 * to 74 apart: the styles' exemplars were one group, and a swapped batch went unseen. Counting
 * text, one style's sheets were at most 92 apart and the nearest of another style's 210.
 */
const greyMaps = new WeakSet<Thumbnail>();

/**
 * Ink a cell must hold on two greyscale pages to count as printing (see `greyMaps`): a word's
 * grey. The two pages must still differ there by a cell's difference (`layoutCells`).
 */
const GREY_PRINT = 0.2;

/** A page with grey between black and white: fewer than 99% of its pixels are either. */
function keepsGrey(page: GreyImage): boolean {
  let extreme = 0;
  let sampled = 0;
  for (let i = 0; i < page.data.length; i += PAPER_STEP) {
    const v = page.data[i] as number;
    if (v === 0 || v === 255) extreme += 1;
    sampled += 1;
  }
  return extreme < 0.99 * sampled;
}

/** Pixels sampled for a page's paper level: every 31st (a prime, so not in step with rows). */
const PAPER_STEP = 31;

/**
 * The map's ink measured from the page's own paper rather than from white: a greyscale scanner
 * writes paper a shade of grey (240 or so, ink 0.06 by the map's measure), so no cell of its
 * pages read as bare paper and pages of different layouts differed in no cell; every style was
 * then taken for one layout, and a swapped batch's sheets went into the wrong style's template.
 * The paper is the median pixel (a ballot is mostly paper); a 1-bit page's is white, and its
 * map is left as it is. (`layoutCells` also counts over each map's median cell, for maps taken
 * elsewhere; on maps taken here that median is already paper.)
 */
function onPaper(map: Thumbnail, page: GreyImage): Thumbnail {
  const counts = new Uint32Array(256);
  let sampled = 0;
  for (let i = 0; i < page.data.length; i += PAPER_STEP) {
    const v = page.data[i] as number;
    counts[v] = (counts[v] as number) + 1;
    sampled += 1;
  }
  let paper = 255;
  for (let v = 0, seen = 0; v < 256; v += 1) {
    seen += counts[v] as number;
    if (seen * 2 > sampled) {
      paper = v;
      break;
    }
  }
  const base = (255 - paper) / 255;
  if (base <= 0 || base >= 0.5) return map;
  const ink = map.ink.map((v) => Math.max(0, (v - base) / (1 - base)));
  return { ...map, ink };
}

/**
 * How many cells two pages' ink maps (from `inkMapper`) differ in what is printed there, the
 * count exemplars are grouped by: a voter's marks inside the targets are not counted.
 */
export function layoutDistance(a: Thumbnail, b: Thumbnail): number {
  const rows = Math.round(MARK_REACH / GROUPING_CELL);
  return greyMaps.has(a) && greyMaps.has(b)
    ? layoutCells(a, b, rows, GREY_PRINT)
    : layoutCells(a, b, rows);
}

/** Lays pages on one reference page's frame as coarse ink maps (undefined where one won't register). */
export function inkMapper(reference: GreyImage): (page: GreyImage) => Thumbnail | undefined {
  const frame = layoutFrame(reference);
  return (page) => inkMap(page, reference, frame);
}

/**
 * Groups pages by their ink maps as `groupExemplarsByImage` links them (single linkage under a
 * threshold from how near each page's nearest neighbour is): the group of each page, numbered
 * from 0, or -1 for a page without an ink map.
 */
export function groupInkMaps(inks: (Thumbnail | undefined)[]): number[] {
  const side = sideLinks(inks);
  const n = inks.length;
  const parent = inks.map((_, i) => i);
  const root = (i: number): number => {
    const up = parent[i] ?? i;
    if (up === i) return i;
    const top = root(up);
    parent[i] = top;
    return top;
  };
  for (let i = 0; i < n; i += 1)
    for (let j = i + 1; j < n; j += 1) {
      const d = side?.distance[i * n + j] ?? NaN;
      if (!Number.isNaN(d) && side && d < side.link) parent[root(i)] = root(j);
    }
  const numbers = new Map<number, number>();
  return inks.map((ink, i) => {
    if (!ink) return -1;
    const r = root(i);
    if (!numbers.has(r)) numbers.set(r, numbers.size);
    return numbers.get(r) ?? -1;
  });
}
