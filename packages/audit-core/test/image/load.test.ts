import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  countPages,
  createGrey,
  encodeBilevelTiff,
  encodePng,
  estimateDpi,
  ImageReadError,
  loadPage,
  PageBuffers,
  readBallots,
} from '../../src/index.js';

const blank = join(
  import.meta.dirname,
  '../fixtures/real/images/cedar_2012_primary/blank/20120608170307744_0001.tif',
);

describe('loadPage', () => {
  it('decodes a CCITT bilevel TIFF to greyscale', async () => {
    const page = await loadPage(await readFile(blank));
    expect([page.width, page.height]).toEqual([1704, 2200]);
    expect(new Set(page.data)).toEqual(new Set([0, 255]));
  });

  it('round-trips PNG and Group 4 TIFF', async () => {
    const image = createGrey(40, 30);
    image.data.fill(0, 0, 40 * 10);
    for (const encoded of [await encodePng(image), await encodeBilevelTiff(image)]) {
      const back = await loadPage(encoded);
      expect(Array.from(back.data)).toEqual(Array.from(image.data));
    }
  });

  it('rejects a corrupt image with a message naming it', async () => {
    const truncated = (await readFile(blank)).subarray(0, 2000);
    await expect(loadPage(truncated, { label: 'ballot-7.tif' })).rejects.toThrow(ImageReadError);
    await expect(loadPage(Buffer.from('not an image'), { label: 'ballot-8.png' })).rejects.toThrow(
      /ballot-8\.png: cannot read ballot image/,
    );
  });

  it('turns a corrupt page into an error result and goes on with the rest', async () => {
    const results = [];
    for await (const r of readBallots([{ id: 'bad', image: Buffer.from('junk') }], []))
      results.push(r);
    expect(results[0]?.error).toMatch(/bad: cannot read ballot image/);
  });
});

describe('a page’s resolution', () => {
  it('is the one a scan states (a 200 dpi TIFF), else the page’s width against 8.5 in', async () => {
    const page = await loadPage(await readFile(blank));
    expect(page.dpi).toBe(200);
    expect(estimateDpi(page)).toBeCloseTo(1704 / 8.5, 6);
    // A PNG written with no resolution, which sharp reports as 72: not believed.
    const png = await loadPage(await encodePng(createGrey(1275, 1650)));
    expect(png.dpi).toBeUndefined();
    expect(estimateDpi(png)).toBe(150);
  });

  it('is the stated one where it puts the page more than 5% from 8.5 in wide', async () => {
    const card = createGrey(1275, 1650);
    const tiff = await sharp(card.data, { raw: { width: 1275, height: 1650, channels: 1 } })
      .tiff({ compression: 'deflate', xres: 200 / 25.4, yres: 200 / 25.4, resolutionUnit: 'inch' })
      .toBuffer();
    const page = await loadPage(tiff);
    expect(page.dpi).toBeCloseTo(200, 3);
    // 6.4 in wide at the resolution it states: a card, not a letter page at 150 dpi.
    expect(estimateDpi(page)).toBeCloseTo(200, 3);
    expect(estimateDpi({ ...page, dpi: 155 })).toBe(150);
  });
});

describe('PageBuffers', () => {
  it('decodes pages into lent buffers, the same pixels as without, and reuses them once taken back', async () => {
    const bytes = await readFile(blank);
    const plain = await loadPage(bytes);
    const buffers = new PageBuffers();
    const first = await loadPage(bytes, { buffers });
    const second = await loadPage(bytes, { buffers });
    expect([first.width, first.height]).toEqual([plain.width, plain.height]);
    expect(Buffer.from(first.data).equals(Buffer.from(plain.data))).toBe(true);
    // Two pages lent at once (a sheet's sides) never share bytes.
    expect(second.data.buffer).not.toBe(first.data.buffer);
    buffers.releaseAll();
    const small = createGrey(40, 30, 0);
    const third = await loadPage(await encodePng(small), { buffers });
    expect(third.data.length).toBe(40 * 30);
    expect([first.data.buffer, second.data.buffer]).toContain(third.data.buffer);
    expect(Array.from(third.data)).toEqual(Array.from(small.data));
  });
});

describe('countPages', () => {
  it('counts a sheet written as a two-page Group 4 TIFF and reads each page', async () => {
    const front = createGrey(40, 30);
    front.data.fill(0, 0, 40 * 10);
    const back = createGrey(40, 30);
    back.data.fill(0, 40 * 20);
    const tiff = await encodeBilevelTiff(front, back);
    expect(await countPages(tiff)).toBe(2);
    expect(Array.from((await loadPage(tiff, { page: 1 })).data)).toEqual(Array.from(back.data));
    expect(await countPages(await encodeBilevelTiff(front))).toBe(1);
    expect(await countPages(await encodePng(front))).toBe(1);
    expect(await countPages(await readFile(blank))).toBe(1);
    // Bytes that cannot be counted count as one page; decoding will judge them.
    expect(await countPages(Buffer.from('II*\0garbage'))).toBe(1);
  });
});
