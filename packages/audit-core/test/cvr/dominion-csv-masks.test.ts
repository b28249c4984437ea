import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { openDominionCsv, type CvrBallot, type CvrSource } from '../../src/cvr/index.js';
import { collect } from './fixtures.js';

// The byte path reads a contest of up to 31 choice columns into a bit mask, and a wider one (a
// ranked contest of many candidates) mark by mark: both must give what the text path gives.
const MAYOR = '"Mayor (Number of positions=1, Number of ranks=5)"';
const CANDIDATES = ['Ann', 'Bob', 'Cy', 'Di', 'Ed', 'Flo', 'Gus'];
const COUNCIL = ['Hal', 'Ivy', 'Jo', 'Kim', 'Lu'];
const MAYOR_COLUMNS = 5 * CANDIDATES.length;
const WIDTH = 5 + MAYOR_COLUMNS + COUNCIL.length + 2;

function header(): string[] {
  const contests = [
    ...Array<string>(MAYOR_COLUMNS).fill(MAYOR),
    ...Array<string>(COUNCIL.length).fill('"Council (Vote For=3)"'),
    '"Measure A (Vote For=1)"',
    '"Measure A (Vote For=1)"',
  ];
  const choices = [
    ...[1, 2, 3, 4, 5].flatMap((rank) => CANDIDATES.map((name) => `"${name}(${rank})"`)),
    ...COUNCIL.map((name) => `"${name}"`),
    '"Yes"',
    '"No"',
  ];
  return [
    `"Mask test","5.17.17.1"${',""'.repeat(WIDTH - 2)}`,
    `,,,,,${contests.join(',')}`,
    `,,,,,${choices.join(',')}`,
    `"CvrNumber","TabulatorNum","BatchId","RecordId","ImprintedId"${','.repeat(WIDTH - 5)}`,
  ];
}

/** Row `n`: ranks, Council marks and Measure A from the bits of a small counter. */
function row(n: number): string {
  const cells = [`${n}`, '7', '3', `${n}`, `7-3-${n}`];
  const ranked = n % 5 === 4;
  for (let rank = 1; rank <= 5; rank += 1)
    for (let c = 0; c < CANDIDATES.length; c += 1)
      cells.push(
        ranked ? '' : (n + rank * 3 + c) % 7 === 0 || (n % 11 === c && rank === 2) ? '1' : '0',
      );
  // 0 to 5 Council marks: none, one, a shared pair, three (a vote of its own), an overvote.
  const council = n % 6;
  for (let c = 0; c < COUNCIL.length; c += 1) cells.push(c < council ? '1' : '0');
  // Measure A blank (off the card) on every third ballot, quoted on every fourth.
  const blank = n % 3 === 0;
  const yes = blank ? '' : n % 2 === 0 ? '1' : '0';
  const no = blank ? '' : n % 2 === 0 ? '0' : '1';
  cells.push(n % 4 === 0 ? `"${yes}"` : yes, no);
  return cells.join(',');
}

function csvOf(rows: number): string {
  return [...header(), ...Array.from({ length: rows }, (_, i) => row(i + 1)), ''].join('\r\n');
}

function piecesSource(text: string, size: number): CvrSource {
  const bytes = Buffer.from(text);
  return {
    name: 'CVR_Export.csv',
    open: () => {
      const pieces: Buffer[] = [];
      for (let at = 0; at < bytes.length; at += size) pieces.push(bytes.subarray(at, at + size));
      return Readable.from(pieces);
    },
  };
}

async function read(text: string, path: 'bytes' | 'text', size: number) {
  const reader = await openDominionCsv(piecesSource(text, size), { path });
  const ballots: CvrBallot[] = await collect(reader.ballots);
  return { contests: reader.contests, ballots, problems: reader.problems };
}

describe('Dominion CSV contests read as bit masks, and wider ones', () => {
  it('gives what the text path gives, whole and cut anywhere', async () => {
    const text = csvOf(60);
    const expected = await read(text, 'text', text.length);
    expect(expected.problems).toEqual([]);
    expect(expected.ballots).toHaveLength(60);
    for (const size of [text.length, 4096, 61, 7]) {
      expect(await read(text, 'bytes', size)).toEqual(expected);
    }
  });

  it('keeps every mark of a contest in column order, and its counts', async () => {
    const { ballots } = await read(csvOf(12), 'bytes', 4096);
    const council = (n: number) => ballots[n - 1]?.contests.find((c) => c.contestId === 'Council');
    const summary = (n: number) => {
      const vote = council(n);
      return [vote?.marks.map((m) => m.optionId).join(' '), vote?.overvotes, vote?.undervotes];
    };
    expect([0, 1, 2, 3, 4, 5].map((k) => summary(6 + k))).toEqual([
      ['', 0, 3],
      ['Hal', 0, 2],
      ['Hal Ivy', 0, 1],
      ['Hal Ivy Jo', 0, 0],
      ['Hal Ivy Jo Kim', 3, 0],
      ['Hal Ivy Jo Kim Lu', 3, 0],
    ]);
    // Ballots marking the same two choices share one vote; a list of three is each its own.
    expect(council(8)).toBe(council(2));
    expect(council(9)).toEqual(council(3));
    // The ranked contest (35 columns) is read mark by mark, in column order (rank by rank).
    const mayor = ballots[6]?.contests.find((c) => c.contestId === 'Mayor');
    expect(mayor?.marks.map((m) => `${m.optionId}${m.rank}`)).toEqual([
      'Ed1',
      'Bob2',
      'Flo3',
      'Cy4',
      'Gus5',
    ]);
    // Every fifth ballot leaves the ranked contest off its card.
    expect(ballots[3]?.contests.map((c) => c.contestId)).not.toContain('Mayor');
  });
});
