// A page's 4 × 4 blocks of blank paper, counted once a page for its ink maps (and, for a page
// being read, its quarter-size copy that anchors are looked for on).
import { INK_THRESHOLD, type GreyImage } from './grey.js';

/** Whether every block under pixels l..r, t..u (ends excluded) is blank paper. */
export function allPaper(
  inked: Int32Array,
  stride: number,
  l: number,
  r: number,
  t: number,
  u: number,
) {
  const x0 = l >> 2;
  const x1 = ((r - 1) >> 2) + 1;
  const y0 = (t >> 2) * stride;
  const y1 = (((u - 1) >> 2) + 1) * stride;
  return (
    (inked[y1 + x1] as number) -
      (inked[y0 + x1] as number) -
      (inked[y1 + x0] as number) +
      (inked[y0 + x0] as number) ===
    0
  );
}

/**
 * Which 4 × 4 pixel blocks of a page hold anything but blank paper (a pixel under 255), counted
 * as a summed-area table: `inked[y * stride + x]` counts such blocks left of x and above y. Any
 * rectangle's count is then four reads.
 */
export interface PaperBlocks {
  /**
   * The page's pixels, by which its blocks are found again (the page itself is not held: the
   * ink maps kept with it then outlived the sheet, and brought full collections every sheet).
   */
  pixels: Uint8Array;
  stride: number;
  inked: Int32Array;
  /** No blank paper to look for: a greyscale scan, whose paper is not 255. */
  none: boolean;
  /** The page at a quarter of its size, ink where any pixel of a block is (see `keptQuarter`). */
  quarter?: GreyImage;
}

/**
 * The last pages' blocks (a sheet's sides are read in turn; a page is laid on several
 * templates while it is read). Their memory is used again for the next pages.
 */
const keptBlocks: PaperBlocks[] = [];
const KEPT_BLOCKS = 2;
/** A one-off map's blocks, their memory used again for the next. */
let scratch = new Int32Array(0);

/**
 * The page's blank 4 × 4 blocks. A 1-bit scan is blank paper over nine tenths of such blocks,
 * and a cell over those alone is read without its pixels: read pixel by pixel, ink maps took a
 * third of reading a sheet. Greys (a greyscale scan's paper) are not blank paper; such pages
 * are read pixel by pixel, as before. `keep`: the page is read as it is until let go (a sheet
 * being read), so its blocks serve its next maps; template building changes its pages as it
 * goes, and those get their blocks afresh for each map.
 */
export function paperBlocks(
  page: GreyImage,
  keep: boolean,
  withQuarter = false,
): Omit<PaperBlocks, 'pixels'> {
  const found = keep ? keptBlocks.find((p) => p.pixels === page.data) : undefined;
  if (found) return found;
  if (!hasBlankPaper(page)) {
    const blocks = { pixels: page.data, stride: 0, inked: NO_BLOCKS, none: true };
    if (keep) keptBlocks.push(blocks);
    if (keptBlocks.length > KEPT_BLOCKS) keptBlocks.shift();
    return blocks;
  }
  const stride = Math.ceil(page.width / 4) + 1;
  const size = stride * (Math.ceil(page.height / 4) + 1);
  let inked: Int32Array;
  let quarter = withQuarter ? quarterOf(page) : undefined;
  if (keep) {
    const reused = keptBlocks.length >= KEPT_BLOCKS ? keptBlocks.shift() : undefined;
    inked =
      reused && !reused.none && reused.inked.length >= size ? reused.inked : new Int32Array(size);
    const old = reused?.quarter;
    if (quarter && old?.width === quarter.width && old.height === quarter.height) quarter = old;
  } else {
    if (scratch.length < size) scratch = new Int32Array(size);
    inked = scratch;
  }
  countInked(page, stride, inked, quarter);
  if (keep) keptBlocks.push({ pixels: page.data, stride, inked, none: false, quarter });
  return { stride, inked, none: false };
}

/** A quarter-size page for `countInked` to fill, where its rows start on a word. */
function quarterOf(page: GreyImage): GreyImage | undefined {
  if (page.width % 4 !== 0 || page.data.byteOffset % 4 !== 0 || INK_THRESHOLD !== 128)
    return undefined;
  const [width, height] = [page.width >> 2, page.height >> 2];
  return { width, height, data: new Uint8Array(width * height) };
}

/**
 * Blocks and a quarter-size page in one pass over a page being read: registering on corner
 * marks or a frame looks for them on the quarter-size page, and the page's ink maps count its
 * blank blocks; each was a pass over every pixel. Called before registering a page on a
 * template whose ink maps will be taken; pages that are changed while they are used (template
 * building's) are not kept.
 */
export function keepPageBlocks(page: GreyImage, withQuarter: boolean): void {
  paperBlocks(page, true, withQuarter);
}

/** The kept quarter-size page of a page being read (see `keepPageBlocks`), if one was made. */
export function keptQuarter(page: GreyImage): GreyImage | undefined {
  return keptBlocks.find((p) => p.pixels === page.data)?.quarter;
}

const NO_BLOCKS = new Int32Array(0);
/** Rows, spread down the page, looked at to tell whether it has blank paper (255) at all. */
const PROBED_ROWS = 16;

/**
 * Whether a tenth or more of a few rows' pixels is pure paper. A greyscale scan's paper sits
 * some levels below 255 and holds no blank block: its blocks are not counted.
 */
function hasBlankPaper(page: GreyImage): boolean {
  const { data, width, height } = page;
  let paper = 0;
  let seen = 0;
  for (let k = 1; k <= PROBED_ROWS; k += 1) {
    const row = Math.floor((k * height) / (PROBED_ROWS + 1)) * width;
    for (let x = 0; x < width; x += 3, seen += 1) if (data[row + x] === 255) paper += 1;
  }
  return paper * 10 >= seen;
}

function countInked(page: GreyImage, stride: number, inked: Int32Array, quarter?: GreyImage): void {
  const { data, width, height } = page;
  const columns = stride - 1;
  inked.fill(0, 0, stride);
  // Four pixels a word where rows start on a word: a block is blank when its four rows' words
  // are all ones.
  const words =
    width % 4 === 0 && data.byteOffset % 4 === 0
      ? new Int32Array(data.buffer, data.byteOffset, data.length >> 2)
      : undefined;
  const perRow = width >> 2;
  for (let by = 0, y0 = 0; y0 < height; by += 1, y0 += 4) {
    const rows = Math.min(4, height - y0);
    const out = (by + 1) * stride;
    const above = by * stride;
    inked[out] = 0;
    let run = 0;
    if (words && rows === 4) {
      const k0 = y0 * perRow;
      if (quarter) {
        // The same four words say whether any pixel is ink (a byte under 128: its high bit clear).
        const small = quarter.data;
        const row = by * perRow;
        for (let q = 0; q < perRow; q += 1) {
          const [w0, w1, w2, w3] = [
            words[k0 + q] as number,
            words[k0 + perRow + q] as number,
            words[k0 + 2 * perRow + q] as number,
            words[k0 + 3 * perRow + q] as number,
          ];
          if ((w0 & w1 & w2 & w3) !== -1) run += 1;
          inked[out + q + 1] = (inked[above + q + 1] as number) + run;
          small[row + q] = ((~w0 | ~w1 | ~w2 | ~w3) & 0x80808080) !== 0 ? 0 : 255;
        }
        continue;
      }
      for (let q = 0; q < perRow; q += 1) {
        if (
          ((words[k0 + q] as number) &
            (words[k0 + perRow + q] as number) &
            (words[k0 + 2 * perRow + q] as number) &
            (words[k0 + 3 * perRow + q] as number)) !==
          -1
        )
          run += 1;
        inked[out + q + 1] = (inked[above + q + 1] as number) + run;
      }
      continue;
    }
    for (let bx = 0, x0 = 0; bx < columns; bx += 1, x0 += 4) {
      let all = 255;
      for (let y = y0; y < y0 + rows; y += 1)
        for (let k = y * width + x0, end = y * width + Math.min(width, x0 + 4); k < end; k += 1)
          all &= data[k] as number;
      if (all !== 255) run += 1;
      inked[out + bx + 1] = (inked[above + bx + 1] as number) + run;
    }
  }
}
