import { boxHeight, boxWidth, fillRatio, findComponents, type Component } from './components.js';
import { estimateDpi, isInk, lieOf, quarterTurn, type GreyImage } from './grey.js';
import { findVotingTargets } from './arrows.js';
import { orderByColumn } from './targets.js';
import { groupByGaps, runLengths, type TargetMeaning } from './template.js';

/** The meanings the election gives a side for a count of targets found on it, if any. */
export type ExpectedMeanings = (count: number) => TargetMeaning[] | undefined;

/** What told which way up a page lies; `exemplars` when the print could not. */
export type WayUpCue = 'contest order' | 'text' | 'exemplars';

/** Lines that must lean one way, and how many times those leaning the other way, to decide. */
const TEXT_MARGIN = 4;
const TEXT_RATIO = 2;

/**
 * Which way up a page (a style's combined exemplars) lies, from its print: undefined when the
 * print does not tell. Two cues, for every family the engine reads (timing-mark, Hart-like and
 * arrow ballots all print their contests' names and options in Latin text):
 * - the contest order, where the election gives the meanings for the count of targets found:
 *   the targets grouped into contests by their gaps, in reading order, must give the election's
 *   contests' option counts in their order; turned 180° they come in reverse. It decides when
 *   exactly one of the two ways fits (a run of counts that reads the same both ways cannot);
 * - else the text's reading direction (see `textWayUp`), when clearly more lines read one way.
 * Where the two disagree, neither decides.
 */
export function printedWayUp(
  image: GreyImage,
  expected?: ExpectedMeanings,
): { turned: boolean; cue: WayUpCue } | undefined {
  const text = textWayUp(image);
  const byText = leads(text.upright, text.turned)
    ? false
    : leads(text.turned, text.upright)
      ? true
      : undefined;
  const order = expected ? contestOrderWayUp(image, expected) : undefined;
  // Cues that disagree (targets grouped wrongly by their gaps) leave it to the exemplars.
  if (order !== undefined && byText !== undefined && order !== byText) return undefined;
  if (order !== undefined) return { turned: order, cue: 'contest order' };
  if (byText !== undefined) return { turned: byText, cue: 'text' };
  return undefined;
}

/** Whether the targets' contests fit the election turned (true) or upright (false), if one way only. */
function contestOrderWayUp(image: GreyImage, expected: ExpectedMeanings): boolean | undefined {
  const dpi = estimateDpi(image);
  const targets = findVotingTargets(image);
  const meanings = expected(targets.length);
  if (!meanings || targets.length < 2) return undefined;
  const want = runLengths(meanings.map((m) => m.contestId)).join(',');
  const runs = (ts: typeof targets): string =>
    runLengths(groupByGaps(ts).map((m) => m.contestId)).join(',');
  const turned = orderByColumn(
    targets.map((t) => ({
      ...t,
      cx: image.width - 1 - t.cx,
      cy: image.height - 1 - t.cy,
      x0: image.width - t.x0 - t.width,
      y0: image.height - t.y0 - t.height,
    })),
    dpi * 0.4,
  );
  const upright = runs(targets) === want;
  const down = runs(turned) === want;
  return upright === down ? undefined : down;
}

/** How many lines of print read each way up. */
export interface TextWayUp {
  upright: number;
  turned: number;
}

/** A glyph: inches. Letters from a small x-height to a large heading, dots left out. */
const GLYPH = { minH: 0.03, maxH: 0.25, maxW: 0.3 };
/** Glyphs of a line: overlapping this share of the shorter one's height, apart by at most this share of the taller's. */
const LINE_OVERLAP = 0.5;
const LINE_GAP = 0.6;
/** A line votes when the ink past one side of its core is this many times the other side's. */
const LEAN = 1.5;
const MIN_GLYPHS = 4;

/**
 * Which way up the page's print reads, line by line. Latin text sits on its baseline: capitals,
 * digits and ascenders (b d f h k l t) rise above the x-height far more often than descenders
 * (g j p q y) fall below it, so a line's ink profile has more ink above its dense core (the
 * x-height band) than below it. Turned 180°, the reverse. Each line of at least four glyphs
 * whose two sides differ clearly votes; a line of capitals alone has no core to lean from and
 * does not vote.
 */
export function textWayUp(image: GreyImage): TextWayUp {
  return readLines(image, estimateDpi(image)).votes;
}

/** The page's lines of print (of four glyphs or more), and how many lean each way up. */
function readLines(image: GreyImage, dpi: number): { lines: number; votes: TextWayUp } {
  const glyphs = findComponents(image, undefined, (GLYPH.maxW * GLYPH.maxH * dpi * dpi) | 0).filter(
    (c) =>
      boxHeight(c) >= GLYPH.minH * dpi &&
      boxHeight(c) <= GLYPH.maxH * dpi &&
      boxWidth(c) <= GLYPH.maxW * dpi &&
      fillRatio(c) < 0.9,
  );
  const votes: TextWayUp = { upright: 0, turned: 0 };
  let lines = 0;
  for (const line of linesOf(glyphs)) {
    if (line.length < MIN_GLYPHS) continue;
    lines += 1;
    const lean = leanOf(image, line);
    if (lean > 0) votes.upright += 1;
    else if (lean < 0) votes.turned += 1;
  }
  return { lines, votes };
}

/** How a landscape page's print runs: lines across it as it lies, and down it. */
export interface PrintRun {
  across: number;
  down: number;
}

/**
 * A landscape page turned upright where its print runs down it: a portrait ballot fed through
 * the scanner sideways. Its text lines are counted as it lies and turned a quarter; where
 * clearly more run down the page (at least 4 more, and twice as many), it is turned, the way
 * its text leans (see `textWayUp`) deciding between a quarter clockwise and anticlockwise (a
 * page whose text leans neither way is turned clockwise, for the 180° checks to settle). A
 * ballot printed landscape reads across and stays as it lies; so does a portrait page, and a
 * page with too little print to tell. Used where no template yet says how the job's ballots
 * lie (exemplars, sheets placed by image), once per page: two passes over its glyphs.
 */
export function uprightByPrint(image: GreyImage): {
  page: GreyImage;
  run?: PrintRun;
  /** Which way the page was turned, when it was. */
  turn?: 'clockwise' | 'anticlockwise';
} {
  if (lieOf(image) !== 'landscape') return { page: image };
  const turned = quarterTurn(image);
  // The paper's 8.5 in runs down a turned page: measured on the turned page, both alike.
  const dpi = estimateDpi(turned);
  const across = readLines(image, dpi);
  const down = readLines(turned, dpi);
  const run = { across: across.lines, down: down.lines };
  if (!leads(down.lines, across.lines)) return { page: image, run };
  return { ...wayUp(turned, down.votes), run };
}

const leads = (a: number, b: number): boolean => a - b >= TEXT_MARGIN && a >= TEXT_RATIO * b;

/** The page turned a quarter clockwise, and its lines' lean on it: a half turn more where it leans turned. */
function wayUp(
  turned: GreyImage,
  votes: TextWayUp,
): { page: GreyImage; turn: 'clockwise' | 'anticlockwise' } {
  if (!leads(votes.turned, votes.upright)) return { page: turned, turn: 'clockwise' };
  turned.data.reverse();
  return { page: turned, turn: 'anticlockwise' };
}

/**
 * A page that lies the other way from its template (landscape for portrait) turned a quarter
 * upright: clockwise, or anticlockwise where its text then clearly leans upside down (see
 * `textWayUp`). The turn that leaves the page upright matters: a page laid on its template
 * turned 180° is registered by its timing marks or anchors, but telling its style among
 * others by the ink of its cells is far less sure. `into` receives the pixels when given.
 */
export function quarterUpright(
  image: GreyImage,
  into?: Uint8Array,
): { page: GreyImage; turn: 'clockwise' | 'anticlockwise' } {
  const turned = quarterTurn(image, into);
  return wayUp(turned, textWayUp(turned));
}

/** Glyphs joined into lines: side by side, overlapping in height, a letter's gap apart at most. */
function linesOf(glyphs: Component[]): Component[][] {
  const sorted = [...glyphs].sort((a, b) => a.x0 - b.x0);
  const parent = sorted.map((_, i) => i);
  const root = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i] as number] as number;
    return i;
  };
  const tallest = Math.max(0, ...sorted.map(boxHeight));
  sorted.forEach((a, i) => {
    for (let j = i + 1; j < sorted.length; j += 1) {
      const b = sorted[j] as Component;
      if (b.x0 > a.x1 + LINE_GAP * tallest) break;
      const high = Math.max(boxHeight(a), boxHeight(b));
      const low = Math.min(boxHeight(a), boxHeight(b));
      const overlap = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0) + 1;
      const gap = b.x0 - a.x1 - 1;
      if (overlap >= LINE_OVERLAP * low && gap <= LINE_GAP * high) parent[root(j)] = root(i);
    }
  });
  const lines = new Map<number, Component[]>();
  sorted.forEach((c, i) => {
    const r = root(i);
    const line = lines.get(r);
    if (line) line.push(c);
    else lines.set(r, [c]);
  });
  return [...lines.values()];
}

/**
 * Positive when a line has clearly more ink above its core than below (upright), negative for
 * the reverse, 0 when neither side leads. The core is the band of rows holding at least half
 * the busiest row's ink.
 */
function leanOf(image: GreyImage, line: Component[]): number {
  const top = Math.min(...line.map((c) => c.y0));
  const bottom = Math.max(...line.map((c) => c.y1));
  const profile = new Float64Array(bottom - top + 1);
  for (const c of line)
    for (let y = c.y0; y <= c.y1; y += 1) {
      let inked = 0;
      for (let x = c.x0; x <= c.x1; x += 1) if (isInk(image, x, y)) inked += 1;
      profile[y - top] = (profile[y - top] ?? 0) + inked;
    }
  const peak = Math.max(...profile);
  const first = profile.findIndex((v) => v >= peak / 2);
  let last = profile.length - 1;
  while (last > first && (profile[last] as number) < peak / 2) last -= 1;
  let above = 0;
  let below = 0;
  for (let i = 0; i < first; i += 1) above += profile[i] as number;
  for (let i = last + 1; i < profile.length; i += 1) below += profile[i] as number;
  // Small next to the core: the line is capitals or digits alone.
  const core = profile.slice(first, last + 1).reduce((s, v) => s + v, 0);
  const floor = core * 0.03;
  if (above > LEAN * below && above > floor) return 1;
  if (below > LEAN * above && below > floor) return -1;
  return 0;
}
