import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { PDFDocument, rgb } from 'pdf-lib';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  archiveEntryCount,
  loadPage,
  readArchive,
  type ArchiveItem,
  type ArchivePage,
  type GreyImage,
} from '../../src/index.js';
import { collect, squarePage, writeZipFile } from './helpers.js';

/** Centre of the dark pixels, to see that the right page came out. */
function inkCentre(image: GreyImage): { x: number; y: number } {
  let sx = 0;
  let sy = 0;
  let n = 0;
  for (let y = 0; y < image.height; y += 1)
    for (let x = 0; x < image.width; x += 1)
      if ((image.data[y * image.width + x] as number) < 128) {
        sx += x;
        sy += y;
        n += 1;
      }
  return { x: Math.round(sx / n), y: Math.round(sy / n) };
}

/** Same size and pixels (compared as bytes: deep equality is slow on whole pages). */
function sameImage(a: GreyImage, b: GreyImage | undefined): boolean {
  return (
    b !== undefined &&
    a.width === b.width &&
    a.height === b.height &&
    Buffer.compare(Buffer.from(a.data), Buffer.from(b.data)) === 0
  );
}

const pages = (items: ArchiveItem[]): ArchivePage[] =>
  items.filter((i): i is ArchivePage => i.type === 'page');

async function twoPagePdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  // A 2 × 3 inch page with a half-inch square 1 inch from the left and top, then a blank one.
  const first = doc.addPage([144, 216]);
  first.drawRectangle({ x: 72, y: 216 - 72 - 36, width: 36, height: 36, color: rgb(0, 0, 0) });
  doc.addPage([144, 216]);
  return Buffer.from(await doc.save());
}

describe('readArchive', () => {
  let path: string;

  beforeAll(async () => {
    const front = await squarePage(200, 300, 40, 50);
    const back = await squarePage(200, 300, 140, 250);
    const tiff = await sharp([front, back], { join: { animated: true } })
      .removeAlpha()
      .toColourspace('b-w')
      .tiff({ compression: 'ccittfax4', bitdepth: 1 })
      .toBuffer();
    path = await writeZipFile([
      { name: 'batch-1/sheet-1.tif', data: tiff, compress: false },
      { name: 'batch-1/sheet-2.png', data: front },
      { name: 'batch-1/sheet-3.jpg', data: await sharp(back).jpeg().toBuffer() },
      { name: 'batch-2/sheet-4.pdf', data: await twoPagePdf() },
      { name: 'batch-2/notes.txt', data: Buffer.from('scanned on tabulator 3\n') },
    ]);
  });

  it('yields every page of TIFF, PNG, JPEG and PDF entries in order, decoded', async () => {
    const items = await collect(path);
    const read = pages(items);
    expect(read.map((p) => [p.id, p.format, p.page, p.pages])).toEqual([
      ['batch-1/sheet-1.tif#1', 'tiff', 0, 2],
      ['batch-1/sheet-1.tif#2', 'tiff', 1, 2],
      ['batch-1/sheet-2.png', 'png', 0, 1],
      ['batch-1/sheet-3.jpg', 'jpeg', 0, 1],
      ['batch-2/sheet-4.pdf#1', 'pdf', 0, 2],
      ['batch-2/sheet-4.pdf#2', 'pdf', 1, 2],
    ]);
    const centres = read.map((p) => inkCentre(p.image as GreyImage));
    expect(centres.slice(0, 4)).toEqual([
      { x: 50, y: 60 },
      { x: 150, y: 260 },
      { x: 50, y: 60 },
      { x: 150, y: 260 },
    ]);
    // PDF pages render at 200 dpi: the square's centre is 1.25 inches in on both axes.
    const pdfPage = read[4]?.image as GreyImage;
    expect([pdfPage.width, pdfPage.height]).toEqual([400, 600]);
    expect(centres[4]).toEqual({ x: 250, y: 250 });
    expect((read[5]?.image as GreyImage).data.every((v) => v > 250)).toBe(true);
    expect(items.filter((i) => i.type === 'problem')).toEqual([
      {
        type: 'problem',
        code: 'not-an-image',
        severity: 'warning',
        archive: 'ballots.zip',
        entry: 'batch-2/notes.txt',
        entryIndex: 4,
        message: 'ballots.zip: batch-2/notes.txt: is not a ballot image; skipped',
      },
    ]);
  });

  it('hands on encoded pages that loadPage decodes to the same pixels, PDF included', async () => {
    const decoded = pages(await collect(path));
    const encoded = pages(await collect(path, { decode: false }));
    expect(encoded.map((p) => p.id)).toEqual(decoded.map((p) => p.id));
    for (const [i, p] of encoded.entries()) {
      expect(Buffer.isBuffer(p.image)).toBe(true);
      const image = await loadPage(p.image as Buffer, { page: p.page });
      expect(sameImage(image, decoded[i]?.image as GreyImage), p.id).toBe(true);
    }
  });

  it('reads batches of entries that together give the whole archive', async () => {
    expect(await archiveEntryCount(path)).toBe(5);
    const whole = (await collect(path)).map((i) => (i.type === 'page' ? i.id : i.entry));
    const batches = [];
    for (const [from, to] of [
      [0, 2],
      [2, 4],
      [4, 5],
    ])
      batches.push(...(await collect(path, { from, to })));
    expect(batches.map((i) => (i.type === 'page' ? i.id : i.entry))).toEqual(whole);
    expect(pages(await collect(path, { from: 3, to: 4 })).map((p) => p.id)).toEqual([
      'batch-2/sheet-4.pdf#1',
      'batch-2/sheet-4.pdf#2',
    ]);
  });

  it('reads an archive through byte ranges, as blob storage serves it', async () => {
    // Noise does not pack, so the archive is larger than the end-record search reads.
    const noise = randomBytes(300 * 300 * 3);
    const noisy = await sharp(noise, { raw: { width: 300, height: 300, channels: 3 } })
      .png()
      .toBuffer();
    const sheet = await squarePage(200, 300, 40, 50);
    const bytes = await readFile(
      await writeZipFile([
        { name: 'a/noise.png', data: noisy },
        { name: 'a/sheet.png', data: sheet },
      ]),
    );
    const ranges: [number, number][] = [];
    const items = await collect({
      name: 'stored.zip',
      size: bytes.length,
      read: async (start, end) => {
        ranges.push([start, end]);
        return Readable.from([bytes.subarray(start, end)]);
      },
    });
    expect(pages(items).map((p) => p.id)).toEqual(['a/noise.png', 'a/sheet.png']);
    expect(items.every((i) => i.archive === 'stored.zip')).toBe(true);
    expect(inkCentre(pages(items)[1]?.image as GreyImage)).toEqual({ x: 50, y: 60 });
    // Never the whole archive in one read.
    expect(ranges.length).toBeGreaterThan(2);
    expect(ranges.every(([s, e]) => e - s < bytes.length)).toBe(true);
  });

  it('stops between entries when cancelled', async () => {
    const controller = new AbortController();
    const seen: string[] = [];
    const run = async (): Promise<void> => {
      for await (const item of readArchive(path, { signal: controller.signal, concurrency: 1 })) {
        seen.push(item.type === 'page' ? item.id : item.message);
        controller.abort();
      }
    };
    await expect(run()).rejects.toThrow(/abort/i);
    expect(seen.length).toBeLessThan(3);
  });
});

describe('readArchive on the real Cedar County scans', () => {
  const root = join(import.meta.dirname, '../fixtures/real/images/cedar_2012_primary');

  it('reads every Group 3 TIFF of the scans as loadPage does', async () => {
    const files: { name: string; data: Buffer }[] = [];
    for (const folder of ['blank', 'voted'])
      for (const name of (await readdir(join(root, folder))).sort())
        if (name.endsWith('.tif'))
          files.push({ name: `${folder}/${name}`, data: await readFile(join(root, folder, name)) });
    const path = await writeZipFile(files, 'cedar.zip');
    const items = await collect(path);
    expect(items.filter((i) => i.type === 'problem')).toEqual([]);
    const read = pages(items);
    expect(read.map((p) => p.entry)).toEqual(files.map((f) => f.name));
    for (const [i, p] of read.entries()) {
      const image = p.image as GreyImage;
      expect([image.width, image.height]).toEqual([1704, 2200]);
      expect(sameImage(image, await loadPage(files[i]?.data as Buffer)), p.id).toBe(true);
    }
  });
});
