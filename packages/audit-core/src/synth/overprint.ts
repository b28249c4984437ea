import sharp from 'sharp';
import type { GreyImage } from '../image/grey.js';

/**
 * Grey level of the tint a word is overprinted in: dark enough that a 1-bit scan keeps most of
 * it as specks of ink (about four pixels in five, as real SAMPLE prints come out), light enough
 * that the printing under it stays legible to a person.
 */
export const OVERPRINT_INK = 112;

const escape = (text: string): string =>
  text.replace(/[<>&]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;' })[c] ?? c);

/**
 * Prints a word large and diagonally across a page in a grey tint, from the lower left corner
 * to the upper right, as sample and test-deck ballots are marked (SAMPLE, VOID, TEST). The tint
 * darkens what is under it and never lightens it: outlines under the word stay black.
 */
export async function overprintWord(
  page: GreyImage,
  word: string,
  ink = OVERPRINT_INK,
): Promise<GreyImage> {
  const { width, height } = page;
  const angle = (Math.atan2(height, width) * 180) / Math.PI;
  // The word spans about three fifths of the diagonal (a bold sans letter is ~0.7 em wide),
  // clear of the timing marks down the edges.
  const size = Math.round((0.6 * Math.hypot(width, height)) / (0.7 * Math.max(1, word.length)));
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<rect width="${width}" height="${height}" fill="white"/>` +
    `<text x="${width / 2}" y="${height / 2 + size * 0.36}" font-size="${size}" font-weight="bold"` +
    ` text-anchor="middle" transform="rotate(${(-angle).toFixed(2)} ${width / 2} ${height / 2})"` +
    ` font-family="DejaVu Sans, Liberation Sans, sans-serif" fill="black">${escape(word)}</text></svg>`;
  const mask = await sharp(Buffer.from(svg))
    .flatten({ background: '#ffffff' })
    .extractChannel(0)
    .raw()
    .toBuffer();
  const data = new Uint8Array(page.data);
  for (let i = 0; i < data.length; i += 1)
    if ((mask[i] ?? 255) < 128 && (data[i] ?? 255) > ink) data[i] = ink;
  return { width, height, data };
}
