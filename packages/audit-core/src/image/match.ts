import type { GreyImage } from './grey.js';
import { registerPage } from './read.js';
import type { Registration } from './register.js';
import type { Template } from './template.js';
import {
  differingCells,
  distinguishingCells,
  thumbnail,
  thumbnailDistance,
  type Thumbnail,
} from './thumbnail.js';
import { findTimingMarks, type TimingMarks } from './timing.js';

export interface StyleMatch {
  template: Template;
  registration: Registration;
  marks: TimingMarks;
  /** Mean ink difference against the template where it differs from the runner-up. */
  distance: number;
  /** The runner-up's distance over the same cells, to judge how sure the match is. */
  runnerUp: number;
}

interface Candidate {
  template: Template;
  registration: Registration;
  ink: Thumbnail;
}

/**
 * Picks the style a page was printed from when nothing else says: register the page on each
 * template, then compare coarse ink maps in template coordinates, pair by pair, over only the
 * cells where the two templates differ. Styles that differ in a precinct name alone are told
 * apart by that name, and voters' marks elsewhere do not count.
 */
export function matchStyle(page: GreyImage, templates: Template[]): StyleMatch {
  const marks = findTimingMarks(page);
  const candidates: Candidate[] = [];
  for (const template of templates) {
    try {
      const registration = registerPage(page, template, marks);
      candidates.push({
        template,
        registration,
        ink: thumbnail(page, registration.transform, template.image),
      });
    } catch {
      // A template whose marks do not fit is simply not this page's style.
    }
  }
  const [first, ...rest] = candidates;
  if (!first) throw new Error('no ballot style matches the page: timing marks not recognised');
  if (candidates.every((c) => (c.template.samples?.length ?? 0) > 0)) {
    // Against sheets of each style: the nearest sheet's count of clearly different cells.
    const scored = candidates
      .map((c) => ({
        c,
        d: Math.min(...(c.template.samples ?? []).map((s) => differingCells(c.ink, s))),
      }))
      .sort((a, b) => a.d - b.d);
    const [best, second] = scored;
    if (best)
      return {
        template: best.c.template,
        registration: best.c.registration,
        marks,
        distance: best.d,
        runnerUp: second?.d ?? Infinity,
      };
  }
  let best = first;
  let score = { distance: 0, runnerUp: Infinity };
  for (const other of rest) {
    const mask = distinguishingCells([best.template.thumbnail, other.template.thumbnail]);
    const mine = thumbnailDistance(best.ink, best.template.thumbnail, mask);
    const theirs = thumbnailDistance(other.ink, other.template.thumbnail, mask);
    if (theirs < mine) {
      best = other;
      score = { distance: theirs, runnerUp: mine };
    } else if (theirs - mine < score.runnerUp - score.distance) {
      score = { distance: mine, runnerUp: theirs };
    }
  }
  return { template: best.template, registration: best.registration, marks, ...score };
}

/** Sheets per style kept as ink maps in the template's frame, for telling styles apart. */
const SAMPLES = 6;

/** Ink maps of the first exemplars that register on the template, in its frame. */
export function styleSamples(template: Template, exemplars: GreyImage[]): Thumbnail[] {
  const samples: Thumbnail[] = [];
  for (const page of exemplars) {
    if (samples.length >= SAMPLES) break;
    try {
      const { transform } = registerPage(page, template);
      samples.push(thumbnail(page, transform, template.image));
    } catch {
      // An exemplar that does not register is no sample; combining rejected it too.
    }
  }
  return samples;
}
