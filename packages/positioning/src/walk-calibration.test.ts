import { describe, expect, it } from 'vitest';
import { DEFAULT_RADIO_MODEL, expectedRssi, heightOffset, modelForAnchor } from './radio-model.ts';
import { createSiteCalibration } from './self-calibration.ts';
import { gaussian, rng } from './random.ts';
import { HALL } from './test-helpers.ts';
import type { Anchor } from './types.ts';
import {
  crossValidateWalk,
  fitWalkModels,
  quantile,
  summariseErrors,
  withWalkFit,
} from './walk-calibration.ts';

/** The hall's gateways as installed: each off its nominal level by a known amount. */
const OFFSETS = [4, -5, 0, 6, -3, 2, -6, 3];
const EXPONENT = 2.6;

/** A 5 × 4 walk over the hall (20 points), each point's level per gateway. */
function walk(noiseDb: number, seed = 1) {
  const rand = rng(seed);
  const points = Array.from({ length: 20 }, (_, i) => ({
    x: 2 + (i % 5) * 4,
    y: 1.5 + Math.floor(i / 5) * 4,
  }));
  return points.map((p) => ({
    ...p,
    observations: HALL.map((a, j) => {
      const d = Math.hypot(p.x - a.x, p.y - a.y, heightOffset(a));
      const model = { ...DEFAULT_RADIO_MODEL, exponent: EXPONENT };
      const rssi = expectedRssi(model, d) + OFFSETS[j]! + noiseDb * gaussian(rand);
      return { gateway: a.id, rssi, ageMs: 0 };
    }),
  }));
}

describe('walk calibration', () => {
  it('recovers known gateway offsets and the exponent from a clean walk', () => {
    const fit = fitWalkModels(walk(0), HALL);
    expect(fit.exponent).toBeCloseTo(EXPONENT, 1);
    HALL.forEach((a, j) => {
      const g = fit.gateways.get(a.id)!;
      expect(Math.abs(g.offsetDb - OFFSETS[j]!)).toBeLessThan(0.5);
      expect(g.radio.rssiAt1m).toBeCloseTo(DEFAULT_RADIO_MODEL.rssiAt1m + g.offsetDb, 9);
      expect(Math.abs(g.radio.exponent - EXPONENT)).toBeLessThan(0.1);
      expect(g.points).toBe(20);
    });
  });

  it('recovers them within a decibel or two through 3 dB of shadowing', () => {
    const fit = fitWalkModels(walk(3, 7), HALL);
    HALL.forEach((a, j) => {
      expect(Math.abs(fit.gateways.get(a.id)!.offsetDb - OFFSETS[j]!)).toBeLessThan(2);
    });
  });

  it('measures offsets against the maxRSSI a gateway was set to', () => {
    const set: Anchor[] = HALL.map((a, j) => ({ ...a, maxRSSI: -59 + OFFSETS[j]! }));
    const fit = fitWalkModels(walk(0), set);
    for (const a of set) expect(Math.abs(fit.gateways.get(a.id)!.offsetDb)).toBeLessThan(0.5);
  });

  it('leaves out a gateway heard at too few points, which keeps its model', () => {
    const samples = walk(0).map((s, i) =>
      i < 2 ? s : { ...s, observations: s.observations.filter((o) => o.gateway !== 's0') },
    );
    const fit = fitWalkModels(samples, HALL);
    expect(fit.gateways.has('s0')).toBe(false);
    const anchors = withWalkFit(HALL, fit);
    expect(anchors[0]).toBe(HALL[0]);
    expect(anchors[1]!.radio).toEqual(fit.gateways.get('s1')!.radio);
  });

  it('puts a fitted model on the anchors, where the self-calibration starts from it', () => {
    const fit = fitWalkModels(walk(0), HALL);
    const anchors = withWalkFit(HALL, fit);
    const g = fit.gateways.get('s3')!;
    expect(modelForAnchor({ ...anchors[3]!, maxRSSI: -70 })).toMatchObject(g.radio);
    const models = createSiteCalibration(anchors).models();
    expect(models.get('s3')!.rssiAt1m).toBe(g.radio.rssiAt1m);
    expect(models.get('s3')!.exponent).toBeCloseTo(fit.exponent, 12);
  });

  it('locates held-out points better with the fit than with the nominal models', () => {
    const { before, after } = crossValidateWalk(walk(1, 3), HALL);
    expect(before).toHaveLength(20);
    const b = summariseErrors(before);
    const a = summariseErrors(after);
    expect(a.count).toBe(20);
    expect(a.p90M!).toBeLessThan(0.8 * b.p90M!);
  });

  it('fits a gateway heard along one stretch of the walk in every fold', () => {
    // s0 is heard at the first row of points only: a fold of consecutive points would hold out
    // most of them and locate them with s0's nominal level, 4 dB off.
    const samples = walk(0).map((s, i) =>
      i < 5 ? s : { ...s, observations: s.observations.filter((o) => o.gateway !== 's0') },
    );
    const { before, after } = crossValidateWalk(samples, HALL);
    expect(Math.max(...before.slice(0, 4).map((e) => e ?? Infinity))).toBeGreaterThan(0.3);
    for (const e of after) expect(e).toBeLessThan(0.15);
  });

  it('takes quantiles between order statistics and leaves unlocated points out', () => {
    expect(quantile([4, 1, 3, 2], 0.5)).toBe(2.5);
    // rank 0.9 · 4 = 3.6 between 4 and 10
    expect(quantile([10, 1, 2, 3, 4], 0.9)).toBeCloseTo(4 + 0.6 * 6, 12);
    expect(summariseErrors([1, null, 3])).toEqual({ count: 2, medianM: 2, p90M: 2.8, maxM: 3 });
    expect(summariseErrors([null])).toEqual({ count: 0, medianM: null, p90M: null, maxM: null });
  });
});
