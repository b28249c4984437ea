// The upload bench's floors without HTTP: a TCP server that reads a first line, then either
// throws the rest of the connection away ("-") or writes it into a file at an offset
// ("<offset> <path>"), and answers "ok" at the end. What moving the bytes from the client's file
// into another process over loopback costs on this machine, and what writing them adds.
import { createWriteStream } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { pipeline } from 'node:stream/promises';

function receive(socket: Socket, head: string, rest: Buffer): void {
  if (head === '-') {
    socket.on('data', () => undefined);
    socket.on('end', () => socket.end('ok'));
    return;
  }
  const space = head.indexOf(' ');
  const file = createWriteStream(head.slice(space + 1), {
    flags: 'r+',
    start: Number(head.slice(0, space)),
  });
  if (rest.length > 0) file.write(rest);
  pipeline(socket, file).then(
    () => socket.end('ok'),
    () => socket.destroy(),
  );
}

const port = Number(process.env.PORT);
const server = createServer((socket) => {
  let start = Buffer.alloc(0);
  const first = (chunk: Buffer) => {
    start = Buffer.concat([start, chunk]);
    const end = start.indexOf(10);
    if (end < 0) return;
    // No data event can come between the two calls: the next listener is in place first.
    socket.off('data', first);
    receive(socket, start.subarray(0, end).toString(), start.subarray(end + 1));
  };
  socket.on('data', first);
});
server.listen(port, '127.0.0.1', () => process.send?.('ready'));
