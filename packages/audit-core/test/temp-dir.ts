import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onTestFinished } from 'vitest';

/** A fresh temporary folder, removed when the test that made it finishes. */
export async function testTempDir(prefix = 'scrutineer-test-'): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), prefix));
  onTestFinished(() => rm(folder, { recursive: true, force: true }));
  return folder;
}
