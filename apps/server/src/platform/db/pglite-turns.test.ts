import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type DatabaseHandle } from './database.js';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openPglite(undefined);
});
afterAll(async () => handle.close());

describe('the embedded database under a queue of queries', () => {
  it('lets the event loop read sockets and run timers between two queries', async () => {
    // A request's queries run one after another; without a turn between them the whole chain
    // ran before anything else the loop had waiting (a socket to read, a health check).
    const chain = (async () => {
      for (let n = 0; n < 20; n += 1) await handle.db.execute(sql`SELECT ${n}::int`);
    })();
    let done = 0;
    void chain.then(() => {
      done = 20;
    });
    const seenAtOtherWork = await new Promise<number>((resolve) =>
      setImmediate(() => resolve(done)),
    );
    await chain;
    expect(seenAtOtherWork).toBeLessThan(20);
  });

  it('answers queries, transactions and raw statements as before', async () => {
    expect((await handle.executeSql('SELECT 41 + $1::int AS answer', [1])).rows).toEqual([
      { answer: 42 },
    ]);
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`CREATE TABLE turns_probe (n int)`);
      await tx.execute(sql`INSERT INTO turns_probe VALUES (1), (2)`);
    });
    expect((await handle.executeSql('SELECT count(*)::int AS n FROM turns_probe')).rows).toEqual([
      { n: 2 },
    ]);
    expect((await handle.executeSql('SELECT 1 AS one; SELECT 2 AS two')).rows).toEqual([
      { two: 2 },
    ]);
  });
});
