import { describe, expect, it } from 'vitest';
import { initCv, predictCv, updateCv } from './kalman.ts';
import { rng } from './test-helpers.ts';

describe('constant-velocity Kalman filter', () => {
  it('keeps its covariance symmetric and its velocity variance positive over a long track', () => {
    const rand = rng(7);
    // Fixes about a slow walk, with correlated, changing covariances as a grid filter gives.
    const s = initCv(0, 0, 1.6, 0.3, 1.8, 0.7);
    for (let t = 1; t <= 2000; t++) {
      predictCv(s, 1, 2);
      const xx = 0.5 + rand();
      const yy = 0.5 + rand();
      const xy = (rand() - 0.5) * Math.sqrt(xx * yy);
      updateCv(s, 0.3 * t + rand() - 0.5, rand() - 0.5, xx, xy, yy);
      for (let r = 0; r < 4; r++) {
        for (let c = 0; c < r; c++) expect(s.P[r * 4 + c]).toBeCloseTo(s.P[c * 4 + r]!, 9);
      }
      expect(s.P[10]).toBeGreaterThan(0);
      expect(s.P[15]).toBeGreaterThan(0);
    }
    expect(Math.abs(s.x[2]! - 0.3)).toBeLessThan(0.3);
  });
});
