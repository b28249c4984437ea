import { describe, expect, it } from 'vitest';
import type { CvrBallot } from '../../src/cvr/index.js';
import { DuplicateGuard, ProblemLog } from '../../src/cvr/reader.js';

function ballot(id: string, row: number): CvrBallot {
  return { id, source: { file: 'cvr.csv', row }, contests: [] };
}

describe('DuplicateGuard', () => {
  it('flags a repeat met batches later, and never confuses ids that split alike', () => {
    const log = new ProblemLog();
    const guard = new DuplicateGuard(log);
    const ids = [
      '1-2-3',
      '1-2-4',
      '1-23',
      '12-3',
      '1-3-1',
      'RCV0255',
      '',
      '1-2-',
      '1-2-3',
      'RCV0255',
    ];
    const checked = ids.map((id, n) => guard.check(ballot(id, n + 1)));
    expect(checked.map((b) => b.duplicateOf)).toEqual([
      ...Array<undefined>(8).fill(undefined),
      { file: 'cvr.csv', row: 1 },
      { file: 'cvr.csv', row: 6 },
    ]);
    expect(log.problems.map((p) => [p.row, p.message])).toEqual([
      [9, 'cvr.csv row 9: ballot 1-2-3 duplicates cvr.csv row 1'],
      [10, 'cvr.csv row 10: ballot RCV0255 duplicates cvr.csv row 6'],
    ]);
  });

  it('keeps locations past its first thousand ids', () => {
    const log = new ProblemLog();
    const guard = new DuplicateGuard(log);
    for (let n = 0; n < 5000; n += 1) guard.check(ballot(`7-${n % 50}-${n}`, n + 1));
    expect(guard.check(ballot('7-10-4010', 9999)).duplicateOf).toEqual({
      file: 'cvr.csv',
      row: 4011,
    });
  });
});
