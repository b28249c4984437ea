import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** A URL-safe random key for links and tokens. */
export function randomKey(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Keys are stored hashed so a database leak does not hand out working links. */
export function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** The JWT signing secret: from config, or generated once into the data folder. */
export async function loadSigningSecret(
  configured: string | undefined,
  dataDir: string,
): Promise<string> {
  if (configured) return configured;
  const file = path.join(dataDir, 'jwt-secret');
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch {
    const secret = randomKey(48);
    await mkdir(dataDir, { recursive: true });
    await writeFile(file, secret, { mode: 0o600 });
    return secret;
  }
}
