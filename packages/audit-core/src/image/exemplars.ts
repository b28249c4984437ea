import { applyAffine, type Affine } from './affine.js';
import { createGrey, type GreyImage } from './grey.js';
import { dilate, erode, inkMask } from './morph.js';
import { refineBlocks } from './refine.js';
import { atLeastDpi } from './resample.js';
import { frameOf, registerOn, type RegistrationFrame } from './registration.js';
import { findArrows, reopenJoinedArrows } from './arrows.js';
import { findTargets, type TemplateTarget } from './targets.js';
import { buildTemplate, type Template, type TemplateOptions } from './template.js';
import { printedWayUp, type WayUpCue, type ExpectedMeanings } from './orientation.js';

export interface CombineOptions {
  /** Exemplars beyond this many are not used (the stage's limit is 50). */
  maxExemplars?: number;
  /** Share of exemplars that must show ink at a pixel for the template to keep it. */
  inkShare?: number;
  /**
   * Whether the combined page is turned 180° from the first exemplar (the one the others are
   * laid on). By default the print decides (see `printedWayUp`): the election's contest order
   * where `expected` gives it, else the text's reading direction; only where neither tells,
   * the page lies the way most of the exemplars used lie.
   */
  turn?: boolean;
  /** The meanings the election gives for a count of targets, for the contest-order check. */
  expected?: ExpectedMeanings;
  signal?: AbortSignal;
  onProgress?: (progress: { done: number; total: number }) => void;
}

/** The combined page, and which exemplars were used or left out and why. */
export interface CombinedExemplars {
  image: GreyImage;
  used: number[];
  rejected: { index: number; reason: string }[];
  /** The page was turned 180° from the first exemplar's way up (see `turn`). */
  turned: boolean;
  /** What decided which way up the page lies: `given` when `turn` was. */
  wayUp: WayUpCue | 'given';
}

const WIDEN = 1;

/** The exemplar the others are laid on. */
interface Reference {
  page: GreyImage;
  frame: RegistrationFrame;
  ink: Uint8Array;
}

/** Per reference pixel, how many exemplars show ink, paper, or a solid blot there. */
interface Votes {
  ink: Uint16Array;
  paper: Uint16Array;
  solid: Uint16Array;
}

/**
 * Aligns exemplars of one style on the first one (its timing marks, else its frame or corner marks) and keeps the ink that most
 * of them share: the printing survives, while voters' marks, which differ from sheet to sheet,
 * and scanner specks drop out, even from an option most voters filled (see `decide`). Each exemplar's ink is widened by a pixel so that what registration
 * leaves of disagreement does not break printed lines; the template's lines come out a pixel
 * bolder on each side, which only makes target insides a little smaller. Thinning them back
 * was tried and broke thin ovals at their diagonal steps.
 */
export function combineExemplars(
  pages: GreyImage[],
  options: CombineOptions = {},
): CombinedExemplars {
  const chosen = pages.slice(0, options.maxExemplars ?? 50);
  const rejected: CombinedExemplars['rejected'] = [];
  let reference: Reference | undefined;
  let votes: Votes | undefined;
  const used: number[] = [];
  let upsideDown = 0;
  chosen.forEach((scanned, index) => {
    options.signal?.throwIfAborted();
    try {
      // A page scanned coarser than 200 dpi is combined on a 200 dpi grid (see `atLeastDpi`).
      const page = atLeastDpi(scanned);
      if (!reference) {
        const frame = frameOf(page);
        if (!frame)
          throw new Error('neither timing marks nor a frame, corner marks or printing found');
        reference = { page, frame, ink: inkMask(page) };
      }
      const transform = registerOn(reference.frame, page).transform;
      const size = reference.page.width * reference.page.height;
      votes ??= {
        ink: new Uint16Array(size),
        paper: new Uint16Array(size),
        solid: new Uint16Array(size),
      };
      addVotes(votes, reference, page, transform);
      used.push(index);
      if (transform.a + transform.e < 0) upsideDown += 1;
    } catch (error) {
      rejected.push({ index, reason: error instanceof Error ? error.message : String(error) });
    }
    options.onProgress?.({ done: index + 1, total: chosen.length });
  });
  if (!reference || !votes) throw new Error('no exemplar could be registered');
  // A first exemplar fed upside down would give a template upside down, its targets' meanings
  // in the wrong order; so would a style whose every sheet was fed that way (a batch loaded
  // the wrong way round), whatever the majority. The print says which way is up; where it
  // cannot, the page lies the way most of the style's sheets lie. The pixels' decisions are
  // each their own, so turning the page 180° is reversing it, pixel for pixel.
  // The combined page is in the reference's frame, at its resolution.
  const { dpi } = reference.page;
  const image = {
    ...decide(votes, reference.page, options.inkShare ?? 0.6),
    ...(dpi === undefined ? {} : { dpi }),
  };
  const strict = decide(votes, reference.page, INSIDE_SHARE);
  const printed = options.turn === undefined ? printedWayUp(image, options.expected) : undefined;
  const turned = options.turn ?? printed?.turned ?? upsideDown * 2 > used.length;
  const wayUp = options.turn !== undefined ? 'given' : (printed?.cue ?? 'exemplars');
  if (turned) for (const page of [image, strict]) page.data.reverse();
  // An arrow most exemplars joined is one blob on the combined page: it is found on the strict
  // one, where an arrow that nearly all of them joined is first parted again.
  reopenJoinedArrows(strict);
  clearTargetInsides(image, strict, [...findTargets(image), ...findArrows(strict)]);
  return { image, used, rejected, turned, wayUp };
}

/** Inside a target, ink is kept only when nearly every exemplar has it (printing, not votes). */
const INSIDE_SHARE = 0.9;

/**
 * A target that several voters marked keeps traces of their marks inside it; those would be
 * taken for the template's own ink and subtracted from every ballot's fill, so inside each
 * target found, only the ink nearly all exemplars share is kept.
 */
function clearTargetInsides(image: GreyImage, strict: GreyImage, targets: TemplateTarget[]): void {
  for (const t of targets) {
    if (t.kind === 'arrow') {
      // A line joining tail and head reaches past the band into the shafts: the whole arrow.
      for (let y = Math.max(0, t.y0); y < Math.min(image.height, t.y0 + t.height); y += 1) {
        const row = y * image.width;
        for (let x = Math.max(0, t.x0); x < Math.min(image.width, t.x0 + t.width); x += 1)
          image.data[row + x] = strict.data[row + x] ?? 255;
      }
      continue;
    }
    const { interior } = t.shape;
    for (let k = 0; k < interior.length; k += 2) {
      const x = Math.round(t.cx) + (interior[k] ?? 0);
      const y = Math.round(t.cy) + (interior[k + 1] ?? 0);
      if (x < 0 || y < 0 || x >= image.width || y >= image.height) continue;
      const i = y * image.width + x;
      image.data[i] = strict.data[i] ?? 255;
    }
  }
}

/** Share of the exemplars not blotted at a pixel that must show ink there. */
const CLEAR_SHARE = 0.75;

/**
 * A pixel is printed when it is dark (ink or blot) on most exemplars, and nearly all the
 * exemplars that are not blotted there show ink: a target most voters filled is dark on most
 * sheets, but the sheets left unfilled show paper inside it, so its inside stays empty.
 */
function decide(votes: Votes, reference: GreyImage, share: number): GreyImage {
  const { width, height } = reference;
  const mask = new Uint8Array(width * height);
  for (let i = 0; i < mask.length; i += 1) {
    const ink = votes.ink[i] ?? 0;
    const clear = ink + (votes.paper[i] ?? 0);
    const dark = ink + (votes.solid[i] ?? 0);
    const seen = clear + (votes.solid[i] ?? 0);
    mask[i] =
      seen > 0 && dark >= share * seen && (clear === 0 || ink >= CLEAR_SHARE * clear) ? 1 : 0;
  }
  const image = createGrey(width, height);
  mask.forEach((v, i) => {
    if (v) image.data[i] = 0;
  });
  return image;
}

/** Builds a style's template from its exemplars (blank or voted sheets) combined. */
export function buildTemplateFromExemplars(
  pages: GreyImage[],
  options: TemplateOptions & CombineOptions,
): Template & { exemplars: Omit<CombinedExemplars, 'image' | 'turned' | 'wayUp'> } {
  const { meanings } = options;
  const expected: ExpectedMeanings | undefined = meanings
    ? (count) => (count === meanings.length ? meanings : undefined)
    : options.meaningsFor && ((count) => options.meaningsFor?.(count)?.meanings);
  const { image, used, rejected } = combineExemplars(pages, { expected, ...options });
  return {
    ...buildTemplate(image, { ...options, exemplars: used.length }),
    exemplars: { used, rejected },
  };
}

/** Adds one exemplar's votes: each reference pixel looks up where it falls on the exemplar. */
function addVotes(votes: Votes, reference: Reference, page: GreyImage, t: Affine): void {
  const { width: pw, height: ph } = page;
  const ink = inkMask(page);
  const wide = WIDEN > 0 ? dilate(ink, pw, ph, WIDEN) : ink;
  // Strokes up to four pixels wide vanish under an opening of radius 2; blots remain.
  const solid = dilate(erode(ink, pw, ph, 2), pw, ph, 2);
  const { width, height } = reference.page;
  const shifts = refineBlocks(
    { mask: reference.ink, width, height },
    { mask: ink, width: pw, height: ph },
    t,
  );
  // One look-up a pixel: 2 a solid blot, 1 ink (widened), 0 paper.
  const kind = new Uint8Array(pw * ph);
  for (let s = 0; s < kind.length; s += 1) kind[s] = solid[s] ? 2 : wide[s] ? 1 : 0;
  const { size, across } = shifts;
  for (let y = 0; y < height; y += 1) {
    const start = applyAffine(t, { x: 0, y });
    let px = start.x + 0.5;
    let py = start.y + 0.5;
    const blockRow = Math.floor(y / size) * across;
    const row = y * width;
    for (let x = 0, block = blockRow; x < width; block += 1) {
      const dx = shifts.dx[block] ?? 0;
      const dy = shifts.dy[block] ?? 0;
      const end = Math.min(width, x + size);
      for (; x < end; x += 1, px += t.a, py += t.d) {
        const sx = Math.floor(px) + dx;
        const sy = Math.floor(py) + dy;
        if (sx < 0 || sy < 0 || sx >= pw || sy >= ph) continue;
        const k = kind[sy * pw + sx];
        const i = row + x;
        if (k === 2) votes.solid[i] = (votes.solid[i] as number) + 1;
        else if (k === 1) votes.ink[i] = (votes.ink[i] as number) + 1;
        else votes.paper[i] = (votes.paper[i] as number) + 1;
      }
    }
  }
}
