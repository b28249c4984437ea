import { describe, expect, it } from 'vitest';
import { encodeAddedInk } from '../../src/image/added-ink.js';
import { findRescans } from '../../src/stages/rescans.js';

/** A read sheet of style S1 with ink of its own in `cells` of a 100-cell-wide map. */
const sheet = (id: string, cells: number[]) => ({
  sheet_id: id,
  style: 'S1',
  status: 'read',
  added_ink: encodeAddedInk({ width: 100, cells }),
});

describe('ink of its own that identifies a paper', () => {
  // A precinct's name the style's template lacks, printed on every sheet of that precinct.
  const name = [5010, 5011, 5012, 5013, 5014, 5015];

  it('a second scan of a sheet is its rescan', () => {
    const found = findRescans([sheet('a', name), sheet('b', name)], () => 'same votes');
    expect([...found.keys()]).toEqual(['b']);
  });

  it('ink that sheets read otherwise share too is printing, and two sheets alike in it are two', () => {
    const readings: Record<string, string> = { a: 'yes', b: 'yes', c: 'no' };
    const found = findRescans(
      [sheet('a', name), sheet('b', name), sheet('c', name)],
      (id) => readings[id] ?? '',
    );
    expect([...found.keys()]).toEqual([]);
  });

  it('a sheet with strays of its own beside the printing is still found scanned again', () => {
    const strays = [...name, 9020, 9140, 9377];
    const readings: Record<string, string> = { a: 'yes', b: 'yes', c: 'no' };
    const found = findRescans(
      [sheet('a', strays), sheet('c', name), sheet('b', strays)],
      (id) => readings[id] ?? '',
    );
    expect([...found.keys()]).toEqual(['b']);
  });
});
