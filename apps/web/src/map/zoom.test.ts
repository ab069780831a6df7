import { describe, expect, it } from 'vitest';
import { fitScale, openingScale, scaleToZoom, stepScale, zoomBounds, zoomToScale } from './zoom.ts';

describe('fitScale', () => {
  it('is 0.9 × the smaller ratio after 30 px padding on each side', () => {
    // Usable area 1000 × 400: ratios 0.5 and 0.25, so the smaller wins.
    expect(fitScale({ width: 1060, height: 460 }, { width: 2000, height: 1600 })).toBeCloseTo(
      0.9 * 0.25,
      10,
    );
    // Usable area 500 × 740: ratios 0.25 and 0.37.
    expect(fitScale({ width: 560, height: 800 }, { width: 2000, height: 2000 })).toBeCloseTo(
      0.9 * 0.25,
      10,
    );
  });

  it('never enlarges a small image beyond 1', () => {
    expect(fitScale({ width: 4000, height: 3000 }, { width: 100, height: 100 })).toBe(1);
  });

  it('is 0.9 when the image exactly fills the padded container', () => {
    expect(fitScale({ width: 860, height: 660 }, { width: 800, height: 600 })).toBeCloseTo(0.9, 10);
  });

  it('is at least 0.001 for a huge image', () => {
    expect(fitScale({ width: 100, height: 100 }, { width: 1e7, height: 1e7 })).toBe(0.001);
  });

  it('stays in range for a container smaller than its padding', () => {
    const s = fitScale({ width: 10, height: 10 }, { width: 800, height: 600 });
    expect(s).toBeGreaterThanOrEqual(0.001);
    expect(s).toBeLessThanOrEqual(50);
  });
});

describe('stepScale', () => {
  it('moves by 0.2 in either direction', () => {
    expect(stepScale(1, 1)).toBeCloseTo(1.2, 10);
    expect(stepScale(1, -1)).toBeCloseTo(0.8, 10);
    expect(stepScale(0.5, 1)).toBeCloseTo(0.7, 10);
  });

  it('never steps to zero or below', () => {
    expect(stepScale(0.2, -1)).toBeGreaterThan(0);
    expect(stepScale(0.1, -1)).toBeGreaterThan(0);
  });
});

describe('stepScale on large plans (scale under one step)', () => {
  it('zooming out always makes the plan smaller, zooming in larger', () => {
    for (const scale of [0.0666, 0.1, 0.19, 0.25]) {
      expect(stepScale(scale, -1)).toBeLessThan(scale);
      expect(stepScale(scale, 1)).toBeGreaterThan(scale);
    }
  });
  it('zooming in from a tiny scale is a modest step, not a jump', () => {
    expect(stepScale(0.0666, 1) / 0.0666).toBeLessThan(1.5);
  });
});

describe('scale and Leaflet zoom', () => {
  it('converts both ways (zoom is log2 of the scale)', () => {
    expect(scaleToZoom(1)).toBe(0);
    expect(scaleToZoom(4)).toBe(2);
    expect(zoomToScale(-1)).toBe(0.5);
    expect(zoomToScale(scaleToZoom(0.37))).toBeCloseTo(0.37, 10);
  });
});

describe('zoom settings (relative to the fit)', () => {
  const plan = { width: 1200, height: 800 };
  const defaults = { defaultZoom: 1, minZoom: 0.5, maxZoom: 3 };

  it('bounds zooming between min × fit and max × fit', () => {
    const b = zoomBounds(0.4, plan, defaults);
    expect(b.min).toBeCloseTo(0.2, 10);
    expect(b.max).toBeCloseTo(1.2, 10);
  });

  it('always leaves the fit and the default zoom reachable', () => {
    const b = zoomBounds(0.4, plan, { defaultZoom: 4, minZoom: 2, maxZoom: 3 });
    expect(b.min).toBeCloseTo(0.4, 10);
    expect(b.max).toBeCloseTo(1.6, 10);
  });

  it("keeps the hard limits: the plan's diagonal rule and the minimum 1e-5", () => {
    // 1200 × 800: diagonal ≈ 1442, so max zoom = max(10, 14.4) = 14.4.
    expect(zoomBounds(10, plan, { ...defaults, maxZoom: 10 }).max).toBeCloseTo(
      Math.hypot(1200, 800) / 100,
      10,
    );
    expect(zoomBounds(1e-5, plan, { ...defaults, minZoom: 0.1 }).min).toBe(1e-5);
  });

  it('opens at the fit times the default zoom, within the bounds', () => {
    const b = zoomBounds(0.4, plan, { ...defaults, defaultZoom: 2 });
    expect(openingScale(0.4, b, 2)).toBeCloseTo(0.8, 10);
    expect(openingScale(0.4, b, 1)).toBeCloseTo(0.4, 10);
    expect(openingScale(0.4, { min: 0.1, max: 0.5 }, 2)).toBe(0.5);
  });
});
