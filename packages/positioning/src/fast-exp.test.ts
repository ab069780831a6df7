import { describe, expect, it } from 'vitest';
import { EXP_RANGE, expNonPositive } from './fast-exp.ts';

describe('expNonPositive', () => {
  it('is e^x to a relative 1e-8 over its whole range', () => {
    let worst = 0;
    for (let i = 0; i <= 200_000; i++) {
      const x = -(i / 200_000) * EXP_RANGE;
      worst = Math.max(worst, Math.abs(expNonPositive(x) / Math.exp(x) - 1));
    }
    expect(worst).toBeLessThan(1e-8);
  });

  it('is exactly 1 at 0 and never above it, and falls back to Math.exp outside its range', () => {
    expect(expNonPositive(0)).toBe(1);
    expect(expNonPositive(-1e-12)).toBeLessThanOrEqual(1);
    expect(expNonPositive(-100)).toBe(Math.exp(-100));
    expect(expNonPositive(1)).toBe(Math.exp(1));
    expect(expNonPositive(Number.NaN)).toBeNaN();
  });
});
