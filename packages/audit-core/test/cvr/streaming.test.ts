import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import {
  directorySink,
  openDominionCsv,
  openDominionJsonDirectory,
  writeDominionCsv,
  writeDominionJson,
  type CvrBallot,
  type CvrReader,
} from '../../src/cvr/index.js';
import { CONTESTS, makeBallots } from './election.js';
import { testTempDir } from '../temp-dir.js';

const COUNT = 20_000;

/** Ballots made one at a time, so that neither side ever holds the whole election. */
function* lazyBallots(count: number): Generator<CvrBallot> {
  const pattern = makeBallots(40);
  for (let i = 0; i < count; i += 1) {
    const base = pattern[i % pattern.length] as CvrBallot;
    const record = String(i + 1);
    yield { ...base, id: `${base.tabulator}-${base.batch}-${record}`, cvrNumber: record, record };
  }
}

/** Mayor votes per option name, counted while the ballots stream past. */
async function mayorTally(
  reader: CvrReader,
): Promise<{ ballots: number; votes: Record<string, number> }> {
  const mayor = reader.contests.find((c) => c.name === 'Mayor');
  const votes: Record<string, number> = {};
  let ballots = 0;
  for await (const ballot of reader.ballots) {
    ballots += 1;
    const vote = ballot.contests.find((c) => c.contestId === mayor?.id);
    if (!vote || vote.overvotes > 0) continue;
    for (const mark of vote.marks) {
      const name = mayor?.options.find((o) => o.id === mark.optionId)?.name ?? '?';
      votes[name] = (votes[name] ?? 0) + 1;
    }
  }
  return { ballots, votes };
}

// Of every 40 pattern ballots, the Mayor gets Ann Lee 8, Bo Smith 8, Write-in 8 (8 blank, 8 overvoted).
const EXPECTED = { 'Ann Lee': COUNT / 5, 'Bo Smith, Jr.': COUNT / 5, 'Write-in': COUNT / 5 };

describe('streaming a generated county export', () => {
  it(`pipes ${COUNT} ballots from the Dominion CSV writer straight into the reader`, async () => {
    const source = {
      name: 'CVR_Export.csv',
      open: () =>
        Readable.from(writeDominionCsv({ contests: CONTESTS, ballots: lazyBallots(COUNT) })),
    };
    const reader = await openDominionCsv(source);
    expect(await mayorTally(reader)).toEqual({ ballots: COUNT, votes: EXPECTED });
    expect(reader.problems).toEqual([]);
  });

  it(`writes ${COUNT} ballots as Dominion JSON files and streams them back`, async () => {
    const directory = await testTempDir('scrutineer-cvr-');
    const input = { contests: CONTESTS, ballots: lazyBallots(COUNT) };
    await writeDominionJson(input, directorySink(directory), { sessionsPerFile: 5000 });
    const reader = await openDominionJsonDirectory(directory);
    expect(await mayorTally(reader)).toEqual({ ballots: COUNT, votes: EXPECTED });
    expect(reader.problems).toEqual([]);
  });
});
