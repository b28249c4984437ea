import { randomUUID } from 'node:crypto';
import { open, rename, rm, type FileHandle } from 'node:fs/promises';
import path from 'node:path';

/**
 * What the store acknowledges must survive a power cut, not only a process crash: a client
 * never sends an acknowledged part again, so a part lost from the page cache would be lost
 * for good. These helpers flush file data and directory entries to the disk.
 */
export async function syncFile(file: string): Promise<void> {
  const handle = await open(file, 'r+');
  try {
    await handle.datasync();
  } finally {
    await handle.close();
  }
}

/** One early flush at a time per file: a flush of an upload's data file writes every part's. */
const earlyFlushes = new Map<string, Promise<void>>();

/**
 * Starts flushing `file` (through `handle`) unless a flush of it is running; never rejects. A
 * part starts one every few MiB while it streams in: otherwise the parts, sent side by side,
 * finish together and each closing flush waits for the disk to take all of them while no byte
 * arrives; flushed early, the disk works while the rest arrives and the closing flush has only
 * the tail. The caller keeps the handle open until the promise settles.
 */
export function flushEarly(file: string, handle: FileHandle): Promise<void> {
  const running = earlyFlushes.get(file);
  if (running) return running;
  // Only a head start: the part's closing flush reports what fails.
  const flush = handle
    .datasync()
    .catch(() => undefined)
    .finally(() => earlyFlushes.delete(file));
  earlyFlushes.set(file, flush);
  return flush;
}

/** Flushes a folder's entries (a rename or a new file in it). */
export async function syncDir(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Writes `data` to `target` so that a reader sees the old file or the new one, on disk. */
export async function writeFileAtomic(target: string, data: string | Buffer): Promise<void> {
  const temp = `${target}.${randomUUID()}.tmp`;
  try {
    const handle = await open(temp, 'w');
    try {
      await handle.writeFile(data);
      await handle.datasync();
    } finally {
      await handle.close();
    }
    await rename(temp, target);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  await syncDir(path.dirname(target));
}
