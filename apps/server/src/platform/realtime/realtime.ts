import type { Server as HttpServer } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { createAdapter } from '@socket.io/postgres-adapter';
import pg from 'pg';
import { Server } from 'socket.io';
import { socketConnections } from '../metrics/metrics.js';

export interface Realtime {
  io: Server;
  /** Drops live connections and stops listening between instances; the HTTP server stays. */
  close(): Promise<void>;
}

/**
 * socket.io on the API's HTTP server. On PostgreSQL, events travel between API instances
 * through LISTEN/NOTIFY (the PostgreSQL adapter), so any instance can serve any client.
 */
export function createRealtime(
  httpServer: HttpServer,
  options: { path: string; postgresUrl?: string | undefined; log: FastifyBaseLogger },
): Realtime {
  const io = new Server(httpServer, { path: options.path, serveClient: false });
  io.on('connection', (socket) => {
    socketConnections.inc();
    socket.once('disconnect', () => socketConnections.dec());
  });
  let pool: pg.Pool | undefined;
  if (options.postgresUrl) {
    // One connection listens; the other carries every outgoing event, so events leave in the
    // order they were emitted (a removal before the room's next update, messages in turn).
    pool = new pg.Pool({ connectionString: options.postgresUrl, max: 2 });
    pool.on('error', (error) => options.log.warn({ err: error }, 'realtime connection failed'));
    io.adapter(
      createAdapter(pool, {
        errorHandler: (error) => options.log.warn({ err: error }, 'realtime adapter error'),
      }),
    );
  }
  return {
    io,
    async close() {
      io.disconnectSockets(true);
      await Promise.allSettled([io.of('/').adapter.close()]);
      io.engine.close();
      await pool?.end();
    },
  };
}
