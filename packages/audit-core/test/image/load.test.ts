import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  createGrey,
  encodeBilevelTiff,
  encodePng,
  ImageReadError,
  loadPage,
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
