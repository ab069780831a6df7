import { describe, expect, it } from 'vitest';
import { confidenceFromError, CONFIDENCE_RADIUS_M, errorFromConfidence } from './locate.ts';
import { createChannel } from './radio-sim.ts';
import { rng, HALL } from './test-helpers.ts';
import { createTracker } from './tracker.ts';
import type { Observation } from './types.ts';
import { DEFAULT_LOCATE_SETTINGS } from './locate.ts';

const settings = { ...DEFAULT_LOCATE_SETTINGS, minConfidence: 0 };

/**
 * Tags standing at random spots, each heard by a random share of the gateways (from half of
 * them to all) for a minute at 2 packets per second per link through the realistic channel (its
 * shadowing, gateway offsets, tag levels and fading unknown to the engine): the mobile tracker's
 * error and predicted error every second after the first ten.
 */
function standingTags(spots: number) {
  const rand = rng(5);
  const channel = createChannel(HALL, rand);
  const out: { error: number; predicted: number }[] = [];
  for (let k = 0; k < spots; k++) {
    const x = 1 + 18 * rand();
    const y = 1 + 13 * rand();
    const txDbm = -64 + 10 * rand();
    const tracker = createTracker({ mode: 'mobile', settings });
    const heard = HALL.filter(() => rand() < 0.5 + (0.5 * k) / spots);
    for (let t = 0; t < 60; t++) {
      const obs: Observation[] = [];
      for (const g of heard) {
        const packets = [0, 1]
          .map(() => channel.packet(g, { x, y, txDbm }, rand))
          .filter((r): r is number => r !== null);
        if (packets.length === 0) continue;
        const rssi = packets.reduce((a, b) => a + b, 0) / packets.length;
        obs.push({ gateway: g.id, rssi, ageMs: 0, count: packets.length });
      }
      const e = tracker.update(obs, HALL, t * 1000);
      if (t >= 10 && e) out.push({ error: Math.hypot(e.x - x, e.y - y), predicted: e.errorM! });
    }
  }
  return out;
}

const median = (v: number[]) => {
  const s = [...v].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

describe('confidence', () => {
  it('is the chance of being within CONFIDENCE_RADIUS_M under the predicted error', () => {
    // A circular Gaussian with RMS radius r holds 1 − e^−1 within r.
    expect(confidenceFromError(CONFIDENCE_RADIUS_M)).toBeCloseTo(1 - Math.exp(-1), 12);
    expect(confidenceFromError(0)).toBe(1);
    expect(confidenceFromError(Infinity)).toBe(0);
    expect(confidenceFromError(Number.NaN)).toBe(0);
    for (const r of [2, 4.7, 7.2, 10, 30]) {
      expect(errorFromConfidence(confidenceFromError(r))).toBeCloseTo(r, 6);
    }
    // The console's classes and the defaults, in metres of predicted error.
    expect(confidenceFromError(4.5)).toBeGreaterThan(0.8);
    expect(confidenceFromError(7)).toBeGreaterThan(0.5);
    expect(confidenceFromError(9.8)).toBeGreaterThan(0.3);
    expect(confidenceFromError(10.5)).toBeLessThan(0.3);
  });

  it(
    'predicts a radius that holds about two thirds of the errors, and ranks them',
    { timeout: 60_000 },
    () => {
      const fixes = standingTags(100);
      const within = fixes.filter((f) => f.error <= f.predicted).length / fixes.length;
      // RMS radius of a circular Gaussian: 63 %; the engine's calibration aims at 68 %.
      expect(within).toBeGreaterThan(0.58);
      expect(within).toBeLessThan(0.82);
      // Median error by quintile of predicted error, most confident first: it grows.
      const sorted = [...fixes].sort((a, b) => a.predicted - b.predicted);
      const q = [0, 1, 2, 3, 4].map((i) =>
        median(
          sorted.slice((i * sorted.length) / 5, ((i + 1) * sorted.length) / 5).map((f) => f.error),
        ),
      );
      for (let i = 1; i < 5; i++) expect(q[i]).toBeGreaterThan(q[i - 1]!);
    },
  );
});
