// A bare socket.io server for the chat bench's baseline: every client joins one room, and an
// 'event' is broadcast to it as a MESSAGE push and acknowledged, with no database and no checks.
// With DATABASE_URL it uses the PostgreSQL adapter, as the API does between instances.
import { createServer } from 'node:http';
import { createAdapter } from '@socket.io/postgres-adapter';
import pg from 'pg';
import { Server } from 'socket.io';

const port = Number(process.env.PORT);
const httpServer = createServer();
const io = new Server(httpServer, { path: process.env.SOCKET_PATH ?? '/socket.io' });
if (process.env.DATABASE_URL) {
  io.adapter(createAdapter(new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 4 })));
}
let nextId = 0;
io.on('connection', (socket) => {
  void socket.join('room');
  socket.on('event', (payload: { content: string; roomid: number }, ack?: unknown) => {
    nextId += 1;
    const message = { id: nextId, content: payload.content, rooms: { id: payload.roomid } };
    io.to('room').emit('MESSAGE', { type: 'message', message });
    if (typeof ack === 'function') (ack as (answer: unknown) => void)({ ok: true, message });
  });
});
httpServer.listen(port, '127.0.0.1', () => process.send?.('ready'));
