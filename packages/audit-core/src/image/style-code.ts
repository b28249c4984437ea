import { boxHeight, boxWidth, fillRatio, findComponents, type Component } from './components.js';
import { estimateDpi, type GreyImage } from './grey.js';

/** The edge strip a style barcode is printed in, inches from the page's side. */
const STRIP = 0.9;
/** Fewer bars than this are no code: a column of timing marks or a ruled box is not one. */
const MIN_BARS = 8;

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/** Wide, short, solid bars in a strip: candidates for a barcode's bars. */
function bars(page: GreyImage, x0: number, x1: number, dpi: number): Component[] {
  return findComponents(page, { x0, y0: 0, x1, y1: page.height - 1 }, dpi * dpi * 0.05).filter(
    (c) => {
      const w = boxWidth(c) / dpi;
      const h = boxHeight(c) / dpi;
      return w >= 0.12 && w <= 0.45 && h >= 0.012 && h <= 0.1 && w > 2 * h && fillRatio(c) > 0.6;
    },
  );
}

/**
 * The longest run of bars one above the other at an even pitch: same width, same left edge (a
 * page turned a little moves both alike), each step within a fifth of the usual one.
 */
function column(found: Component[], dpi: number): Component[] {
  const sorted = [...found].sort((a, b) => a.cy - b.cy);
  let best: Component[] = [];
  for (let i = 0; i < sorted.length; i += 1) {
    const first = sorted[i] as Component;
    const run = [first];
    for (let j = i + 1; j < sorted.length; j += 1) {
      const next = sorted[j] as Component;
      const last = run.at(-1) as Component;
      if (Math.abs(next.x0 - last.x0) > 0.04 * dpi) continue;
      if (Math.abs(boxWidth(next) - boxWidth(first)) > 0.05 * dpi) continue;
      const step = next.cy - last.cy;
      const usual = run.length > 1 ? (last.cy - first.cy) / (run.length - 1) : step;
      if (step > 0.3 * dpi) break;
      if (Math.abs(step - usual) <= usual * 0.2) run.push(next);
    }
    if (run.length > best.length) best = run;
  }
  return best;
}

/**
 * Reads a style barcode printed down an edge of the page, as Hart-like ballots carry one: a
 * column of bars, thick for a one bit and thin for a zero, opened and closed by a thick bar.
 * The bits between, top to bottom, are the number; a page turned 180° shows the column at the
 * other edge, read bottom to top. Undefined when neither edge carries such a column.
 */
export function readStyleBarcode(page: GreyImage): number | undefined {
  const dpi = estimateDpi(page);
  const strip = Math.round(STRIP * dpi);
  const edges: [Component[], boolean][] = [
    [column(bars(page, 0, strip, dpi), dpi), false],
    [column(bars(page, page.width - 1 - strip, page.width - 1, dpi), dpi), true],
  ];
  for (const [run, turned] of edges) {
    if (run.length < MIN_BARS) continue;
    const heights = run.map(boxHeight);
    const [low, high] = [Math.min(...heights), Math.max(...heights)];
    if (high < low * 1.5) continue;
    const cut = (low + high) / 2;
    const bits = heights.map((h) => (h > cut ? 1 : 0));
    if (turned) bits.reverse();
    if (bits[0] !== 1 || bits.at(-1) !== 1) continue;
    if (Math.abs(median(heights.filter((h) => h > cut)) - high) > 0.02 * dpi) continue;
    return bits.slice(1, -1).reduce<number>((n, bit) => n * 2 + bit, 0);
  }
  return undefined;
}

/**
 * The style a Hart-like barcode names among the election file's styles: the code carries the
 * style's number times four plus the side; the number is the style's `code` in the election
 * file, else its place in the file's list of styles, from 1.
 */
export function styleOfBarcode(
  code: number | undefined,
  styles: { id: string; code?: number }[],
): { style: string; side: number } | undefined {
  if (code === undefined) return undefined;
  const number = Math.floor(code / 4);
  const side = code % 4;
  const index = styles.findIndex((s, i) => (s.code ?? i + 1) === number);
  const style = styles[index];
  return style && side >= 1 ? { style: style.id, side } : undefined;
}
