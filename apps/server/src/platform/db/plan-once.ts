import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';

const MARK = '/* plan once */';

/**
 * Marks a statement (anywhere in its text) to be sent to PostgreSQL as a named prepared
 * statement: each connection then parses and plans it once instead of on every request, which
 * was most of the election list's time in PostgreSQL under a crowd. Only for statements whose
 * good plan does not depend on their values (no search patterns) and whose texts are few: a
 * name per distinct text is kept by every connection.
 */
export const planOnce = sql.raw(`${MARK} `);

/** A query's config named after its text when the text is marked; otherwise as it came. */
export function namedWhenMarked(config: unknown): unknown {
  if (typeof config !== 'object' || config === null) return config;
  const { text, name } = config as { text?: unknown; name?: unknown };
  if (name || typeof text !== 'string' || !text.includes(MARK)) return config;
  return { ...config, name: `plan_once_${createHash('sha1').update(text).digest('hex')}` };
}
