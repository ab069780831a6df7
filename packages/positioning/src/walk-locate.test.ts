import { describe, expect, it } from 'vitest';
import type { FloorGeometry } from './floor.ts';
import { DEFAULT_RADIO_MODEL, expectedRssi, heightOffset } from './radio-model.ts';
import { gaussian, HALL, rng } from './test-helpers.ts';
import type { Anchor } from './types.ts';
import {
  crossValidateWalk,
  fitWalkModels,
  locateWalkPoint,
  summariseErrors,
} from './walk-calibration.ts';

/** The hall split in two by a 6 dB partition at x = 10 m (its two gateways stand in it). */
const WALL_DB = 6;
const FLOOR: FloorGeometry = {
  walls: [{ x0: 10, y0: 0, x1: 10, y1: 15, lossDb: WALL_DB, kind: 'light' }],
  doors: [],
  outline: [0, 20, 20, 0].map((x, i) => ({ x, y: i < 2 ? 0 : 15 })),
};
const OFFSETS = [4, -5, 0, 6, -3, 2, -6, 3];

/** Whether the partition stands between a gateway and a spot (the gateways in it see both sides). */
const throughWall = (a: Anchor, x: number) => (a.x - 10) * (x - 10) < 0;

/** A walk of 20 points over the hall, heard through the partition, with `noiseDb` of shadowing. */
function walk(noiseDb: number, seed = 1) {
  const rand = rng(seed);
  return Array.from({ length: 20 }, (_, i) => {
    const x = 2 + (i % 5) * 4 + 0.5;
    const y = 1.5 + Math.floor(i / 5) * 4;
    return {
      x,
      y,
      observations: HALL.map((a, j) => {
        const d = Math.hypot(x - a.x, y - a.y, heightOffset(a));
        const rssi =
          expectedRssi(DEFAULT_RADIO_MODEL, d) +
          OFFSETS[j]! -
          (throughWall(a, x) ? WALL_DB : 0) +
          noiseDb * gaussian(rand);
        return { gateway: a.id, rssi, ageMs: 0 };
      }),
    };
  });
}

describe('a walk on a floor with walls', () => {
  it('fits the gateways their own offsets, the wall loss apart', () => {
    const withWalls = fitWalkModels(walk(0), HALL, { floor: FLOOR });
    const without = fitWalkModels(walk(0), HALL);
    const worst = (fit: typeof without) =>
      Math.max(...HALL.map((a, j) => Math.abs(fit.gateways.get(a.id)!.offsetDb - OFFSETS[j]!)));
    expect(worst(withWalls)).toBeLessThan(0.5);
    // Without the floor, the wall's loss goes into the offsets of the gateways it hides.
    expect(worst(without)).toBeGreaterThan(1.5);
  });

  it('locates a point heard through the walls nearer where it is than a locator without them', () => {
    const anchors = HALL.map((a, j) => ({
      ...a,
      maxRSSI: DEFAULT_RADIO_MODEL.rssiAt1m + OFFSETS[j]!,
    }));
    const sample = walk(0)[6]!;
    const error = (p: { x: number; y: number } | null) =>
      Math.hypot(p!.x - sample.x, p!.y - sample.y);
    const through = error(locateWalkPoint(sample, anchors, { floor: FLOOR }));
    expect(through).toBeLessThan(1.5);
    expect(error(locateWalkPoint(sample, anchors))).toBeGreaterThan(through + 0.5);
  });

  it('judges the fit on held-out points located through the walls', () => {
    const { before, after } = crossValidateWalk(walk(1, 3), HALL, { floor: FLOOR });
    const b = summariseErrors(before);
    const a = summariseErrors(after);
    expect(a.count).toBe(20);
    expect(a.p90M!).toBeLessThan(0.8 * b.p90M!);
  });

  it('keeps a located point inside the floor outline', () => {
    const sample = { ...walk(0)[0]!, observations: walk(0)[0]!.observations.slice(0, 3) };
    const at = locateWalkPoint(sample, HALL, { floor: FLOOR })!;
    expect(at.x).toBeGreaterThanOrEqual(0);
    expect(at.x).toBeLessThanOrEqual(20);
    expect(at.y).toBeGreaterThanOrEqual(0);
    expect(at.y).toBeLessThanOrEqual(15);
  });
});
