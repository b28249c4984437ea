import { describe, expect, it } from 'vitest';
import { applyMethod, readAmount } from './donation-methods';

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

describe('typed amounts', () => {
  const messages = { required: 'input is required', positive: 'input must be positive' };
  it('reads dollars and cents', () => {
    expect(readAmount('25', messages)).toEqual({ cents: 2500 });
    expect(readAmount(' 1000.5 ', messages)).toEqual({ cents: 100050 });
  });
  it('asks for an amount when the field is empty', () => {
    expect(readAmount('', messages)).toEqual({ error: 'input is required' });
  });
  it('refuses zero, negatives, exponents and words', () => {
    for (const text of ['0', '0.00', '-5', '1e3', 'abc', '1.234'])
      expect(readAmount(text, messages)).toEqual({ error: 'input must be positive' });
  });
});
