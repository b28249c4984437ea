import { describe, expect, it } from 'vitest';
import { codesOfStyles, type ReadCode } from '../../src/stages/exemplar-cards.js';

const codes = (style: string, batch: string, ...read: string[]): ReadCode[] =>
  read.map((code) => ({ code, style, batch }));

describe('each style’s printed card code, from its exemplars', () => {
  it('takes the code each style’s exemplars print most, counted again on the batches that agree', () => {
    // Batch 1 is as recorded; batches 2 and 3 carry each other's records.
    const read = [
      ...codes('S1', '1', 'Card 1', 'Card 1', 'Card 1'),
      ...codes('S2', '1', 'Card 2', 'Card 2', 'Card 2'),
      ...codes('S1', '2', 'Card 2', 'Card 2', 'Card 1'),
      ...codes('S2', '2', 'Card 1', 'Card 1'),
      ...codes('S1', '3', 'Card 2', 'Card 1'),
      ...codes('S2', '3', 'Card 1', 'Card 2'),
    ];
    expect(codesOfStyles(['S1', 'S2'], read, new Map())).toEqual(
      new Map([
        ['S1', 'Card 1'],
        ['S2', 'Card 2'],
      ]),
    );
  });

  it('gives no code where styles print the same one most, whatever a misread adds', () => {
    const read = [
      ...codes('S1', '1', 'Card 1', 'Card 1', 'Card 7', 'Card 7'),
      ...codes('S2', '1', 'Card 1', 'Card 1', 'Card 1'),
      ...codes('S3', '1', 'Card 1', 'Card 7'),
    ];
    expect(codesOfStyles(['S1', 'S2', 'S3'], read, new Map())).toEqual(new Map());
  });

  it('takes the election file’s codes when every style declares its own', () => {
    const read = codes('S1', '1', 'Card 2', 'Card 2');
    const declared = new Map([
      ['S1', 'Card 1 RptPct 10'],
      ['S2', 'Card 2 RptPct 20'],
    ]);
    expect(codesOfStyles(['S1', 'S2'], read, declared)).toEqual(declared);
  });
});
