import { HISTOGRAM_BINS, HISTOGRAM_FROM } from '../image/bands.js';
import { DEFAULT_THRESHOLDS } from '../image/decide.js';
import type { JobStore } from '../storage/index.js';
import { readDistributions, type StyleDistribution } from './gray-bands.js';

const escape = (value: string | number): string =>
  String(value).replace(
    /[&<>"]/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c,
  );

const BAR = 8;
const HEIGHT = 90;

/**
 * A style's histogram of how far each target lies above its ballot's blank level, on a
 * logarithmic count scale (blank targets outnumber marks), with the gray band shaded.
 */
function histogramSvg(d: StyleDistribution): string {
  const peak = Math.log10(1 + Math.max(1, ...d.histogram));
  const width = HISTOGRAM_BINS * BAR;
  const x = (above: number): number => ((above - HISTOGRAM_FROM) / (1 - HISTOGRAM_FROM)) * width;
  const bars = d.histogram.map((count, i) => {
    const h = Math.round((Math.log10(1 + count) / peak) * HEIGHT);
    return count > 0
      ? `<rect x="${i * BAR}" y="${HEIGHT - h}" width="${BAR - 1}" height="${h}" fill="#456"><title>${count}</title></rect>`
      : '';
  });
  const grayFrom = x(d.grayFrom[0]);
  const grayTo = x(DEFAULT_THRESHOLDS.vote);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${HEIGHT + 16}" role="img" aria-label="targets of style ${escape(d.style)} by darkness">`,
    `<rect x="${grayFrom}" y="0" width="${Math.max(0, grayTo - grayFrom)}" height="${HEIGHT}" fill="#eee"/>`,
    ...bars,
    ...[0, 0.25, 0.5, 0.75, 1].map(
      (v) => `<text x="${x(v)}" y="${HEIGHT + 12}" font-size="9" text-anchor="middle">${v}</text>`,
    ),
    '</svg>',
  ].join('');
}

/**
 * The report's section on marks: per style, how many targets read blank, how many clear, the
 * darkness from which a mark is gray, and the histogram those were measured on.
 */
export async function markDistributionsHtml(store: JobStore): Promise<string> {
  const styles = await readDistributions(store);
  if (styles.length === 0) return '';
  const band = (d: StyleDistribution): string =>
    d.grayFrom[0] === d.grayFrom[1]
      ? d.grayFrom[0].toFixed(3)
      : `${d.grayFrom[0].toFixed(3)}–${d.grayFrom[1].toFixed(3)}`;
  return [
    '<h2>Marks per style</h2>',
    '<p>How dark each target is above its ballot’s blank level (0 = as blank paper, 1 = filled). ',
    'Targets that stand out of the style’s blank targets by a clear margin but fall short of a ',
    'clear mark are gray (shaded), left for a person to decide; counts on a logarithmic scale.</p>',
    '<table><tr><th>Style</th><th>Targets</th><th>Blank cluster</th><th>Clear marks</th><th>Gray from</th><th>Distribution</th></tr>',
    ...styles.map(
      (d) =>
        `<tr><td>${escape(d.style)}</td><td>${d.targets}</td><td>${d.blank}</td><td>${d.marks}</td><td>${band(d)}</td><td>${histogramSvg(d)}</td></tr>`,
    ),
    '</table>',
  ].join('\n');
}

/** Each style's distribution as one picture with its figures, for the PDF. */
export async function markDistributionSvgs(store: JobStore): Promise<string[]> {
  const styles = await readDistributions(store);
  return styles.map((d) => {
    const chart = histogramSvg(d)
      .replace(/^<svg[^>]*>/, '')
      .replace(/<\/svg>$/, '');
    const text = `Style ${d.style}: ${d.targets} targets, ${d.blank} blank, ${d.marks} clear marks, gray from ${d.grayFrom[0].toFixed(3)}`;
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${HISTOGRAM_BINS * BAR + 20}" height="${HEIGHT + 40}"><rect width="100%" height="100%" fill="#fff"/><text x="0" y="12" font-size="11" font-family="sans-serif">${escape(text)}</text><g transform="translate(0,20)">${chart}</g></svg>`;
  });
}
