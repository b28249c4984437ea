import { randomUUID } from 'node:crypto';
import { open, rename, rm } from 'node:fs/promises';
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
