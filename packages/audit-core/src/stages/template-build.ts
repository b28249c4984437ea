import { combineExemplars, type CombinedExemplars } from '../image/exemplars.js';
import type { ExpectedMeanings } from '../image/orientation.js';
import { estimateDpi, type GreyImage } from '../image/grey.js';
import { findVotingTargets } from '../image/arrows.js';
import { buildTemplate, TemplateError } from '../image/template.js';
import type { Template, TemplateContest, TemplateOptions } from '../image/template.js';
import type { TargetMeaning } from '../image/template.js';
import { findTimingMarks } from '../image/timing.js';
import { findAnchors } from '../image/anchors.js';
import type { StoredTemplate } from './template-files.js';

/**
 * Exemplars combined at once. Registration leaves a pixel or two of disagreement per sheet,
 * and over many bilevel scans that thins printed outlines until targets drop out (10 sheets
 * found all 20 targets of a generated style, 40 found 13); so groups of 10 are tried in turn
 * until one gives the targets the election defines.
 */
const GROUP = 10;

/**
 * Combines exemplars in groups that all share the least skewed sheet as their reference, so
 * every combined image is in that sheet's frame. Registration leaves a pixel or two of
 * disagreement per sheet, and over many bilevel scans that can break a printed outline, so a
 * target found in one group's image but missing from the template so far is copied in from
 * that group, until the template has the targets the election defines or exemplars run out.
 */
export function templateFromGroups(
  exemplars: GreyImage[],
  options: {
    id: string;
    meanings?: TargetMeaning[];
    contests?: TemplateContest[];
    meaningsFor?: TemplateOptions['meaningsFor'];
    targetSpec?: TemplateOptions['targetSpec'];
    signal?: AbortSignal;
  },
): {
  template?: Template & { exemplars: StoredTemplate['exemplars'] };
  image: GreyImage;
  mismatch?: string;
  exemplars: StoredTemplate['exemplars'];
  /** What decided which way up the template lies. */
  wayUp: CombinedExemplars['wayUp'];
} {
  const [reference, ...others] = exemplars;
  if (!reference) throw new TemplateError(`style ${options.id}: no exemplar could be read`);
  let image: GreyImage | undefined;
  const used = new Set<number>();
  const rejected: StoredTemplate['exemplars']['rejected'] = [];
  let mismatch: string | undefined;
  // The first group decides which way up the template lies (from its print, see
  // `printedWayUp`); the groups after it follow, so their targets fall in the same frame.
  let turn: boolean | undefined;
  let wayUp: CombinedExemplars['wayUp'] = 'exemplars';
  const { meanings, meaningsFor } = options;
  const expected: ExpectedMeanings | undefined = meanings
    ? (count) => (count === meanings.length ? meanings : undefined)
    : meaningsFor
      ? (count) => meaningsFor(count)?.meanings
      : undefined;
  let fewest = Infinity;
  for (let from = 0; from === 0 || from < others.length; from += GROUP - 1) {
    options.signal?.throwIfAborted();
    const combined = combineExemplars([reference, ...others.slice(from, from + GROUP - 1)], {
      signal: options.signal,
      turn,
      expected,
    });
    if (turn === undefined) wayUp = combined.wayUp;
    turn = combined.turned;
    for (const i of combined.used) used.add(i === 0 ? 0 : from + i);
    // The page's targets come from each group in turn: the fewest exemplars any group combined
    // says whether print can be told from a voter's marks inside them.
    fewest = Math.min(fewest, combined.used.length);
    for (const r of combined.rejected)
      rejected.push({ index: r.index === 0 ? 0 : from + r.index, reason: r.reason });
    image = image ? mergeTargets(image, combined.image) : combined.image;
    const exemplarInfo = { used: [...used].sort((a, b) => a - b), rejected };
    if (!options.meanings && !options.meaningsFor)
      return {
        template: {
          ...buildTemplate(image, { ...options, exemplars: fewest }),
          exemplars: exemplarInfo,
        },
        image,
        exemplars: exemplarInfo,
        wayUp,
      };
    try {
      return {
        template: {
          ...buildTemplate(image, { ...options, exemplars: fewest }),
          exemplars: exemplarInfo,
        },
        image,
        exemplars: exemplarInfo,
        wayUp,
      };
    } catch (error) {
      if (!(error instanceof TemplateError)) throw error;
      mismatch = error.message;
    }
  }
  return {
    image: image ?? reference,
    mismatch,
    exemplars: { used: [...used], rejected },
    wayUp,
  };
}

/** Copies into `base` every target of `other` that `base` lacks (both in the same frame). */
function mergeTargets(base: GreyImage, other: GreyImage): GreyImage {
  const have = findVotingTargets(base);
  const near = estimateDpi(base) * 0.05;
  const out = { ...base, data: new Uint8Array(base.data) };
  for (const t of findVotingTargets(other)) {
    if (have.some((h) => Math.abs(h.cx - t.cx) < near && Math.abs(h.cy - t.cy) < near)) continue;
    for (let y = Math.max(0, t.y0 - 4); y < Math.min(base.height, t.y0 + t.height + 4); y += 1)
      for (let x = Math.max(0, t.x0 - 4); x < Math.min(base.width, t.x0 + t.width + 4); x += 1)
        out.data[y * base.width + x] = other.data[y * base.width + x] ?? 255;
  }
  return out;
}

/** How far a page's left timing marks (or its frame's left side) lean from vertical. */
export function skewOf(page: GreyImage): number {
  const timing = findTimingMarks(page).left;
  const anchors = timing.length >= 2 ? undefined : findAnchors(page)?.points;
  const marks = anchors ? [anchors[0], anchors[3]] : timing;
  const first = marks[0];
  const last = marks.at(-1);
  if (!first || !last || last.y === first.y) return Infinity;
  return Math.abs((last.x - first.x) / (last.y - first.y));
}
