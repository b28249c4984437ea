import { randomUUID } from 'node:crypto';
import { and, eq, getTableColumns, isNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { refreshTokens, users } from '../../db/schema.js';
import type { Executor } from '../../platform/db/database.js';
import { hashKey, randomKey } from '../../platform/auth/secrets.js';

/** A refresh token is `<id>.<secret>`; the id finds the row, the secret proves possession. */
export async function issueRefreshToken(
  db: Executor,
  userId: number,
  ttlSeconds: number,
  familyId: string = randomUUID(),
): Promise<string> {
  const id = randomUUID();
  const secret = randomKey();
  await db.insert(refreshTokens).values({
    id,
    userId,
    familyId,
    secretHash: hashKey(secret),
    expiresAt: new Date(Date.now() + ttlSeconds * 1000),
  });
  return `${id}.${secret}`;
}

export type RefreshOutcome =
  | { kind: 'ok'; userId: number; familyId: string }
  | { kind: 'invalid' }
  | { kind: 'reused'; familyId: string };

/** Spends a refresh token once; a second presentation is reported as reuse. */
export async function spendRefreshToken(db: Executor, token: string): Promise<RefreshOutcome> {
  const [id, secret] = token.split('.');
  if (!id || !secret || !/^[0-9a-f-]{36}$/.test(id)) return { kind: 'invalid' };
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.id, id)).limit(1);
  if (!row || row.secretHash !== hashKey(secret)) return { kind: 'invalid' };
  if (row.usedAt || row.revokedAt) return { kind: 'reused', familyId: row.familyId };
  if (row.expiresAt.getTime() <= Date.now()) return { kind: 'invalid' };
  const [spent] = await db
    .update(refreshTokens)
    .set({ usedAt: new Date() })
    .where(
      and(eq(refreshTokens.id, id), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)),
    )
    .returning({ id: refreshTokens.id });
  if (!spent) return { kind: 'reused', familyId: row.familyId };
  return { kind: 'ok', userId: row.userId, familyId: row.familyId };
}

export async function revokeFamily(db: Executor, familyId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

export async function revokeUserTokens(db: Executor, userId: number): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

/**
 * The account behind an access token, when the sign-in (refresh-token family) it was issued
 * for is not revoked: one indexed query per request.
 */
export async function findSessionUser(db: Executor, userId: number, familyId: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(
      and(
        eq(users.id, userId),
        sql`exists (select 1 from ${refreshTokens} where ${refreshTokens.familyId} = ${familyId}
          and ${refreshTokens.userId} = ${userId} and ${refreshTokens.revokedAt} is null)`,
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * `findSessionUser` as an expression another statement reads once: the account as JSON, or
 * null when the account is gone or the sign-in revoked. A route that reads it beside its own
 * work checks the caller in the same round trip (see `sessionUserFrom`).
 */
export function sessionUserSql(userId: number | SQLWrapper, familyId: string | SQLWrapper): SQL {
  return sql<unknown>`(select to_jsonb(${users}) from ${users} where ${users.id} = ${userId}
    and exists (select 1 from ${refreshTokens} where ${refreshTokens.familyId} = ${familyId}
      and ${refreshTokens.userId} = ${userId} and ${refreshTokens.revokedAt} is null))`;
}

// Each column reads its JSON value as it reads the driver's (timestamps from ISO text).
const userColumns = Object.entries(getTableColumns(users)) as [
  string,
  { name: string; mapFromDriverValue(value: unknown): unknown },
][];

/** The account `sessionUserSql` read, typed as `findSessionUser` answers it; null stays null. */
export function sessionUserFrom(value: unknown): typeof users.$inferSelect | null {
  if (value === null || value === undefined) return null;
  const json = (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, unknown>;
  const row: Record<string, unknown> = {};
  for (const [key, column] of userColumns) {
    const field = json[column.name];
    row[key] = field === null || field === undefined ? null : column.mapFromDriverValue(field);
  }
  return row as typeof users.$inferSelect;
}
