import sharp from 'sharp';
import { lieOf, statedDpi, type GreyImage, type Lie } from './grey.js';
import { quarterUpright, uprightByPrint } from './orientation.js';
import { DEFAULT_PDF_DPI, isPdf, openPdf, renderPdfPage } from './pdf.js';

/** Raised for an image that cannot be decoded, naming what was wrong. */
export class ImageReadError extends Error {
  constructor(
    message: string,
    readonly label?: string,
  ) {
    super(label ? `${label}: ${message}` : message);
    this.name = 'ImageReadError';
  }
}

export interface LoadPageOptions {
  /** Page of a multi-page TIFF, from 0. */
  page?: number;
  /** Names the image in error messages. */
  label?: string;
  /** Resolution a PDF page is rendered at. */
  dpi?: number;
  /** Buffers to decode into, reused from page to page (see `PageBuffers`). */
  buffers?: PageBuffers;
  /**
   * Turns a sheet fed sideways upright. A `Lie` is how the job's ballots are printed (their
   * templates'): a page lying the other way by a clear margin is turned a quarter clockwise, and
   * registration settles the rest as it does for a sheet fed upside down. `'print'`, where no
   * template tells it yet: a landscape page whose text runs down it is turned (`uprightByPrint`).
   */
  upright?: Lie | 'print';
}

/** Free buffers kept for the next pages: a sheet's sides, and a larger scan now and then. */
const KEPT_BUFFERS = 4;

/**
 * Pixel buffers lent to decoded pages and taken back once the caller is done with them. A
 * stage that reads page after page would otherwise hold a fresh page's worth of memory outside
 * the heap for each page while it works on it; the garbage collector counts that memory against
 * the heap's room and then collects the whole heap every few pages, at more cost than reading
 * the pages. Decoded into a lent buffer, the decoder's own copy dies young and the page's bytes
 * are used again.
 */
export class PageBuffers {
  private free: Uint8Array[] = [];
  private lent: Uint8Array[] = [];

  /** A buffer of at least `size` bytes, lent until `releaseAll`. */
  take(size: number): Uint8Array {
    let chosen = -1;
    this.free.forEach((b, i) => {
      if (b.length >= size && (chosen < 0 || b.length < (this.free[chosen] as Uint8Array).length))
        chosen = i;
    });
    const buffer =
      chosen >= 0 ? (this.free.splice(chosen, 1)[0] as Uint8Array) : new Uint8Array(size);
    this.lent.push(buffer);
    return buffer.subarray(0, size);
  }

  /** Takes back every buffer lent: pages decoded into them must not be read again. */
  releaseAll(): void {
    this.free.push(...this.lent);
    this.lent = [];
    this.free.sort((a, b) => b.length - a.length);
    this.free.length = Math.min(this.free.length, KEPT_BUFFERS);
  }
}

/** The page with its pixels in a buffer from `buffers`, when the caller lends them. */
function into(image: GreyImage, buffers: PageBuffers | undefined): GreyImage {
  if (!buffers) return image;
  const data = buffers.take(image.data.length);
  data.set(image.data);
  return {
    width: image.width,
    height: image.height,
    data,
    ...(image.dpi === undefined ? {} : { dpi: image.dpi }),
  };
}

/**
 * Decodes a PNG, JPEG or TIFF (including CCITT bilevel) page into greyscale pixels; a PDF page
 * is rendered with PDFium. The page carries the resolution its file states, where plausible
 * (see `statedDpi`), or the one a PDF page is rendered at.
 */
export async function loadPage(input: Buffer, options: LoadPageOptions = {}): Promise<GreyImage> {
  const page = options.page ?? 0;
  try {
    if (isPdf(input)) {
      // PDFium renders a page as its /Rotate turns it.
      const rendered = await renderPdfPage(input, page, options.dpi);
      return upright({ ...rendered, dpi: options.dpi ?? DEFAULT_PDF_DPI }, options);
    }
    const decoder = sharp(input, { page, failOn: 'error' });
    const meta = await decoder.metadata();
    // A file's orientation tag (EXIF in a JPEG, the TIFF tag) says how its pixels are to be
    // turned to show the page as scanned; 1 or none leaves them as they are.
    const oriented = (meta.orientation ?? 1) > 1 ? decoder.clone().autoOrient() : decoder.clone();
    const { data, info } = await oriented
      .greyscale()
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 1) throw new Error(`expected one channel, got ${info.channels}`);
    // The decoded buffer is ours alone: view it rather than copy a page's worth of bytes.
    const pixels = new Uint8Array(data.buffer, data.byteOffset, data.length);
    const dpi = statedDpi(meta.density, info.width, info.height);
    return upright(
      { width: info.width, height: info.height, data: pixels, ...(dpi ? { dpi } : {}) },
      options,
    );
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ImageReadError(`cannot read ballot image (page ${page}): ${reason}`, options.label);
  }
}

/** The decoded page as `options.upright` turns it, in a buffer from `options.buffers` if lent. */
function upright(image: GreyImage, options: LoadPageOptions): GreyImage {
  const want = options.upright;
  if (want === 'print') {
    const { page, turn } = uprightByPrint(image);
    const kept = into(page, options.buffers);
    return turn ? { ...kept, quarterTurned: turn } : kept;
  }
  const lie = lieOf(image);
  if (!want || !lie || lie === want) return into(image, options.buffers);
  // Turned straight into the lent buffer: the turn is the copy `into` would make.
  const { page, turn } = quarterUpright(image, options.buffers?.take(image.data.length));
  return { ...page, quarterTurned: turn };
}

/**
 * How many pages an image holds: a TIFF's directories (a sheet's sides, as Dominion writes
 * them), a PDF's pages, otherwise one. A TIFF is counted by walking its directory chain, so
 * nothing is decoded; bytes that cannot be counted count as one page, for decoding to judge.
 */
export async function countPages(input: Buffer): Promise<number> {
  if (isPdf(input)) {
    const pdf = await openPdf(input).catch(() => undefined);
    if (!pdf) return 1;
    try {
      return Math.max(1, pdf.count);
    } finally {
      pdf.close();
    }
  }
  const tiff = tiffDirectories(input);
  if (tiff !== undefined) return Math.max(1, tiff);
  if (input.length < 4 || !/^(II\*\0|MM\0\*|II\+\0|MM\0\+)/.test(input.toString('latin1', 0, 4)))
    return 1;
  try {
    return (await sharp(input).metadata()).pages ?? 1;
  } catch {
    return 1;
  }
}

/** The count of a classic TIFF's image directories, or undefined when it is not one. */
function tiffDirectories(b: Buffer): number | undefined {
  if (b.length < 8) return undefined;
  const little = b[0] === 0x49 && b[1] === 0x49;
  if (!little && !(b[0] === 0x4d && b[1] === 0x4d)) return undefined;
  const u16 = (at: number): number => (little ? b.readUInt16LE(at) : b.readUInt16BE(at));
  const u32 = (at: number): number => (little ? b.readUInt32LE(at) : b.readUInt32BE(at));
  if (u16(2) !== 42) return undefined;
  const seen = new Set<number>();
  let count = 0;
  for (let at = u32(4); at !== 0 && at + 2 <= b.length && !seen.has(at);) {
    seen.add(at);
    count += 1;
    const next = at + 2 + 12 * u16(at);
    if (next + 4 > b.length) break;
    at = u32(next);
  }
  return count;
}

/** Encodes greyscale pixels as PNG. */
export async function encodePng(image: GreyImage): Promise<Buffer> {
  return sharp(image.data, { raw: { width: image.width, height: image.height, channels: 1 } })
    .png({ compressionLevel: 3 })
    .toBuffer();
}

/**
 * Encodes bilevel pages as a CCITT Group 4 TIFF, as ballot scanners write them: one page, or
 * a sheet's sides as the pages of one TIFF (as Dominion writes them; all of one size).
 */
export async function encodeBilevelTiff(image: GreyImage, ...more: GreyImage[]): Promise<Buffer> {
  const { width, height } = image;
  if (more.some((p) => p.width !== width || p.height !== height))
    throw new Error('the pages of one TIFF must be of one size');
  const data = more.length === 0 ? image.data : Buffer.concat([image, ...more].map((p) => p.data));
  const raw = { width, height: height * (1 + more.length), channels: 1 as const };
  return sharp(data, { raw: more.length === 0 ? raw : { ...raw, pageHeight: height } })
    .toColourspace('b-w')
    .tiff({ compression: 'ccittfax4', bitdepth: 1 })
    .toBuffer();
}

/**
 * Encodes greyscale pages as one deflate-compressed TIFF, a sheet's sides as its pages (all of
 * one size), as greyscale scanners write them.
 */
export async function encodeGreyTiff(image: GreyImage, ...more: GreyImage[]): Promise<Buffer> {
  const { width, height } = image;
  if (more.some((p) => p.width !== width || p.height !== height))
    throw new Error('the pages of one TIFF must be of one size');
  const data = more.length === 0 ? image.data : Buffer.concat([image, ...more].map((p) => p.data));
  const raw = { width, height: height * (1 + more.length), channels: 1 as const };
  return sharp(data, { raw: more.length === 0 ? raw : { ...raw, pageHeight: height } })
    .tiff({ compression: 'deflate' })
    .toBuffer();
}
