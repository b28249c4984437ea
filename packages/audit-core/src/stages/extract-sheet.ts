// Which style extractvote reads a sheet on, and its sides read on that style: the record's
// style, the image's, or the record's again where images cannot tell the two apart.
import { lieOf, type GreyImage, type Lie } from '../image/grey.js';
import { countPages, loadPage, type PageBuffers } from '../image/load.js';
import { fitsStyle, matchStyle, NoStyleFitsError, type StyleMatch } from '../image/match.js';
import { readBallot, type BallotReading, type ReadOptions } from '../image/read.js';
import { hasTimingMarks } from '../image/registration.js';
import type { Template } from '../image/template.js';
import { findTimingMarks, type TimingMarks } from '../image/timing.js';

/**
 * How much closer the best style must be than the runner-up to overrule the record's style in a
 * batch whose records agree with their images. A batch judged on one or two exemplars can be
 * trusted wrongly, so a clear match must still win there; a match between styles alike in
 * contests changes nothing (`readsAlike`).
 */
const SURE_MATCH = 1.1;

/**
 * The page's timing marks, looked for only where a template has them: templates laid on corner
 * marks, a frame or printing never read them.
 */
const marksFor = (page: GreyImage, templates: Template[]): TimingMarks =>
  templates.some((t) => hasTimingMarks(t.marks)) ? findTimingMarks(page) : { left: [], right: [] };

export interface SheetReading {
  /** The template the page was read with. */
  used: Template;
  reading: BallotReading;
}

/**
 * The page read on the template it surely fits, if any: the first when it is the record's style
 * (`first`), else the one it is nearest against that style's gap. A sheet can surely fit two
 * styles when one of them never saw sheets like it among other styles' (a 150 dpi sheet that
 * lost its thin text sits nearer every style's sheets than sharp ones do); the first of them
 * in the templates' order was taken.
 */
function readOnSureFit(
  page: GreyImage,
  templates: Template[],
  marks: TimingMarks,
  options: { signal?: AbortSignal; read?: Pick<ReadOptions, 'thresholds' | 'window'> },
  first?: Template,
): SheetReading | undefined {
  let best: { template: Template; fit: NonNullable<ReturnType<typeof fitsStyle>> } | undefined;
  let bestShare = Infinity;
  for (const template of templates) {
    const fit = fitsStyle(page, template, marks);
    if (!fit?.sure) continue;
    if (template === first) {
      best = { template, fit };
      break;
    }
    const share = fit.distance / Math.max(1, template.fit?.gap ?? 1);
    if (share < bestShare) {
      best = { template, fit };
      bestShare = share;
    }
    // No other style can be nearer than none of the cells differing.
    if (bestShare === 0) break;
  }
  if (!best) return undefined;
  const reading = readBallot(page, best.template, {
    ...options.read,
    signal: options.signal,
    marks,
    registration: best.fit.registration,
  });
  return { used: best.template, reading };
}

/**
 * Reads one page: on its record's style, unless the image matches another style surely (a
 * record can belong to another sheet, as in a swapped batch; near matches between styles that
 * share most contests are not evidence enough), or its batch's records are not trusted, where
 * the image's best match decides.
 */
export function readSheet(
  page: GreyImage,
  templates: Template[],
  options: {
    known?: Template;
    untrusted?: boolean;
    signal?: AbortSignal;
    /** Thresholds and search window from the JOB file. */
    read?: Pick<ReadOptions, 'thresholds' | 'window'>;
    /** The record's style when it has no template: only a sure fit of another style reads. */
    untemplated?: string;
  },
): SheetReading {
  const { known } = options;
  if (options.untemplated) {
    // Read on a style it only looks nearest to, a sheet would be read with the wrong targets.
    const sure = readOnSureFit(page, templates, marksFor(page, templates), options);
    if (sure) return sure;
    throw new Error(
      `style ${options.untemplated} has no template: a person can map it on its exemplar`,
    );
  }
  // Timing marks are found once, whichever templates the page is then laid on. A page no record
  // or election file gives a style is matched even against one template: it may be of a style
  // that has none, and must then not be read on that one.
  const marks = templates.length > 1 || !known ? marksFor(page, templates) : undefined;
  if (known && marks) {
    // Most sheets surely fit their record's style, and no other need be tried. A sheet that
    // surely fits another style, and not its record's, is of that style: a batch judged on one
    // or two exemplars (or none) can hold a swapped batch's sheets. In a batch whose records
    // are not trusted the record's style has no precedence: of the styles the sheet surely
    // fits, the nearest against its gap is taken.
    const others = templates.filter((t) => t !== known);
    const sure = readOnSureFit(
      page,
      [known, ...others],
      marks,
      options,
      options.untrusted ? undefined : known,
    );
    if (sure) return sure;
  }
  let match: StyleMatch | undefined;
  try {
    match = marks ? matchStyle(page, templates, marks) : undefined;
  } catch (error) {
    // No style's template carries all of the page's printing: the record's style, where there
    // is one, is as near as any; without one the sheet is not read on a wrong style.
    if (!(error instanceof NoStyleFitsError && known)) throw error;
  }
  const sure = match ? options.untrusted || match.runnerUp >= match.distance * SURE_MATCH : false;
  const used = (known && !sure ? known : undefined) ?? match?.template ?? known ?? templates[0];
  if (!used) throw new Error('no template to read the page with');
  const matched = match?.template === used ? match : undefined;
  const reading = readBallot(page, used, {
    ...options.read,
    signal: options.signal,
    marks: matched?.marks,
    registration: matched?.registration,
  });
  return { used, reading };
}

/** Same contests and options on the targets of one side, in layout order. */
const same = (x: Template | undefined, y: Template | undefined): boolean =>
  !!x &&
  !!y &&
  x.meanings.length === y.meanings.length &&
  x.meanings.every(
    (m, i) => m.contestId === y.meanings[i]?.contestId && m.optionId === y.meanings[i]?.optionId,
  ) &&
  x.contests.length === y.contests.length &&
  x.contests.every((c, i) => c.id === y.contests[i]?.id && c.voteFor === y.contests[i]?.voteFor);

/** Same contests and options on the targets of each side, in layout order. */
function readsAlike(a: Template, b: Template, laterSides: Map<string, Template[]>): boolean {
  const [sidesA, sidesB] = [laterSides.get(a.id) ?? [], laterSides.get(b.id) ?? []];
  return (
    same(a, b) && sidesA.length === sidesB.length && sidesA.every((x, i) => same(x, sidesB[i]))
  );
}

/**
 * How a sheet's front is printed, for `loadPage` to turn a sheet fed sideways upright: as its
 * record's style's template lies, else as every style's front does (undefined where they differ
 * or are square, and the page is taken as it lies).
 */
export function frontLie(
  setting: Pick<SheetSetting, 'templates' | 'byId'>,
  known?: string,
): Lie | undefined {
  const record = known ? setting.byId.get(known) : undefined;
  if (record) return lieOf(record.image);
  const lies = new Set(setting.templates.map((t) => lieOf(t.image)));
  return lies.size === 1 ? [...lies][0] : undefined;
}

/** What reading a batch knows of its election's templates. */
export interface SheetSetting {
  /** The fronts' templates: styles are told and registered on the front. */
  templates: Template[];
  byId: Map<string, Template>;
  /** Each style's templates of its later sides, in side order. */
  laterSides: Map<string, Template[]>;
  alike: (a: Template, b: Template) => boolean;
  /** Thresholds and search window from the JOB file. */
  read: Pick<ReadOptions, 'thresholds' | 'window'>;
  signal?: AbortSignal;
  /** Buffers a sheet's pages are decoded into, taken back after each sheet. */
  buffers?: PageBuffers;
}

export interface SettledStyle extends SheetReading {
  /** The record's style stands because the image cannot tell it from styles alike in layout. */
  doubtful: boolean;
  /** The back, when it was decoded to check the style: the page that side is read on. */
  back?: GreyImage;
}

/**
 * Reads a sheet's front (`readSheet`) and settles its style: a front that overrules the
 * record's style must be borne out by the back where both styles have one; styles whose
 * targets mean the same read alike, so the record's style stands; and so it does where the
 * image cannot tell the record's style from others of the same layout.
 */
export async function settleStyle(
  bytes: Buffer,
  page: GreyImage,
  known: string,
  options: { untrusted: boolean; label: string },
  setting: SheetSetting,
): Promise<SettledStyle> {
  const { templates, byId, laterSides, alike, read, signal } = setting;
  let { used, reading } = readSheet(page, templates, {
    known: byId.get(known),
    ...(known && !byId.has(known) ? { untemplated: known } : {}),
    untrusted: options.untrusted,
    signal,
    read,
  });
  const record = byId.get(known);
  const [theirs, mine] = [used, record].map((t) => laterSides.get(t?.id ?? '')?.[0]);
  // The back, once decoded to check a style, is the page its side is read on.
  let back: GreyImage | undefined;
  if (record && used !== record && theirs && mine && (await countPages(bytes)) > 1) {
    back = await loadPage(bytes, {
      page: 1,
      label: options.label,
      buffers: setting.buffers,
      upright: lieOf(mine.image),
    });
    if (!backAgrees(back, theirs, mine)) {
      used = record;
      reading = readBallot(page, record, { ...read, signal });
    }
  }
  // Styles whose targets mean the same on every side read a page alike (styles that
  // differ in a precinct name): the reading stands under the record's style.
  if (record && used !== record && readsAlike(used, record, laterSides)) used = record;
  // Styles that print the same layout with other contests cannot be told by the image:
  // the record's style stands, read on its own template, and is marked unconfirmed.
  const doubtful =
    !!record &&
    templates.some((t) => t !== record && alike(t, record) && !readsAlike(t, record, laterSides));
  if (record && used !== record && doubtful && alike(used, record)) {
    used = record;
    reading = readBallot(page, record, { ...read, signal });
  }
  return { used, reading, doubtful, back };
}

/**
 * The front's reading and each later side's, read on the style's templates of those sides; a
 * later side's page with it (the front's is the caller's).
 */
export async function readSides(
  bytes: Buffer,
  front: SettledStyle,
  label: string,
  setting: SheetSetting,
): Promise<{ template: Template; reading: BallotReading; page?: GreyImage }[]> {
  const { used, reading, back } = front;
  const style = used.id;
  const sides: { template: Template; reading: BallotReading; page?: GreyImage }[] = [
    { template: used, reading },
  ];
  const later = setting.laterSides.get(style) ?? [];
  if (later.length === 0) return sides;
  const pages = await countPages(bytes);
  for (const side of later) {
    const n = side.sideOf?.side ?? 2;
    if (n > pages)
      throw new Error(
        `style ${style} has contests on side ${n}, but the image has ${pages} page${pages === 1 ? '' : 's'}`,
      );
    const sidePage =
      n === 2 && back
        ? back
        : await loadPage(bytes, {
            page: n - 1,
            label,
            buffers: setting.buffers,
            upright: lieOf(side.image),
          });
    sides.push({
      template: side,
      reading: readBallot(sidePage, side, { ...setting.read, signal: setting.signal }),
      page: sidePage,
    });
  }
  return sides;
}

/**
 * Styles can be alike on the front and differ on the back alone. When the front overrules the
 * record's style and both styles have a back, the back must say so too, matched against the
 * two styles' back templates (`theirs` the image's, `mine` the record's); otherwise the
 * record's style stands.
 */
export function backAgrees(back: GreyImage, theirs: Template, mine: Template): boolean {
  if (theirs.sideOf?.side !== 2 || mine.sideOf?.side !== 2) return true;
  // Backs printing the same contests tell nothing (their match is a toss): the front decides.
  // Tossed, 10 of a 2,000-ballot Hart-like job's swapped sheets were read on their records.
  if (same(theirs, mine)) return true;
  try {
    return matchStyle(back, [theirs, mine]).template === theirs;
  } catch {
    return false;
  }
}
