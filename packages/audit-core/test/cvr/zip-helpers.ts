import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { once } from 'node:events';
import yazl from 'yazl';
import { testTempDir } from '../temp-dir.js';

/** Writes a zip of the given entries to a fresh temporary directory and returns its path. */
export async function writeZip(
  entries: { name: string; data: Buffer | string }[],
): Promise<string> {
  const path = join(await testTempDir('scrutineer-cvr-'), 'archive.zip');
  const zip = new yazl.ZipFile();
  for (const entry of entries) {
    const data = typeof entry.data === 'string' ? Buffer.from(entry.data) : entry.data;
    zip.addBuffer(data, entry.name);
  }
  zip.end();
  const out = createWriteStream(path);
  zip.outputStream.pipe(out);
  await once(out, 'close');
  return path;
}
