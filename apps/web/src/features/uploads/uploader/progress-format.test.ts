import { describe, expect, it } from 'vitest';
import { formatSize, formatSpeed, percentOf, SpeedMeter } from './progress-format';

describe('formatSize', () => {
  it('steps B, KB, MB, GB at 1024 with two decimals at most', () => {
    expect(formatSize(0)).toBe('0 B');
    expect(formatSize(1023)).toBe('1023 B');
    expect(formatSize(1024)).toBe('1 KB');
    expect(formatSize(1536)).toBe('1.5 KB');
    expect(formatSize(5 * 1024 * 1024 + 12_345)).toBe('5.01 MB');
    expect(formatSize(300 * 1024 ** 3)).toBe('300 GB');
    expect(formatSize(5 * 1024 ** 4)).toBe('5120 GB');
  });

  it('shows a dash for a size it does not know', () => {
    expect(formatSize(null)).toBe('-');
    expect(formatSize(undefined)).toBe('-');
    expect(formatSize(Number.NaN)).toBe('-');
  });
});

describe('formatSpeed and percentOf', () => {
  it('shows Mbps with one decimal', () => {
    expect(formatSpeed(null)).toBe('-');
    expect(formatSpeed(93.456)).toBe('93.5 Mbps');
    expect(formatSpeed(0)).toBe('0.0 Mbps');
  });

  it('rounds progress down so 100% means every byte', () => {
    expect(percentOf(0, 0)).toBe(0);
    expect(percentOf(999, 1000)).toBe(99);
    expect(percentOf(1000, 1000)).toBe(100);
    expect(percentOf(1200, 1000)).toBe(100);
  });
});

describe('SpeedMeter', () => {
  it('reads megabits per second between samples', () => {
    const meter = new SpeedMeter();
    expect(meter.sample(0, 0)).toBeNull();
    // 12.5 MB in one second is 100 Mbps.
    expect(meter.sample(12_500_000, 1000)).toBeCloseTo(100, 5);
  });

  it('ignores samples 0.005 s or less apart', () => {
    const meter = new SpeedMeter();
    meter.sample(0, 0);
    expect(meter.sample(1_000_000, 5)).toBeNull();
    expect(meter.sample(1_250_000, 100)).toBeCloseTo(100, 5);
  });

  it('smooths a burst instead of jumping to it', () => {
    const meter = new SpeedMeter();
    meter.sample(0, 0);
    meter.sample(12_500_000, 1000);
    const after = meter.sample(12_500_000 + 125_000_000, 2000) ?? 0;
    expect(after).toBeGreaterThan(100);
    expect(after).toBeLessThan(1000);
  });

  it('does not count bytes a resumed upload already had as speed', () => {
    const meter = new SpeedMeter();
    meter.sample(3_000_000_000, 0);
    expect(meter.sample(3_012_500_000, 1000)).toBeCloseTo(100, 5);
  });
});
