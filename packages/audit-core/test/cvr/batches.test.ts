import { describe, expect, it } from 'vitest';
import { openCvrFile, openDominionCsv, type CvrReader } from '../../src/cvr/index.js';
import { collect, realCvr, realCvrPath } from './fixtures.js';

async function open(relative: string, companions: string[] = []): Promise<CvrReader> {
  const opened = await openCvrFile(
    realCvrPath(relative),
    companions.length ? { companions: companions.map(realCvrPath) } : {},
  );
  if ('problem' in opened) throw new Error(opened.problem.message);
  return opened.reader;
}

const SAMPLES: [string, string[], number][] = [
  ['dominion_csv/arapahoe_2016_CVR_Export_20170310104116.csv', [], 165],
  ['dominion_csv/INVALID_duplicate_line_CVR_Export.csv', [], 166],
  ['dominion_json/alaska_2024_partial', [], 12],
  ['ess/ess_cvr.csv', ['ess/ess_ballots_1.csv', 'ess/ess_ballots_2.csv'], 14],
  ['ess/2015_portland_mayor_cvr.xlsx', [], 99],
  ['clearballot_csv/inline_comma_cvr.csv', [], 178],
  ['hart_xml/1_0e4cb797-392c-4e64-9034-94694bf97419.xml', [], 1],
];

describe('ballots in batches', () => {
  it.each(SAMPLES)(
    '%s: the same ballots and problems a batch at a time as one at a time',
    async (relative, companions, count) => {
      const one = await open(relative, companions);
      const single = await collect(one.ballots);
      const other = await open(relative, companions);
      const batches = await collect(other.batches);
      expect(batches.every((batch) => Array.isArray(batch) && batch.length > 0)).toBe(true);
      expect(batches.flat()).toEqual(single);
      expect(single).toHaveLength(count);
      expect(other.problems).toEqual(one.problems);
      expect(other.contests).toEqual(one.contests);
    },
  );

  it('gives a Dominion CSV read from bytes a batch per read chunk, and stops when asked', async () => {
    const csv = 'dominion_csv/arapahoe_2016_CVR_Export_20170310104116.csv';
    const reader = await openDominionCsv(realCvr(csv));
    const sizes: number[] = [];
    for await (const batch of reader.batches) sizes.push(batch.length);
    // The sample is 138 kB: the reader's 64 kB reads make three batches.
    expect(sizes).toHaveLength(3);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(165);
    const early = await openDominionCsv(realCvr(csv));
    for await (const batch of early.batches) if (batch.length > 0) break;
    expect(await collect(early.ballots)).toEqual([]);
  });
});
