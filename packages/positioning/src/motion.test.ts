import { describe, expect, it } from 'vitest';
import { rssiShift } from './motion.ts';
import { gaussian, rng } from './test-helpers.ts';

/** 20 s of 2 Hz readings of one link with noise σ, drifting by `slope` dB/s. */
function link(rand: () => number, slope: number, sigma = 4) {
  return Array.from({ length: 40 }, (_, k) => ({
    tMs: k * 500,
    rssi: -70 + slope * k * 0.5 + sigma * gaussian(rand),
  }));
}

describe('rssiShift', () => {
  it('stays near 1 for still links and grows when their RSSI drifts', () => {
    const rand = rng(9);
    const still = rssiShift([link(rand, 0), link(rand, 0), link(rand, 0)], 19_999, 10_000);
    const moving = rssiShift([link(rand, 0.6), link(rand, -0.6), link(rand, 0)], 19_999, 10_000);
    expect(still).toBeLessThan(3);
    expect(moving).toBeGreaterThan(3);
  });

  it('is NaN when no link has enough readings in both halves', () => {
    expect(rssiShift([[{ tMs: 0, rssi: -60 }]], 1000, 500)).toBeNaN();
  });
});
