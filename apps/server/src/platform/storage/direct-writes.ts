import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { open, rm, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { flushEarly } from './durable.js';

/**
 * Part bytes go to the disk with O_DIRECT, past the page cache. On a virtual machine whose host
 * takes back freed memory, filling fresh page cache from a process costs more system time than
 * the disk takes to write the same bytes (2 GiB through loopback TCP into a file: 2.0–3.5 CPU
 * seconds direct against 4.3–10.8 buffered), and an acknowledged part must reach the disk
 * before its answer anyway.
 */

/** Offsets, lengths and memory of direct writes are multiples of this (a 4 KiB sector). */
export const DIRECT_ALIGN = 4096;
/** Bytes gathered from the network before one direct write. */
const STAGE_BYTES = 4 * 1024 * 1024;
/** Writes a part keeps in flight while its next stage fills. */
const STAGES_PER_PART = 2;
const WASM_PAGE = 64 * 1024;
/** Stages kept for later parts: four parts in flight each need two. */
const POOLED_STAGES = 8;

const pool: Buffer[] = [];

/** WebAssembly's memory (Node has it; the server's TypeScript libraries do not declare it). */
const WasmMemory = (
  globalThis as unknown as {
    WebAssembly: { Memory: new (pages: { initial: number }) => { buffer: ArrayBuffer } };
  }
).WebAssembly.Memory;

/** A stage buffer whose memory starts on a page: WebAssembly memory is page-aligned. */
function takeStage(): Buffer {
  return (
    pool.pop() ??
    Buffer.from(new WasmMemory({ initial: STAGE_BYTES / WASM_PAGE }).buffer, 0, STAGE_BYTES)
  );
}

function giveBack(stage: Buffer): void {
  if (pool.length < POOLED_STAGES) pool.push(stage);
}

const probes = new Map<string, Promise<boolean>>();

/**
 * Whether the file system under `dir` takes direct writes from stage buffers (tmpfs before
 * Linux 6.6 does not).
 */
export function directWritesWork(dir: string): Promise<boolean> {
  let probe = probes.get(dir);
  if (!probe) {
    probe = (async () => {
      const file = path.join(dir, `.direct-${randomUUID()}`);
      const stage = takeStage();
      try {
        const handle = await open(
          file,
          constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_DIRECT,
        );
        try {
          await handle.write(stage, 0, DIRECT_ALIGN, 0);
        } finally {
          await handle.close();
        }
        return true;
      } catch {
        return false;
      } finally {
        giveBack(stage);
        await rm(file, { force: true });
      }
    })();
    probes.set(dir, probe);
  }
  return probe;
}

async function writeFully(file: FileHandle, buffer: Buffer, length: number, position: number) {
  let written = 0;
  while (written < length) {
    const { bytesWritten } = await file.write(
      buffer,
      written,
      length - written,
      position + written,
    );
    if (bytesWritten === 0) throw new Error('The disk took no bytes.');
    written += bytesWritten;
  }
}

/**
 * Writes a stream of chunks into `file` from `position` (a multiple of DIRECT_ALIGN): chunks are
 * gathered into page-aligned stages, each full stage is written directly while the next fills.
 * `end` writes what is left: its aligned head directly, the few bytes after it through the
 * page cache (the part's closing flush writes them).
 */
export function directWriter(file: string, position: number) {
  const stages = Array.from({ length: STAGES_PER_PART }, takeStage);
  const writes: Promise<void>[] = stages.map(() => Promise.resolve());
  let current = 0;
  let filled = 0;
  let at = position;
  let handle: Promise<FileHandle> | null = null;
  const direct = () => (handle ??= open(file, constants.O_WRONLY | constants.O_DIRECT));

  // The early flush this writer started, if one is running.
  let early: Promise<void> | null = null;
  const writeStage = (length: number) => {
    const stage = stages[current] as Buffer;
    const from = at;
    const write = direct().then(async (opened) => {
      await writeFully(opened, stage, length, from);
      // The blocks are on the disk; their allocation is not until the file is flushed.
      early ??= flushEarly(file, opened).finally(() => {
        early = null;
      });
    });
    // Reported where the stage is awaited; handled here so it never goes unreported.
    write.catch(() => undefined);
    writes[current] = write;
    at += length;
    current = (current + 1) % stages.length;
    filled = 0;
  };

  return {
    async push(chunk: Buffer): Promise<void> {
      let offset = 0;
      while (offset < chunk.length) {
        // The stage about to fill may still be on its way to the disk.
        if (filled === 0) await writes[current];
        const copied = chunk.copy(stages[current] as Buffer, filled, offset);
        filled += copied;
        offset += copied;
        if (filled === STAGE_BYTES) writeStage(STAGE_BYTES);
      }
    },
    async end(): Promise<void> {
      await writes[current];
      const stage = stages[current] as Buffer;
      const head = filled - (filled % DIRECT_ALIGN);
      // Read from the stage after its head is written; nothing fills it again.
      const tail = stage.subarray(head, filled);
      if (head > 0) writeStage(head);
      await Promise.all(writes);
      if (tail.length > 0) {
        const buffered = await open(file, 'r+');
        try {
          await writeFully(buffered, tail, tail.length, at);
        } finally {
          await buffered.close();
        }
      }
    },
    /** Waits for writes in flight and frees the stages; the writer is not used after. */
    async close(): Promise<void> {
      await Promise.allSettled(writes);
      await early;
      await handle?.then(
        (opened) => opened.close(),
        () => undefined,
      );
      stages.forEach(giveBack);
    },
  };
}
