import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { openDominionCsv, type CvrSource } from '../../src/cvr/index.js';
import { collect, realCvrPath } from './fixtures.js';

/** A source that hands out `bytes` in pieces of `size`, as a slow stream would. */
function piecesSource(name: string, bytes: Buffer, size: number): CvrSource {
  return {
    name,
    open: () => {
      const pieces: Buffer[] = [];
      for (let at = 0; at < bytes.length; at += size) pieces.push(bytes.subarray(at, at + size));
      return Readable.from(pieces);
    },
  };
}

/** What a reader gives: header facts, every ballot, then the problems met while streaming. */
async function readAll(source: CvrSource, path: 'bytes' | 'text'): Promise<unknown> {
  try {
    const reader = await openDominionCsv(source, { path });
    const ballots = await collect(reader.ballots);
    return {
      election: reader.election,
      contests: reader.contests,
      ballots,
      problems: reader.problems,
    };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

/** Both paths on `bytes`, whole and in pieces; the byte path must give what the text path gives. */
async function expectSame(name: string, bytes: Buffer): Promise<unknown> {
  const text = await readAll(piecesSource(name, bytes, bytes.length || 1), 'text');
  for (const size of [bytes.length || 1, 4096, bytes.length > 20_000 ? 61 : 7]) {
    expect(await readAll(piecesSource(name, bytes, size), 'bytes')).toEqual(text);
  }
  return text;
}

const CSV_FOLDERS = ['dominion_csv', 'clearballot_csv', 'ess'];
const csvFixtures = CSV_FOLDERS.flatMap((folder) =>
  readdirSync(realCvrPath(folder))
    .filter((name) => name.endsWith('.csv'))
    .map((name) => `${folder}/${name}`),
);

const ARLO = readFileSync(realCvrPath('dominion_csv/arlo_dominion_test_cvrs.csv'), 'utf8');
const ARAPAHOE = readFileSync(
  realCvrPath('dominion_csv/arapahoe_2016_CVR_Export_20170310104116.csv'),
  'utf8',
);

/** `text` with data row `n` (1-based, after the four header rows) replaced by `edit(row)`. */
function withRow(text: string, n: number, edit: (row: string) => string): Buffer {
  const lines = text.split('\n');
  lines[3 + n] = edit(lines[3 + n] ?? '');
  return Buffer.from(lines.join('\n'));
}

describe('Dominion CSV read from bytes', () => {
  it.each(csvFixtures)('%s: the same as the text path', async (relative) => {
    const bytes = readFileSync(realCvrPath(relative));
    const result = (await expectSame(path.basename(relative), bytes)) as {
      ballots?: unknown[];
      error?: string;
    };
    if (relative.startsWith('dominion_csv/') && !relative.includes('manifest')) {
      expect(result.ballots?.length).toBeGreaterThan(0);
    } else {
      expect(result.error).toMatch(/not a Dominion CVR_Export/);
    }
  });

  it('reads the Excel-style, CRLF and lone-CR variants of a real export alike', async () => {
    const excel = ARAPAHOE.split('\n')
      .map((line, i) =>
        i < 4 || line === ''
          ? line
          : line.replace(
              /^([^,]*),([^,]*),([^,]*),([^,]*),([^,]*),/,
              '="$1",="$2",="$3",="$4",="$5",',
            ),
      )
      .join('\n');
    for (const variant of [
      excel,
      excel.replaceAll('\n', '\r\n'),
      ARAPAHOE.replaceAll('\n', '\r\n').trimEnd(),
      `${ARAPAHOE.trimEnd()}\r`,
      ARAPAHOE.replaceAll('\n', '\r'),
      ARAPAHOE.replace(/\n(?=[^\n]*\n[^\n]*$)/, '\n\n\n'),
      `\uFEFF${ARLO}`,
    ]) {
      const result = (await expectSame('CVR_Export.csv', Buffer.from(variant))) as {
        ballots: unknown[];
      };
      expect(result.ballots.length).toBeGreaterThan(0);
    }
  });

  it('names the same rows and problems for bad cells, short rows and quoted cells mid-file', async () => {
    const cases = [
      withRow(ARLO, 2, (row) => row.replace(/,1(,|$)/, ',2$1')),
      withRow(ARLO, 3, (row) => row.replace(/,0(,|$)/, ', 1 $1')),
      withRow(ARLO, 4, (row) => row.split(',').slice(0, 6).join(',')),
      withRow(ARLO, 5, (row) => row.replace(/,0(,|$)/, ',"0"$1')),
      withRow(ARLO, 6, (row) => row.replace(/,1(,|$)/, ',="1"$1')),
      withRow(ARLO, 7, (row) => row.replace(/^[^,]*/, '"7\n7"')),
      withRow(ARLO, 8, (row) => row.replace(/^[^,]*/, '="8" x')),
      withRow(ARLO, 9, (row) => row.replace(/,[01](,|$)/, ',1$1').replace(/,0(,|$)/, ',1$1')),
      withRow(ARLO, 10, (row) => row.replace(/^[^,]*/, '="unclosed')),
      withRow(ARAPAHOE, 100, (row) => row.replace(/^([^,]*),([^,]*)/, '$1,\u00a0$2\u00a0')),
      withRow(ARAPAHOE, 164, (row) => `${row}\n${row}`),
    ];
    const problems = [];
    for (const bytes of cases) {
      const result = (await expectSame('CVR_Export.csv', bytes)) as { problems?: unknown[] };
      problems.push(result.problems?.length ?? -1);
    }
    // A bad cell, a cell with spaces around its 1 (read as 1), a short row, then quoted cells
    // that read well, and an overvote; a quote never closed (an error, -1), a no-break space
    // around a value, and a repeated ballot.
    expect(problems).toEqual([1, 0, 1, 0, 0, 0, 0, 0, -1, 0, 1]);
  });

  it('reads quoted one-byte, blank and odd cells as the text path does, cut anywhere', async () => {
    const quoted = (row: string): string =>
      row
        .split(',')
        .map((cell) => `"${cell}"`)
        .join(',');
    const cases = [
      withRow(ARLO, 1, quoted),
      withRow(ARLO, 2, (row) => quoted(row).replace(/"1"/, '""1"')),
      withRow(ARLO, 3, (row) => quoted(row).replace(/"0"/, '""')),
      withRow(ARLO, 4, (row) => quoted(row).replace(/"0"/, '"="')),
      withRow(ARLO, 5, (row) => quoted(row).replace(/"1"/, '" 1"')),
      withRow(ARLO, 6, (row) => row.replace(/,0,/, ',=,')),
      withRow(ARLO, 7, (row) => quoted(row).replace(/"1"(?!.*"1")/, '"\r"')),
    ];
    const problems = [];
    for (const bytes of cases) {
      const result = (await expectSame('CVR_Export.csv', bytes)) as { problems?: unknown[] };
      problems.push(result.problems?.length ?? -1);
    }
    // Quoted cells read well; a stray quote, a quoted "=" or "=" or a CR is not 0 or 1.
    expect(problems).toEqual([0, 1, 0, 1, 0, 1, 1]);
  });
});
