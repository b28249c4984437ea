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

describe('DuplicateGuard, ids kept compactly', () => {
  const at = (file: string, where: { row?: number; index?: number }): CvrBallot['source'] => ({
    file,
    ...where,
  });

  it('finds repeats among numbers spread out, numbers written with leading zeros and text', () => {
    const log = new ProblemLog();
    const guard = new DuplicateGuard(log);
    const ids = ['5-1-3', '5-1-900000', '5-1-03', '5-1-x7', '5-1-2147483648', '5-1-0', '5-1-1e3'];
    ids.forEach((id, n) => guard.check(ballot(id, n + 1)));
    // The dense array of batch 5-1 gives way to a map at 900000, and keeps every id.
    for (let n = 10; n < 200; n += 1) guard.check(ballot(`5-1-${n}`, 100 + n));
    const again = [...ids, '5-1-150', '5-1-1000', '5-1-003'].map(
      (id, n) => guard.check(ballot(id, 1000 + n)).duplicateOf?.row,
    );
    expect(again).toEqual([1, 2, 3, 4, 5, 6, 7, 250, undefined, undefined]);
  });

  it('gives the same answer by record number as by id', () => {
    const log = new ProblemLog();
    const guard = new DuplicateGuard(log);
    guard.check(ballot('7-a-b-12', 1));
    const byNumber = guard.checkRecord(ballot('7-a-b-12', 2), '7-a', 'b', 12);
    guard.checkRecord(ballot('3-4-5', 3), '3', '4', 5);
    expect(byNumber.duplicateOf).toEqual({ file: 'cvr.csv', row: 1 });
    expect(guard.check(ballot('3-4-5', 4)).duplicateOf).toEqual({ file: 'cvr.csv', row: 3 });
    expect(guard.checkRecord(ballot('3-4-6', 5), '3', '4', 6).duplicateOf).toBeUndefined();
  });

  it('keeps each first location as it was: row, index, both or neither, file by file', () => {
    const log = new ProblemLog();
    const guard = new DuplicateGuard(log);
    const firsts = [
      at('a.csv', { row: 5 }),
      at('b.json', { index: 0 }),
      at('b.json', { index: 1 }),
      at('c.xml', {}),
      at('d.xlsx', { row: 9, index: 3 }),
      at('a.csv', { row: 6 }),
    ];
    firsts.forEach((source, n) => guard.check({ id: `1-1-${n}`, source, contests: [] }));
    const found = firsts.map(
      (_, n) =>
        guard.check({ id: `1-1-${n}`, source: at('z.csv', { row: 1 }), contests: [] }).duplicateOf,
    );
    expect(found).toEqual(firsts);
    expect(log.problems[3]?.message).toBe('z.csv row 1: ballot 1-1-3 duplicates c.xml');
  });
});
