import type { GreyImage } from './grey.js';
import { registerPage } from './read.js';
import type { Registration } from './register.js';
import type { Template } from './template.js';
import { thumbnail, thumbnailDistance } from './thumbnail.js';
import { findTimingMarks, type TimingMarks } from './timing.js';

export interface StyleMatch {
  template: Template;
  registration: Registration;
  marks: TimingMarks;
  /** Mean ink difference against the template; lower is closer. */
  distance: number;
  /** Distance of the next-best style, to judge how sure the match is. */
  runnerUp: number;
}

/**
 * Picks the style a page was printed from when nothing else says: register the page on each
 * template and compare coarse ink maps in template coordinates. Marks differ from every blank
 * equally, so the printed text decides.
 */
export function matchStyle(page: GreyImage, templates: Template[]): StyleMatch {
  const marks = findTimingMarks(page);
  const scored: Omit<StyleMatch, 'runnerUp'>[] = [];
  for (const template of templates) {
    let registration: Registration;
    try {
      registration = registerPage(page, template, marks);
    } catch {
      continue;
    }
    const ink = thumbnail(page, registration.transform, template.image);
    scored.push({
      template,
      registration,
      marks,
      distance: thumbnailDistance(ink, template.thumbnail),
    });
  }
  scored.sort((p, q) => p.distance - q.distance);
  const [best, next] = scored;
  if (!best) throw new Error('no ballot style matches the page: timing marks not recognised');
  return { ...best, runnerUp: next?.distance ?? Infinity };
}
