import { describe, expect, it } from 'vitest';
import { applyMethod } from './donation-methods';

describe('audit donation methods', () => {
  it('Split Up to All divides $100 over three jobs to the cent', () => {
    expect(applyMethod(2, 10000, 3)).toEqual([3334, 3333, 3333]);
  });
  it('Donate Same to All gives every job the amount', () => {
    expect(applyMethod(1, 2500, 3)).toEqual([2500, 2500, 2500]);
  });
  it('Clear All zeroes every job; General Donation puts it on the first job', () => {
    expect(applyMethod(0, 2500, 2)).toEqual([0, 0]);
    expect(applyMethod(3, 2500, 2)).toEqual([2500, 0]);
  });
  it('has nothing to share without jobs', () => {
    expect(applyMethod(2, 100, 0)).toEqual([]);
  });
});
