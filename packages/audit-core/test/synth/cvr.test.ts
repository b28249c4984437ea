import { describe, expect, it } from 'vitest';
import {
  bufferSource,
  makeElection,
  memorySink,
  openDominionCsv,
  openEssCsv,
  planBallot,
  planDiscrepancies,
  syntheticRecords,
  writeSyntheticCvr,
  type CvrBallot,
} from '../../src/index.js';

const election = makeElection({ seed: 'cvr-test' });
const COUNT = 250;

async function collect(ballots: AsyncIterable<CvrBallot>): Promise<CvrBallot[]> {
  const out: CvrBallot[] = [];
  for await (const b of ballots) out.push(b);
  return out;
}

describe('synthetic vote records', () => {
  const planted = planDiscrepancies(election, COUNT);
  const records = [...syntheticRecords(election, COUNT, planted)];

  it('plants each kind of discrepancy', () => {
    expect(planted.map((d) => d.kind).sort()).toEqual([
      'extra-record',
      'misread',
      'misread',
      'misread',
      'missing-record',
      'swapped-batch',
    ]);
    expect(records).toHaveLength(COUNT);
  });

  it('records the voter intent except where a misread was planted', () => {
    const byId = new Map(records.map((r) => [r.id, r]));
    for (const d of planted) {
      if (d.kind === 'missing-record') expect(byId.has(d.ballotId)).toBe(false);
      if (d.kind === 'extra-record')
        expect(byId.get(d.ballotId)?.style).toBe(planBallot(election, d.copyOf).styleId);
      if (d.kind !== 'misread') continue;
      const [, batch = ''] = d.ballotId.split('-');
      const swap: string[] = planted.find((p) => p.kind === 'swapped-batch')?.batches ?? [];
      const recordedBatch = swap.includes(batch) ? swap.find((b) => b !== batch) : batch;
      const id = d.ballotId.replace(`-${batch}-`, `-${recordedBatch}-`);
      const marks = byId.get(id)?.contests.find((c) => c.contestId === d.contestId)?.marks ?? [];
      expect(marks.some((m) => m.optionId === d.optionId)).toBe(d.recorded);
    }
  });

  it('writes Dominion CSV and ES&S CSV that the readers take back', async () => {
    const sink = memorySink();
    await writeSyntheticCvr(election, COUNT, planted, 'dominion-csv', sink);
    await writeSyntheticCvr(election, COUNT, planted, 'ess-csv', sink);
    await writeSyntheticCvr(election, COUNT, planted, 'dominion-json', sink);
    const dominion = await openDominionCsv(
      bufferSource('CVR_Export.csv', sink.files.get('CVR_Export.csv') ?? ''),
    );
    expect(await collect(dominion.ballots)).toHaveLength(COUNT);
    expect(dominion.problems).toEqual([]);
    const ess = await openEssCsv(bufferSource('cvr.csv', sink.files.get('cvr.csv') ?? ''));
    expect(await collect(ess.ballots)).toHaveLength(COUNT);
    expect(sink.files.has('CvrExport_1.json')).toBe(true);
    expect(sink.files.has('ContestManifest.json')).toBe(true);
  });
});
