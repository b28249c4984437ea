import type { Template } from '../image/template.js';

/**
 * A style whose sheets differ from another style's in fewer cells than this, away from the
 * targets, prints the same layout: the cells are a few words (a measure's number or title), and
 * a voter's stray ink moves as many. Styles with other layouts differ in a hundred or more.
 */
const ALIKE_GAP = 16;

/** Whether images can tell the style from the others: its gap (`styleFit`) is wide enough. */
const isDoubtful = (t: Template): boolean => t.fit !== undefined && t.fit.gap < ALIKE_GAP;

/**
 * Which styles' images cannot be told apart: those that print the same layout with different
 * contests (a local measure, a precinct's own race). Judged on each style's gap to the other
 * styles' sheets as gentemplates measured it; two styles are alike when both are that near
 * another style. A page matched to such a style is no evidence against its record's style.
 */
export function alikeStyles(): (a: Template, b: Template) => boolean {
  return (a, b) => a === b || (isDoubtful(a) && isDoubtful(b));
}
