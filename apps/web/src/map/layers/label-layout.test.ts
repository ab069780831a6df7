import { describe, expect, it, vi } from 'vitest';
import { placeLabels } from '@rtls/positioning';
import {
  LABEL_LAYOUT_MS,
  MAX_PLACED_LABELS,
  createLabelScheduler,
  labelOffsets,
  placeLabelsFast,
  type ScreenLabel,
} from './label-layout.ts';

/** Deterministic pseudo-random points (a small LCG), crowded enough to need rings. */
function points(n: number, spread: number, seed = 7): ScreenLabel[] {
  let s = seed;
  const next = () => ((s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * spread;
  return Array.from({ length: n }, (_, i) => ({ id: `d${i}`, x: next() - 50, y: next() - 50 }));
}

describe('label placement', () => {
  it('places exactly as the positioning package does, sparse and crowded', () => {
    for (const [n, spread, seed] of [
      [30, 1500, 1],
      [150, 600, 2],
      [200, 250, 3],
    ] as const) {
      const labels = points(n, spread, seed);
      expect(placeLabelsFast(labels)).toEqual(placeLabels(labels));
    }
  });

  it('gives offsets only for labels moved off their devices, capped at 200 labels', () => {
    const stacked = Array.from({ length: 250 }, (_, i) => ({ id: `d${i}`, x: 400, y: 300 }));
    const offsets = labelOffsets(stacked);
    expect(offsets.has('d0')).toBe(false); // the first stays on its device
    // The first free spot: ring 3 straight down (30 px, the box height).
    expect(offsets.get('d1')?.dx).toBeCloseTo(0);
    expect(offsets.get('d1')?.dy).toBeCloseTo(30);
    expect(offsets.has(`d${MAX_PLACED_LABELS}`)).toBe(false);
    expect(offsets.size).toBeLessThan(MAX_PLACED_LABELS);
  });
});

describe('label scheduling', () => {
  it('places again only when the view changed or after the interval', () => {
    const collect = vi.fn(() => [
      { id: 'a', x: 0, y: 0 },
      { id: 'b', x: 0, y: 0 },
    ]);
    const labels = createLabelScheduler();
    const first = labels.offsets(1000, false, collect);
    expect(first.get('b')?.dy).toBeCloseTo(30);
    expect(labels.offsets(1000 + LABEL_LAYOUT_MS - 1, false, collect)).toBe(first);
    expect(collect).toHaveBeenCalledTimes(1);
    labels.offsets(1001, true, collect);
    expect(collect).toHaveBeenCalledTimes(2);
    labels.offsets(1001 + LABEL_LAYOUT_MS, false, collect);
    expect(collect).toHaveBeenCalledTimes(3);
  });
});
