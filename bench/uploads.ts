// Upload throughput: a 2 GiB file sent through the local store by a Node client speaking the
// browser's part protocol (create, signed part URLs, parallel PUTs, complete), against a plain
// copy of the same bytes on the same disk in the same run.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdtemp, open, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { machineLine, writeSection } from './lib/results.js';
import { callApi, sendAllParts, signIn, type StartedUpload } from './lib/part-upload.js';
import { startBuiltServer } from './lib/server.js';

const SIZE = Number(process.env.BENCH_UPLOAD_BYTES ?? 2 * 1024 ** 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const PARALLEL = Number(process.env.BENCH_PARALLEL ?? 4);
const MiB = 1024 * 1024;

/** Distinct bytes in every MiB (a random block with its index stamped in), written once. */
async function writeSource(file: string): Promise<void> {
  const block = randomBytes(MiB);
  async function* blocks() {
    for (let offset = 0, index = 0; offset < SIZE; offset += MiB, index += 1) {
      const chunk = Buffer.from(block.subarray(0, Math.min(MiB, SIZE - offset)));
      if (chunk.length >= 8) chunk.writeBigUInt64LE(BigInt(index), 0);
      yield chunk;
    }
  }
  await pipeline(blocks(), createWriteStream(file));
}

/** CPU seconds (user and system) this process and the server have used so far. */
async function cpuSeconds(serverPid: number): Promise<number> {
  const own = process.cpuUsage();
  const fields = (await readFile(`/proc/${serverPid}/stat`, 'utf8')).split(') ')[1]?.split(' ');
  const ticks = Number(fields?.[11] ?? 0) + Number(fields?.[12] ?? 0);
  return (own.user + own.system) / 1e6 + ticks / 100;
}

/** Wall and CPU seconds of `work`, after flushing earlier writes so no run pays for another's. */
async function timed(work: () => Promise<void>): Promise<{ wall: number; cpu: number }> {
  execFileSync('sync');
  const cpu = await cpuSeconds(server.pid);
  const started = process.hrtime.bigint();
  await work();
  return {
    wall: Number(process.hrtime.bigint() - started) / 1e9,
    cpu: (await cpuSeconds(server.pid)) - cpu,
  };
}

/** Flushes a copy to the disk, as the store does before it acknowledges a part. */
async function flushed(file: string): Promise<void> {
  const handle = await open(file, 'r+');
  await handle.datasync();
  await handle.close();
}

const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const dir = await mkdtemp(path.join(os.tmpdir(), 'scrutineer-bench-uploads-'));
const server = await startBuiltServer(3919, { UPLOAD_URL_TTL_SECONDS: '3600' });
type Timing = { wall: number; cpu: number };
const results = {
  copyFile: [] as Timing[],
  streamCopy: [] as Timing[],
  copyToDisk: [] as Timing[],
  upload: [] as Timing[],
};
const loadBefore = os.loadavg()[0] ?? 0;
let partSize = 0;
try {
  const source = path.join(dir, 'source.bin');
  await writeSource(source);
  const token = await signIn(server.url, 'admin@scrutineer.local', 'admin-password');
  const district = await callApi<{ id: number }>(server.url, 'POST', '/districts', token, {
    country: 'US',
    state_name: 'AZ',
    district_name: 'Apache',
    email: 'clerk@example.org',
  });
  const election = await callApi<{ id: number }>(server.url, 'POST', '/elections', token, {
    name: 'Upload bench',
    e_type: 'General',
    privacy: 'Public',
    districtId: district.id,
    date: '11-05-2024',
  });

  for (let round = 0; round < ROUNDS; round += 1) {
    const copy = path.join(dir, `copy-${round}.bin`);
    results.copyFile.push(await timed(() => copyFile(source, copy)));
    await rm(copy);
    results.streamCopy.push(
      await timed(() =>
        pipeline(createReadStream(source, { highWaterMark: MiB }), createWriteStream(copy)),
      ),
    );
    await rm(copy);
    results.copyToDisk.push(
      await timed(async () => {
        await copyFile(source, copy);
        await flushed(copy);
      }),
    );
    await rm(copy);

    let fileId = 0;
    results.upload.push(
      await timed(async () => {
        const started = await callApi<StartedUpload>(server.url, 'POST', '/upload-files', token, {
          election_id: election.id,
          file_name: `bench-${round}.bin`,
          file_size: SIZE,
        });
        partSize = started.chunk_size;
        fileId = started.id;
        const parts = await sendAllParts(server.url, started, source, SIZE, PARALLEL);
        await callApi(server.url, 'PUT', `/upload-files/${started.id}`, token, {
          status: 'Success',
          upload_parts: parts,
        });
      }),
    );
    const list = await callApi<{ items: { id: number; status: string; size: number }[] }>(
      server.url,
      'GET',
      `/upload-files/${election.id}`,
      token,
    );
    const done = list.items.find((item) => item.id === fileId);
    if (done?.status !== 'Success' || done.size !== SIZE) {
      throw new Error(`upload ended ${JSON.stringify(done)}`);
    }
    await callApi(server.url, 'DELETE', `/upload-files/${fileId}`, token);
  }
  if ((await stat(source)).size !== SIZE) throw new Error('source changed');
} finally {
  await server.stop();
  await rm(dir, { recursive: true, force: true });
}

const loadAfter = os.loadavg()[0] ?? 0;
const gib = SIZE / 1024 ** 3;
const mibps = (seconds: number) => SIZE / MiB / seconds;
const rows = [
  ['plain copy (copyFile, in the kernel)', results.copyFile],
  ['plain copy (read and write streams)', results.streamCopy],
  ['plain copy to the disk (copyFile, then fdatasync)', results.copyToDisk],
  [
    `upload: ${PARALLEL} parallel part PUTs of ${partSize / MiB} MiB, then complete`,
    results.upload,
  ],
] as const;
const table = rows
  .map(([name, timings]) => {
    const wall = median(timings.map((t) => t.wall));
    const cpu = median(timings.map((t) => t.cpu));
    return `| ${name} | ${wall.toFixed(2)} | ${mibps(wall).toFixed(0)} | ${cpu.toFixed(2)} |`;
  })
  .join('\n');
// Each round's upload against the copies just before it: other work on the machine drifts.
const ratio = (baseline: Timing[], key: keyof Timing) =>
  median(
    baseline.map((timing, round) => timing[key] / (results.upload[round]?.[key] ?? Infinity)),
  ).toFixed(2);
const [toKernel, toStreamed, toDisk] = [
  ratio(results.copyFile, 'wall'),
  ratio(results.streamCopy, 'wall'),
  ratio(results.copyToDisk, 'wall'),
];
const cpuShare = ratio(results.streamCopy, 'cpu');
await writeSection(
  'Uploads: 2 GiB through the local store against a plain copy',
  `Run: \`npx tsc -b && npx tsx bench/uploads.ts\` (a ${gib.toFixed(0)} GiB file; the median of ${ROUNDS} rounds, each a copy both ways and an upload, \`sync\` before each; the built server with log level warn on the embedded PGlite; source, copies and DATA_DIR in the same temporary folder on one disk).
${machineLine()} Load average (1 min) ${loadBefore.toFixed(1)} at the start and ${loadAfter.toFixed(1)} at the end, on 2 cores shared with other work.

| run | seconds | MiB/s | CPU seconds (client and server) |
|---|---|---|---|
${table}

Upload throughput (the median of the rounds' ratios): **${toKernel}** of \`copyFile\` (the kernel copies without the bytes entering a process), **${toDisk}** of \`copyFile\` followed by \`fdatasync\`, and **${toStreamed}** of a copy through read and write streams. The store answers a part's ETag only once the part is on the disk (\`fdatasync\`), because the client never sends an acknowledged part again; as parts are written into one file, each part's flush also writes out the parts still arriving beside it.

The client is a
Node script that does what the browser does: it starts a direct upload of an election
(\`POST /api/upload-files\`), PUTs each part to its signed URL with ${PARALLEL} at a time,
reads each part's \`ETag\`, and completes with every part's ETag. The server streams each part
to its offset in one file and hashes it on the way (the ETag); completion checks the ETags,
trims the file to its size and renames it, so no byte is written twice. The upload moves every
byte through the client, the loopback connection, the hash and the server's write, so it needs
more CPU than a copy (a streamed copy takes ${cpuShare} of the upload's CPU seconds); when other
work holds the cores the ratio falls with the upload's share of them.`,
);
console.log(table);
console.log(
  `ratio to copy on disk ${toDisk}, to copyFile ${toKernel}, to streamed copy ${toStreamed}, cpu ${cpuShare}`,
);
