import { describe, expect, it } from 'vitest';
import { DEFAULT_THRESHOLDS, type MarkDecision } from '../../src/image/decide.js';
import { isGrayByBands, measureBands } from '../../src/image/bands.js';
import { settleGrayBands } from '../../src/stages/gray-bands.js';

const target = (
  above: number,
  decision: MarkDecision = above >= 0.3 ? 'vote' : above < 0.1 ? 'blank' : 'gray',
) => ({
  above,
  decision,
});

describe('gray bands from a style’s measured distributions', () => {
  // Blank targets of a real scan scatter a little above their ballot's blank level.
  const blanks = Array.from({ length: 200 }, (_, i) => target(((i % 11) - 5) * 0.002));
  const clear = Array.from({ length: 80 }, (_, i) => target(0.7 + (i % 7) * 0.03));

  it('turns gray a mark darker than every blank target by a clear margin, and leaves blanks blank', () => {
    const bands = measureBands([...blanks, ...clear, target(0.07)], DEFAULT_THRESHOLDS);
    expect(bands.blank.count).toBe(201);
    expect(bands.marks.count).toBe(80);
    expect(bands.grayFrom).toBeGreaterThan(0.01);
    expect(bands.grayFrom).toBeLessThan(0.07);
    expect(isGrayByBands(0.07, 'blank', bands)).toBe(true);
    expect(blanks.some((b) => isGrayByBands(b.above, b.decision, bands))).toBe(false);
    expect(bands.histogram.reduce((n, c) => n + c, 0)).toBe(281);
  });

  it('widens the margin with a noisy style and never raises it past the fixed blank cut-off', () => {
    const noisy = Array.from({ length: 200 }, (_, i) => target(((i % 21) - 10) * 0.004));
    const bands = measureBands([...noisy, ...clear], DEFAULT_THRESHOLDS);
    expect(bands.grayFrom).toBeGreaterThan(0.05);
    expect(bands.grayFrom).toBeLessThanOrEqual(DEFAULT_THRESHOLDS.blank);
    expect(
      measureBands([target(0), target(0), target(0.01)], DEFAULT_THRESHOLDS).grayFrom,
    ).toBeCloseTo(0.04);
  });

  it('updates the contest’s gray list and the sheet’s gray count of a target it turns gray', () => {
    const targets = [
      ...blanks.map((b, i) => ({
        ...b,
        sheet_id: `s${i % 20}`,
        style: 'A',
        contest_id: 'C1',
        option_id: `o${i}`,
      })),
      {
        above: 0.06,
        decision: 'blank' as MarkDecision,
        sheet_id: 's1',
        style: 'A',
        contest_id: 'C1',
        option_id: 'light',
      },
    ];
    const contests = Array.from({ length: 20 }, (_, i) => ({
      sheet_id: `s${i}`,
      contest_id: 'C1',
      gray: [] as string[],
    }));
    const sheets = Array.from({ length: 20 }, (_, i) => ({ sheet_id: `s${i}`, gray: 0 }));
    settleGrayBands(targets, contests, sheets);
    expect(targets.at(-1)?.decision).toBe('gray');
    expect(contests[1]?.gray).toEqual(['light']);
    expect(sheets[1]?.gray).toBe(1);
    expect(targets.filter((t) => t.decision === 'gray')).toHaveLength(1);
  });

  it('turns gray a light mark of a style with few blank targets, from the spread its batch-mates measured', () => {
    const row = (above: number, style: string, i: number) => ({
      ...target(above),
      sheet_id: `s${i % 20}`,
      style,
      contest_id: 'C1',
      option_id: `${style}${i}`,
    });
    // A large style's blanks on a clean scan set the batch's spread; the small style has 8 blank targets and
    // one light mark darker than all of them, under the doubled margin of 0.04.
    const large = Array.from({ length: 200 }, (_, i) => row(((i % 5) - 2) * 0.001, 'A', i));
    const small = Array.from({ length: 8 }, (_, i) => row(((i % 3) - 1) * 0.002, 'B', i));
    const light = row(0.03, 'B', 99);
    const targets = [...large, ...small, light];
    const bands = settleGrayBands(targets, [], []);
    expect(light.decision).toBe('gray');
    expect(bands.get('B')?.grayFrom).toBeLessThan(0.03);
    expect(targets.filter((t) => t.decision === 'gray')).toEqual([light]);
    // Alone in its batch, with nothing measured to borrow, the margin stays doubled.
    const alone = [...small, row(0.03, 'B', 98)];
    expect(settleGrayBands(alone, [], []).get('B')?.grayFrom).toBeCloseTo(0.04);
  });
});
