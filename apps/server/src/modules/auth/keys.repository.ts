import { and, eq, gt, isNull } from 'drizzle-orm';
import { userKeys } from '../../db/schema.js';
import type { Executor } from '../../platform/db/database.js';
import { hashKey, randomKey } from '../../platform/auth/secrets.js';

/** `email` keys confirm a new address before an e-mail change takes effect. */
export type KeyKind = 'verify' | 'reset' | 'email';

/** Issues a mailed key; only its hash is kept. */
export async function issueKey(
  db: Executor,
  userId: number,
  kind: KeyKind,
  ttlMs: number,
  email?: string,
): Promise<string> {
  const key = randomKey();
  await db.insert(userKeys).values({
    userId,
    kind,
    keyHash: hashKey(key),
    expiresAt: new Date(Date.now() + ttlMs),
    email: email ?? null,
  });
  return key;
}

/**
 * Marks a key used and returns its user, or null when it is unknown, expired, used or of
 * another kind. The conditional update makes a key single-use even under concurrent calls.
 */
export async function consumeKey(db: Executor, key: string, kind: KeyKind): Promise<number | null> {
  return (await consumeKeyRow(db, key, kind))?.userId ?? null;
}

/** As `consumeKey`, with the address an `email` key confirms. */
export async function consumeKeyRow(
  db: Executor,
  key: string,
  kind: KeyKind,
): Promise<{ userId: number; email: string | null } | null> {
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
    .returning({ userId: userKeys.userId, email: userKeys.email });
  return row ?? null;
}

/** Spends every outstanding key of a kind: a new password leaves no older reset link working. */
export async function spendKeys(db: Executor, userId: number, kind: KeyKind): Promise<void> {
  await db
    .update(userKeys)
    .set({ usedAt: new Date() })
    .where(and(eq(userKeys.userId, userId), eq(userKeys.kind, kind), isNull(userKeys.usedAt)));
}
