import { PDFDocument, degrees } from 'pdf-lib';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  encodeGreyTiff,
  encodePng,
  loadPage,
  makeElection,
  planBallot,
  PageBuffers,
  StylePrinter,
  uprightByPrint,
  type BallotFamily,
  type GreyImage,
} from '../../src/index.js';
import { asScanned, createGrey, lieOf, quarterTurn } from '../../src/image/grey.js';
import { quarterTurned, turned } from './variations.js';

/**
 * A portrait ballot scanned in landscape (fed sideways, or a file whose orientation tag or PDF
 * /Rotate turns it) is turned upright: by the job's templates' lie in extractvote, by its print
 * where no template says yet (exemplars, sheets placed by image). A ballot printed landscape
 * reads across and stays as it lies.
 */
const sameAs = (a: GreyImage, b: GreyImage): boolean =>
  a.width === b.width && a.height === b.height && Buffer.compare(a.data, b.data) === 0;

describe('a quarter turn', () => {
  it('turns a page clockwise, and back with a half turn more', () => {
    const page = createGrey(3, 2);
    page.data.set([1, 2, 3, 4, 5, 6]);
    const quarter = quarterTurn(page);
    // 1 2 3      4 1
    // 4 5 6  ->  5 2
    //            6 3
    expect([quarter.width, quarter.height, [...quarter.data]]).toEqual([2, 3, [4, 1, 5, 2, 6, 3]]);
    expect(sameAs(quarterTurn(turned(quarter)), page)).toBe(true);
    // Larger than a tile, of odd sizes: the same as a plain loop.
    const big = createGrey(131, 77);
    big.data.forEach((_, i) => (big.data[i] = (i * 7) % 251));
    expect(sameAs(quarterTurn(big), quarterTurned(big))).toBe(true);
    expect([lieOf(big), lieOf(quarterTurn(big)), lieOf(createGrey(100, 105))]).toEqual([
      'landscape',
      'portrait',
      undefined,
    ]);
  });
});

describe.each([
  ['timing marks', 'timing' as const],
  ['Hart-like', 'hart' as const],
  ['arrows', 'arrow' as const],
])('%s: a sheet fed sideways, told by its print', (_name, family: BallotFamily) => {
  let page: GreyImage;
  beforeAll(async () => {
    const election = makeElection({
      seed: `sideways-print-${family}`,
      styles: 1,
      ...(family === 'timing' ? {} : { family }),
    });
    page = (await new StylePrinter(election, 200).ballot(planBallot(election, 0))).image;
  }, 20_000);

  it('is turned upright from a quarter either way', () => {
    for (const sideways of [quarterTurned(page), turned(quarterTurned(page))]) {
      const { page: upright, run } = uprightByPrint(sideways);
      expect(run?.down, family).toBeGreaterThan((run?.across ?? 0) * 2);
      expect(sameAs(upright, page)).toBe(true);
    }
  });

  it('stays as it lies when upright, or printed landscape (its text across)', () => {
    expect(uprightByPrint(page).page).toBe(page);
    // The top of the sheet alone: wider than tall, its lines across.
    const rows = Math.round(page.width / 1.3);
    const wide = { width: page.width, height: rows, data: page.data.slice(0, page.width * rows) };
    expect(lieOf(wide)).toBe('landscape');
    expect(uprightByPrint(wide).page).toBe(wide);
  });

  it('is turned by loadPage to lie as the templates do, into a lent buffer', async () => {
    const bytes = await encodeGreyTiff(quarterTurned(page));
    const buffers = new PageBuffers();
    // Turned upright whichever way it was fed: the way its text leans settles the quarter.
    for (const file of [bytes, await encodeGreyTiff(turned(quarterTurned(page)))]) {
      const loaded = await loadPage(file, { upright: 'portrait', buffers });
      expect(sameAs(loaded, page)).toBe(true);
    }
    // A page that lies as the templates do is left alone.
    expect(sameAs(await loadPage(await encodeGreyTiff(page), { upright: 'portrait' }), page)).toBe(
      true,
    );
    expect(sameAs(await loadPage(bytes, { upright: 'print' }), page)).toBe(true);
  });

  it('gives places on the turned page back in the file’s frame, either way it was turned', async () => {
    for (const [file, upright] of [
      [quarterTurned(page), 'portrait'],
      [quarterTurned(page), 'print'],
      [turned(quarterTurned(page)), 'print'],
    ] as const) {
      const loaded = await loadPage(await encodeGreyTiff(file), { upright });
      expect(loaded.quarterTurned).toBeDefined();
      for (const [x, y] of [
        [0, 0],
        [10, 1500],
        [loaded.width - 1, 3],
        [900, loaded.height - 1],
      ] as const) {
        const at = asScanned(loaded, x, y);
        expect(file.data[at.y * file.width + at.x]).toBe(loaded.data[y * loaded.width + x]);
      }
    }
    expect(asScanned(page, 12, 34)).toEqual({ x: 12, y: 34 });
  });
});

describe('files that say how their page is turned', () => {
  // Ink in the top left corner of a portrait page.
  const page = createGrey(40, 60);
  for (let y = 0; y < 5; y += 1) page.data.fill(0, y * 40, y * 40 + 10);
  const raw = { raw: { width: 40, height: 60, channels: 1 as const } };
  const inkAt = (p: GreyImage, x: number, y: number): boolean =>
    (p.data[y * p.width + x] as number) < 128;

  it.each([
    ['JPEG (EXIF)', () => sharp(page.data, raw).jpeg({ quality: 95 })],
    ['TIFF', () => sharp(page.data, raw).tiff()],
  ])('%s orientation tag: the page is shown as the tag turns it', async (_n, encoder) => {
    // Orientation 6: the pixels are to be turned a quarter clockwise to show the page.
    const bytes = await encoder().withMetadata({ orientation: 6 }).toBuffer();
    const loaded = await loadPage(bytes);
    expect([loaded.width, loaded.height]).toEqual([60, 40]);
    // The top left corner's ink is now at the top right.
    expect([inkAt(loaded, 57, 2), inkAt(loaded, 2, 2)]).toEqual([true, false]);
  });

  it('PDF /Rotate: the page is rendered turned', async () => {
    const doc = await PDFDocument.create();
    const png = await doc.embedPng(await encodePng(page));
    const size = { width: (40 * 72) / 200, height: (60 * 72) / 200 };
    const pdfPage = doc.addPage([size.width, size.height]);
    pdfPage.drawImage(png, { x: 0, y: 0, ...size });
    pdfPage.setRotation(degrees(90));
    const loaded = await loadPage(Buffer.from(await doc.save()));
    expect(lieOf(loaded)).toBe('landscape');
  });
});
