// The upload bench's floor: a bare node:http server that writes each PUT body into one file at
// the offset in its query string, with no routing, signature, hash, acknowledgement or flush.
// What the local store adds to this is what the bench charges to the store.
import { createWriteStream } from 'node:fs';
import { createServer } from 'node:http';
import { pipeline } from 'node:stream/promises';

const port = Number(process.env.PORT);
const server = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  const file = url.searchParams.get('file') ?? '';
  const start = Number(url.searchParams.get('offset'));
  pipeline(request, createWriteStream(file, { flags: 'r+', start })).then(
    () => response.writeHead(200, { etag: `"${start}"` }).end(),
    (error: unknown) => response.writeHead(500).end(String(error)),
  );
});
server.listen(port, '127.0.0.1', () => process.send?.('ready'));
