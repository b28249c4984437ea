import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ContestDefinition, CvrBallot, CvrElectionInfo } from '../model.js';

/** What every writer takes: the contests and a stream of ballots in the normalised model. */
export interface CvrWriteInput {
  election?: CvrElectionInfo;
  contests: ContestDefinition[];
  ballots: Iterable<CvrBallot> | AsyncIterable<CvrBallot>;
}

/** Where a multi-file writer puts its files; each file is written in full before the next. */
export interface CvrSink {
  write(name: string, content: AsyncIterable<string> | string): Promise<void>;
}

/** Writes files into a directory (created if missing). */
export function directorySink(directory: string): CvrSink {
  return {
    async write(name, content) {
      await mkdir(directory, { recursive: true });
      const chunks = typeof content === 'string' ? [content] : content;
      await pipeline(Readable.from(chunks), createWriteStream(join(directory, name)));
    },
  };
}

/** Keeps files in memory, for tests and small demos. */
export function memorySink(): CvrSink & { files: Map<string, string> } {
  const files = new Map<string, string>();
  return {
    files,
    async write(name, content) {
      if (typeof content === 'string') {
        files.set(name, content);
        return;
      }
      let text = '';
      for await (const chunk of content) text += chunk;
      files.set(name, text);
    },
  };
}

/** Drains a text stream into a string (small outputs only). */
export async function textOf(chunks: AsyncIterable<string>): Promise<string> {
  let text = '';
  for await (const chunk of chunks) text += chunk;
  return text;
}

/** Quotes a CSV cell when it needs it (RFC 4180). */
export function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

export function csvLine(cells: string[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
