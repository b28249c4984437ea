import { describe, expect, it } from 'vitest';
import { consistentSample } from '../../src/rla/index.js';

// The published examples of Rivest's consistent sampler, from the docstring of `sampler` in
// ron-rivest/consistent_sampler consistent_sampler.py (commit
// 0731912ac6dccb3a4768b1d640c8a50fff4f7cbf): seed 31415, tickets shown to 10 hex digits.
const IDS = ['A-1', 'A-2', 'A-3', 'B-1', 'B-2', 'B-3'];
const short = (draws: ReturnType<typeof consistentSample>) =>
  draws.map((t) => [t.ticket.slice(0, 10), t.id, t.generation]);

describe('consistentSample', () => {
  it('shuffles six ids as the reference does', () => {
    expect(short(consistentSample(IDS, '31415'))).toEqual([
      ['209a9f6594', 'B-1', 1],
      ['5ee90a669e', 'B-2', 1],
      ['710ef2b7e8', 'A-2', 1],
      ['b1d8c28550', 'B-3', 1],
      ['f45c80bcba', 'A-1', 1],
      ['fa2132c79a', 'A-3', 1],
    ]);
  });

  it('keeps the B ids in the same relative order when sampling them alone', () => {
    expect(short(consistentSample(['B-1', 'B-2', 'B-3'], '31415'))).toEqual([
      ['209a9f6594', 'B-1', 1],
      ['5ee90a669e', 'B-2', 1],
      ['b1d8c28550', 'B-3', 1],
    ]);
  });

  it('draws 16 with replacement from six ids as the reference does', () => {
    expect(short(consistentSample(IDS, '31415', { withReplacement: true, take: 16 }))).toEqual([
      ['209a9f6594', 'B-1', 1],
      ['5ee90a669e', 'B-2', 1],
      ['710ef2b7e8', 'A-2', 1],
      ['8704614710', 'A-2', 2],
      ['8f0c665c4d', 'B-1', 2],
      ['92aa5399e1', 'B-2', 2],
      ['b1d8c28550', 'B-3', 1],
      ['c8452c3bbb', 'B-2', 3],
      ['caa8e0b0a4', 'B-2', 4],
      ['cc06f5af2f', 'A-2', 3],
      ['d627dddead', 'B-2', 5],
      ['d75e31e7f6', 'B-1', 3],
      ['daa7724be1', 'A-2', 4],
      ['dc13dd0827', 'B-3', 2],
      ['e08d22b5cf', 'A-2', 5],
      ['e18947e4d9', 'B-1', 4],
    ]);
  });

  it("gives one id's ticket sequence as the reference, leading f's included", () => {
    const draws = consistentSample(['B-1'], '31415', { withReplacement: true, take: 16 });
    expect(draws.map((t) => t.ticket.slice(0, 10)).slice(0, 15)).toEqual([
      '209a9f6594',
      '8f0c665c4d',
      'd75e31e7f6',
      'e18947e4d9',
      'fa1b2102f7',
      'fc2d94ccc0',
      'fe2ed840ee',
      'fe55dc4fec',
      'ff9698db68',
      'ff9e896e8d',
      'ffaa0f9834',
      'ffcd39533d',
      'ffd981a8e0',
      'fffe8a89ba',
      'ffff92a180',
    ]);
    // The reference prints "(f*5)d6feefd1d9": five f's, then the digits.
    expect(draws[15]!.ticket.slice(0, 15)).toBe('fffffd6feefd1d9');
  });

  it('continues the same stream in a later round', () => {
    const all = consistentSample(IDS, 'seed', { withReplacement: true, take: 12 });
    const later = consistentSample(IDS, 'seed', { withReplacement: true, drop: 5, take: 7 });
    expect(later).toEqual(all.slice(5));
  });
});
