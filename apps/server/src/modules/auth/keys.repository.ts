import { and, eq, gt, isNull } from 'drizzle-orm';
import { userKeys } from '../../db/schema.js';
import type { Executor } from '../../platform/db/database.js';
import { hashKey, randomKey } from '../../platform/auth/secrets.js';

export type KeyKind = 'verify' | 'reset';

/** Issues a mailed key; only its hash is kept. */
export async function issueKey(
  db: Executor,
  userId: number,
  kind: KeyKind,
  ttlMs: number,
): Promise<string> {
  const key = randomKey();
  await db.insert(userKeys).values({
    userId,
    kind,
    keyHash: hashKey(key),
    expiresAt: new Date(Date.now() + ttlMs),
  });
  return key;
}

/**
 * Marks a key used and returns its user, or null when it is unknown, expired, used or of
 * another kind. The conditional update makes a key single-use even under concurrent calls.
 */
export async function consumeKey(db: Executor, key: string, kind: KeyKind): Promise<number | null> {
  const [row] = await db
    .update(userKeys)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(userKeys.keyHash, hashKey(key)),
        eq(userKeys.kind, kind),
        isNull(userKeys.usedAt),
        gt(userKeys.expiresAt, new Date()),
      ),
    )
    .returning({ userId: userKeys.userId });
  return row?.userId ?? null;
}
