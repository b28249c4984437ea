import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { applyAffine, describeAffine, IDENTITY, type Affine } from './affine.js';
import { estimateDpi, pixelAt, type GreyImage } from './grey.js';
import { encodePng } from './load.js';

/**
 * A printed card code, as ES&S-era cards print one in words at the foot of the page
 * (`FRONT Card 2 RptPct 10 "Cass/Center/Iowa/Rochester"`, `FRONT Card 24 RptPct 12-10 "12
 * Scou C"`): the card number, and the reporting precinct where one follows it. Letters a
 * recognizer confuses with digits are read as digits (a 1 at 150 or 200 dpi comes back as `l`,
 * `|`, `)`, `}`, `]` or `!`).
 */
// A bracket stands for a 1 only alone, after a space: after a digit or a letter it is punctuation.
const NUMBER = '(?:[0-9IlO|]{1,4}|(?<=\\s)[)}\\]!])';
const END = '(?![0-9A-Za-z])';
/**
 * `Card` (which the recognizer also reads as `Cara`, `Cad`, `Carat`…), its number, then the
 * precinct's label (`RptPct`, also read as `RptPet`, `RotPt`, `8ptPct`…: a word of letters, its
 * first perhaps read as a digit) and number.
 */
const CODE = new RegExp(
  `\\bCa[rd][a-z]{0,2}\\s*(${NUMBER})${END}(?:\\s+[A-Za-z0-9]?[A-Za-z]{2,7}\\s*(${NUMBER}(?:\\s*-\\s*${NUMBER})?)${END})?`,
  'i',
);
const digits = (text: string): string =>
  text
    .replace(/\s+/g, '')
    .split('-')
    .map((n) =>
      n
        .replace(/[Il|)}\]!]/g, '1')
        .replace(/O/g, '0')
        .replace(/^0+(?=\d)/, ''),
    )
    .join('-');

/** The code a line of text carries, as `Card N` or `Card N RptPct M`; undefined without one. */
export function parseCardCode(text: string): string | undefined {
  const found = CODE.exec(text.replace(/\s+/g, ' '));
  if (!found?.[1]) return undefined;
  const card = `Card ${digits(found[1])}`;
  return found[2] ? `${card} RptPct ${digits(found[2])}` : card;
}

export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** A style's printed code and where its template shows it, in template pixels. */
export interface PrintedCode {
  code: string;
  place: Box;
}

/** The band at the foot of a page where cards print their code, inches from the bottom. */
const FOOT = 1.2;
/**
 * Text is read larger than a 200 dpi scan prints it, and softened: the recognizer wants taller
 * letters with grey edges, not a 1-bit scan's steps (on Cedar's and Calhoun's sheets, three
 * times and softened read 23 of 25 codes; twice, 19). The foot of a template is read twice its
 * size, a sparse read of the whole band.
 */
const SCALE = { line: 3, foot: 2 };
/** Room left round the code's line on a sheet, for registration's error (inches). */
const MARGIN = { x: 0.25, y: 0.08 };

interface Word {
  text: string;
  bbox: Box;
}

type Worker = Awaited<ReturnType<typeof import('tesseract.js').createWorker>>;

/** The English model the `@tesseract.js-data/eng` package ships: nothing is fetched. */
function languageFolder(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');
}

/**
 * Reads the card code printed on the foot of ballots with Tesseract (tesseract.js, its
 * WebAssembly build, and the English LSTM model from an npm package; nothing downloads). The
 * recognizer starts on first use and runs in a worker thread; `close` ends it.
 */
export class CardCodeReader {
  private worker: Promise<Worker> | undefined;
  private readonly found = new Map<GreyImage, Promise<PrintedCode | undefined>>();

  private start(): Promise<Worker> {
    this.worker ??= import('tesseract.js').then(({ createWorker, OEM }) =>
      createWorker('eng', OEM.LSTM_ONLY, {
        langPath: languageFolder(),
        cacheMethod: 'none',
        gzip: true,
      }),
    );
    return this.worker;
  }

  private async words(image: GreyImage, mode: string, dpi: number): Promise<Word[]> {
    const worker = await this.start();
    await worker.setParameters({
      tessedit_pageseg_mode: mode as never,
      user_defined_dpi: String(Math.round(dpi)),
    });
    const { data } = await worker.recognize(await encodePng(image), {}, { blocks: true });
    return (data.blocks ?? []).flatMap((b) =>
      b.paragraphs.flatMap((p) =>
        p.lines.map((l) => ({ text: l.words.map((w) => w.text).join(' '), bbox: l.bbox })),
      ),
    );
  }

  /** The code a template prints at its foot and where (`atFoot`), read once per template. */
  onTemplate(image: GreyImage): Promise<PrintedCode | undefined> {
    let found = this.found.get(image);
    if (!found) {
      found = this.atFoot(image);
      this.found.set(image, found);
    }
    return found;
  }

  /**
   * The code a page prints at its foot and where, read over the band at the foot of the page.
   * Undefined when no line there reads as a card code.
   */
  async atFoot(image: GreyImage): Promise<PrintedCode | undefined> {
    const dpi = estimateDpi(image);
    const top = Math.max(0, Math.round(image.height - FOOT * dpi));
    const band = { x0: 0, y0: top, x1: image.width, y1: image.height };
    const lines = await this.words(
      soften(crop(image, IDENTITY, band, SCALE.foot)),
      '11',
      dpi * SCALE.foot,
    );
    for (const line of lines) {
      const code = parseCardCode(line.text);
      if (!code) continue;
      const at = (v: number, from: number): number => from + v / SCALE.foot;
      return {
        code,
        place: {
          x0: at(line.bbox.x0, 0),
          y0: at(line.bbox.y0, top),
          x1: at(line.bbox.x1, 0),
          y1: at(line.bbox.y1, top),
        },
      };
    }
    return undefined;
  }

  /**
   * The code a sheet prints where its template prints one: the place laid on the page through
   * its registration (`transform`, template pixels to page pixels), so a page turned or
   * shifted reads the same. Undefined when the words there read as no card code.
   */
  async onPage(
    page: GreyImage,
    transform: Affine,
    place: Box,
    scale: number = SCALE.line,
  ): Promise<string | undefined> {
    const dpi = estimateDpi(page);
    // Page pixels a template pixel spans: a template at 300 dpi read on a 150 dpi sheet is
    // cropped at the sheet's resolution, and the margin is in the template's inches.
    const perPixel = describeAffine(transform).scale || 1;
    const templateDpi = dpi / perPixel;
    const box = {
      x0: place.x0 - MARGIN.x * templateDpi,
      y0: place.y0 - MARGIN.y * templateDpi,
      x1: place.x1 + MARGIN.x * templateDpi,
      y1: place.y1 + MARGIN.y * templateDpi,
    };
    const lines = await this.words(
      soften(crop(page, transform, box, scale * perPixel)),
      '7',
      dpi * scale,
    );
    for (const line of lines) {
      const code = parseCardCode(line.text);
      if (code) return code;
    }
    return undefined;
  }

  /**
   * The code a sheet prints anywhere in the band at its template's foot (`size`, template
   * pixels), laid on the page through its registration and read as sparse text, as `atFoot`
   * reads a template: a second look, of other pixels at another scale, where a line read alone
   * could be a misread.
   */
  async footOnPage(
    page: GreyImage,
    transform: Affine,
    size: { width: number; height: number },
  ): Promise<string | undefined> {
    const dpi = estimateDpi(page);
    const perPixel = describeAffine(transform).scale || 1;
    const top = Math.max(0, size.height - (FOOT * dpi) / perPixel);
    const band = { x0: 0, y0: top, x1: size.width, y1: size.height };
    const lines = await this.words(
      soften(crop(page, transform, band, SCALE.foot * perPixel)),
      '11',
      dpi * SCALE.foot,
    );
    for (const line of lines) {
      const code = parseCardCode(line.text);
      if (code) return code;
    }
    return undefined;
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    if (worker) await (await worker).terminate();
  }
}

/**
 * A box of template pixels as the page shows it (through `transform`), `scale` times larger,
 * sampled bilinearly so that letters keep smooth edges for the recognizer.
 */
export function crop(page: GreyImage, transform: Affine, box: Box, scale: number): GreyImage {
  const width = Math.max(1, Math.round((box.x1 - box.x0) * scale));
  const height = Math.max(1, Math.round((box.y1 - box.y0) * scale));
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) {
      const p = applyAffine(transform, { x: box.x0 + x / scale, y: box.y0 + y / scale });
      const [fx, fy] = [Math.floor(p.x), Math.floor(p.y)];
      const [dx, dy] = [p.x - fx, p.y - fy];
      const top = pixelAt(page, fx, fy) * (1 - dx) + pixelAt(page, fx + 1, fy) * dx;
      const bottom = pixelAt(page, fx, fy + 1) * (1 - dx) + pixelAt(page, fx + 1, fy + 1) * dx;
      data[y * width + x] = Math.round(top * (1 - dy) + bottom * dy);
    }
  return { width, height, data };
}

/** The mean of each pixel's 3 × 3 neighbourhood: a 1-bit page's steps become grey edges. */
export function soften(image: GreyImage): GreyImage {
  const { width, height, data } = image;
  const out = new Uint8Array(data.length);
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) {
      let sum = 0;
      let count = 0;
      for (let dy = -1; dy <= 1; dy += 1)
        for (let dx = -1; dx <= 1; dx += 1) {
          const [u, v] = [x + dx, y + dy];
          if (u < 0 || v < 0 || u >= width || v >= height) continue;
          sum += data[v * width + u] ?? 255;
          count += 1;
        }
      out[y * width + x] = Math.round(sum / count);
    }
  return { width, height, data: out };
}
