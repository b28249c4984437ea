import sharp from 'sharp';
import type { GreyImage } from './grey.js';
import { isPdf, renderPdfPage } from './pdf.js';

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
}

/**
 * Decodes a PNG, JPEG or TIFF (including CCITT bilevel) page into greyscale pixels; a PDF page
 * is rendered with PDFium.
 */
export async function loadPage(input: Buffer, options: LoadPageOptions = {}): Promise<GreyImage> {
  const page = options.page ?? 0;
  try {
    if (isPdf(input)) return await renderPdfPage(input, page, options.dpi);
    const { data, info } = await sharp(input, { page, failOn: 'error' })
      .greyscale()
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 1) throw new Error(`expected one channel, got ${info.channels}`);
    // The decoded buffer is ours alone: view it rather than copy a page's worth of bytes.
    const pixels = new Uint8Array(data.buffer, data.byteOffset, data.length);
    return { width: info.width, height: info.height, data: pixels };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ImageReadError(`cannot read ballot image (page ${page}): ${reason}`, options.label);
  }
}

/** Encodes greyscale pixels as PNG. */
export async function encodePng(image: GreyImage): Promise<Buffer> {
  return sharp(image.data, { raw: { width: image.width, height: image.height, channels: 1 } })
    .png({ compressionLevel: 3 })
    .toBuffer();
}

/** Encodes a bilevel page as a CCITT Group 4 TIFF, as ballot scanners write them. */
export async function encodeBilevelTiff(image: GreyImage): Promise<Buffer> {
  return sharp(image.data, { raw: { width: image.width, height: image.height, channels: 1 } })
    .toColourspace('b-w')
    .tiff({ compression: 'ccittfax4', bitdepth: 1 })
    .toBuffer();
}
