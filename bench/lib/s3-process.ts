// The S3-compatible test server (s3rver) in a process of its own, as a store off the machine
// would be, so that its CPU is measured apart from the bench's. It sends its settings once it
// listens, answers 'counts' with the requests it has served by kind, and stops on SIGTERM.
import { appendFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { startS3 } from '../../apps/server/src/test/s3-server.js';

const counts: Record<string, number> = {};
const kindOf = (request: IncomingMessage): string => {
  const url = new URL(request.url ?? '/', 'http://s3');
  const method = request.method ?? 'GET';
  if (method === 'GET' && url.searchParams.has('list-type')) return 'LIST';
  if (method === 'GET' && request.headers.range) return 'GET (range)';
  return method;
};
// S3_REQUEST_LOG=<file>: every request's kind and key, a line each, to see what asks for what.
const requestLog = process.env.S3_REQUEST_LOG;
const s3 = await startS3((request) => {
  const kind = kindOf(request);
  counts[kind] = (counts[kind] ?? 0) + 1;
  if (requestLog) appendFileSync(requestLog, `${Date.now()} ${kind} ${request.url ?? ''}\n`);
});
process.send?.({ type: 'ready', env: s3.env });
process.on('message', (message) => {
  if (message === 'counts') process.send?.({ type: 'counts', counts: { ...counts } });
});
process.once('SIGTERM', () => {
  void s3.stop().finally(() => process.exit(0));
});
