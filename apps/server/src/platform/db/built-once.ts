import type { Executor } from './database.js';

interface Prepared {
  execute(values?: Record<string, unknown>): Promise<unknown>;
}
const kept = new WeakMap<object, Map<string, Prepared>>();

/**
 * A prepared statement (placeholders for its values) built on first use and kept per database
 * under `name`, so the requests that run it spend no time building SQL; on PostgreSQL it is a
 * named prepared statement as well, parsed and planned once per connection. `name` must name one
 * statement text: a shape of query, never its values.
 */
export function builtOnce<Q extends Prepared>(
  db: Executor,
  name: string,
  build: (name: string) => Q,
): Q {
  let statements = kept.get(db);
  if (!statements) {
    statements = new Map();
    kept.set(db, statements);
  }
  let statement = statements.get(name);
  if (!statement) {
    statement = build(name);
    statements.set(name, statement);
  }
  return statement as Q;
}
