// Loaded into the API process by a bench (`node --import`) to see inside it while a row runs:
// event-loop delay, garbage-collection pauses, waits for a database connection, and the
// statements sent. Once a second it appends one JSON line to API_PROBE_FILE; each distinct
// statement text goes once, with its first parameters, to API_PROBE_FILE.sql (for EXPLAIN).
import { appendFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import {
  constants,
  monitorEventLoopDelay,
  performance,
  PerformanceObserver,
} from 'node:perf_hooks';

const file = process.env.API_PROBE_FILE;
if (file) {
  // The server's own `pg`: the bench lives in the same repository, so it resolves to one copy.
  const pg = createRequire(import.meta.url)('pg');
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  // Pauses in ms: scavenges of the young generation, and the rest (mark-compact and its steps).
  const fresh = () => ({ scavenges: [], majors: [], waits: [], statements: 0 });
  let sample = fresh();
  const seen = new Set();
  const round = (ms) => Math.round(ms * 100) / 100;

  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const minor = entry.detail?.kind === constants.NODE_PERFORMANCE_GC_MINOR;
      (minor ? sample.scavenges : sample.majors).push(round(entry.duration));
    }
  }).observe({ entryTypes: ['gc'] });

  const connect = pg.Pool.prototype.connect;
  pg.Pool.prototype.connect = function probedConnect(callback) {
    const start = performance.now();
    const waited = () => sample.waits.push(round(performance.now() - start));
    if (typeof callback === 'function') {
      return connect.call(this, (error, client, release) => {
        waited();
        callback(error, client, release);
      });
    }
    return connect.call(this).then((client) => {
      waited();
      return client;
    });
  };

  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function probedQuery(config, values, ...rest) {
    sample.statements += 1;
    const text = typeof config === 'string' ? config : config?.text;
    if (text && !seen.has(text)) {
      seen.add(text);
      const params = Array.isArray(values) ? values : (config?.values ?? []);
      appendFileSync(`${file}.sql`, `${JSON.stringify({ text, values: params })}\n`);
    }
    return query.call(this, config, values, ...rest);
  };

  setInterval(() => {
    appendFileSync(
      file,
      `${JSON.stringify({
        t: Date.now(),
        loopP99: round(loop.percentile(99) / 1e6),
        loopMax: round(loop.max / 1e6),
        ...sample,
      })}\n`,
    );
    loop.reset();
    sample = fresh();
  }, 1000).unref();
}
