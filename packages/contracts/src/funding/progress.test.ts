import { describe, expect, it } from 'vitest';
import {
  donationProgress,
  formatDollars,
  formatFundingProgress,
  formatProgress,
} from './progress.js';

describe('donation progress (radial progress and the admin progress bar)', () => {
  it('is received / requested * 100', () => {
    expect(donationProgress(25, 100)).toBe(25);
    expect(donationProgress(1500, 1000)).toBe(150);
    expect(donationProgress('50', '200')).toBe(25);
  });

  it('is 0 when the request is zero or not a number', () => {
    expect(donationProgress(50, 0)).toBe(0);
    expect(donationProgress(50, '0')).toBe(0);
    expect(donationProgress(50, 'abc')).toBe(0);
    expect(donationProgress(50, '')).toBe(0);
    expect(donationProgress(50, null)).toBe(0);
    expect(donationProgress(50, undefined)).toBe(0);
    expect(donationProgress(50, Number.NaN)).toBe(0);
  });

  it("shows '> 100.00' above 100 and two decimals otherwise", () => {
    expect(formatProgress(donationProgress(101, 100))).toBe('> 100.00');
    expect(formatProgress(donationProgress(100, 100))).toBe('100.00');
    expect(formatProgress(donationProgress(1, 3))).toBe('33.33');
    expect(formatProgress(donationProgress(5, 0))).toBe('0.00');
  });

  it('tells donors the amount raised, not 0.00%, when a job has no goal', () => {
    const job = (request_donate: number, received_donation: number) => ({
      request_donate,
      received_donation,
      progress: donationProgress(received_donation, request_donate),
    });
    expect(formatFundingProgress(job(2000, 500))).toBe('25.00%');
    expect(formatFundingProgress(job(100, 150))).toBe('> 100.00%');
    expect(formatFundingProgress(job(0, 500))).toBe('$500 raised, no goal set');
    expect(formatFundingProgress(job(0, 12.5))).toBe('$12.50 raised, no goal set');
    expect(formatFundingProgress(job(0, 0))).toBe('No goal set');
  });

  it('writes dollars from cents', () => {
    expect(formatDollars(150000)).toBe('$1,500');
    expect(formatDollars(2550)).toBe('$25.50');
  });
});
