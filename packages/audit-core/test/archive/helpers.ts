import { createWriteStream } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import yazl from 'yazl';
import { readArchive, type ArchiveItem, type ReadArchiveOptions } from '../../src/index.js';

export interface ZipEntryInput {
  name: string;
  data: Buffer;
  compress?: boolean;
}

/** A zip of the entries, in memory. */
export async function zipBytes(entries: ZipEntryInput[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const e of entries) zip.addBuffer(e.data, e.name, { compress: e.compress ?? true });
  zip.end();
  const chunks: Buffer[] = [];
  zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
  await once(zip.outputStream, 'end');
  return Buffer.concat(chunks);
}

/** Writes bytes to a file in a fresh temporary directory. */
export async function tempFile(name: string, data: Buffer): Promise<string> {
  const path = join(await mkdtemp(join(tmpdir(), 'scrutineer-archive-')), name);
  await writeFile(path, data);
  return path;
}

/** Writes a zip of the entries to a temporary file. */
export async function writeZipFile(
  entries: ZipEntryInput[],
  name = 'ballots.zip',
): Promise<string> {
  const path = join(await mkdtemp(join(tmpdir(), 'scrutineer-archive-')), name);
  const zip = new yazl.ZipFile();
  for (const e of entries) zip.addBuffer(e.data, e.name, { compress: e.compress ?? true });
  zip.end();
  const out = createWriteStream(path);
  zip.outputStream.pipe(out);
  await once(out, 'close');
  return path;
}

export async function collect(
  input: Parameters<typeof readArchive>[0],
  options?: ReadArchiveOptions,
): Promise<ArchiveItem[]> {
  const items: ArchiveItem[] = [];
  for await (const item of readArchive(input, options)) items.push(item);
  return items;
}

/** A white PNG page with a black 20-pixel square whose corner is at (x, y). */
export async function squarePage(
  width: number,
  height: number,
  x: number,
  y: number,
): Promise<Buffer> {
  const square = await sharp({
    create: { width: 20, height: 20, channels: 3, background: '#000' },
  })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: '#fff' } })
    .composite([{ input: square, left: x, top: y }])
    .png()
    .toBuffer();
}
