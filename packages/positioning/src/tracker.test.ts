import { describe, expect, it } from 'vitest';
import { displayPosition } from './display.ts';
import { DEFAULT_LOCATE_SETTINGS } from './locate.ts';
import { DEFAULT_RADIO_MODEL } from './radio-model.ts';
import { gaussian, readings, rng, ROOM } from './test-helpers.ts';
import { createTracker, type PositioningMode } from './tracker.ts';
import type { Observation } from './types.ts';
import { metres } from './units.ts';

const settings = { ...DEFAULT_LOCATE_SETTINGS, minConfidence: 0 };

function noisy(x: number, y: number, rand: () => number, sigma = 5): Observation[] {
  return readings(ROOM, x, y).map((o) => ({ ...o, rssi: o.rssi + sigma * gaussian(rand) }));
}

/** Mean error of a tracker following a path, one report set per second. */
function run(mode: PositioningMode, path: (t: number) => [number, number], seconds: number) {
  const rand = rng(11);
  const tracker = createTracker({ mode, settings });
  let err = 0;
  let n = 0;
  for (let t = 0; t < seconds; t++) {
    const [x, y] = path(t);
    const e = tracker.update(noisy(x, y, rand), ROOM, t * 1000);
    if (e && t >= seconds / 2) {
      err += Math.hypot(e.x - x, e.y - y);
      n++;
    }
  }
  return { err: err / n, tracker };
}

describe('tracker', () => {
  it('static mode averages a still tag to well under the single-fix error', () => {
    const still = run('static', () => [4, 3], 60);
    expect(still.err).toBeLessThan(0.7);
    expect(still.tracker.motion).toBe('static');
  });

  it('mobile mode follows a walking tag', () => {
    const walk = (t: number): [number, number] => [1 + 0.1 * t, 2 + 0.05 * t];
    expect(run('mobile', walk, 80).err).toBeLessThan(1.5);
  });

  it('auto mode holds a still tag steadier than mobile mode, no less accurately', () => {
    /** Mean step between consecutive positions and mean error over the last 40 s of 60. */
    const standing = (mode: PositioningMode) => {
      const rand = rng(9);
      const tracker = createTracker({ mode, settings });
      let prev: { x: number; y: number } | null = null;
      let step = 0;
      let err = 0;
      let n = 0;
      for (let t = 0; t < 60; t++) {
        const e = tracker.update(noisy(4, 3, rand, 4), ROOM, t * 1000);
        if (!e || t < 20) continue;
        if (prev) step += Math.hypot(e.x - prev.x, e.y - prev.y);
        err += Math.hypot(e.x - 4, e.y - 3);
        prev = e;
        n++;
      }
      return { step: step / (n - 1), err: err / n, motion: tracker.motion };
    };
    const [auto, mobile] = [standing('auto'), standing('mobile')];
    expect(auto.motion).toBe('static');
    expect(auto.step).toBeLessThan(mobile.step / 2);
    expect(auto.err).toBeLessThan(mobile.err + 0.2);
  });

  it('auto mode notices within a few seconds that a still tag walks off', () => {
    const rand = rng(5);
    const tracker = createTracker({ mode: 'auto', settings });
    let noticed = Infinity;
    for (let t = 0; t < 60; t++) {
      const [x, y] = t < 40 ? [2, 4] : [2 + (t - 40), 4];
      tracker.update(noisy(x, y, rand, 2), ROOM, t * 1000);
      if (t === 39) expect(tracker.motion).toBe('static');
      if (t >= 40 && tracker.motion === 'mobile' && noticed === Infinity) noticed = t - 40;
    }
    expect(noticed).toBeLessThanOrEqual(6);
  });

  it('static mode is no trap: on a walking tag it does about as well as mobile mode', () => {
    const walk = (t: number): [number, number] => [1 + 0.1 * t, 2 + 0.05 * t];
    const mobile = run('mobile', walk, 80);
    const stat = run('static', walk, 80);
    expect(stat.err).toBeLessThan(mobile.err * 1.25);
  });

  it.each<PositioningMode>(['auto', 'static'])(
    '%s mode: a still tag heard by one weak reading claims no confident fix',
    (mode) => {
      const rand = rng(2);
      const tracker = createTracker({ mode, settings: { ...settings, minSignalCount: 1 } });
      for (let t = 0; t < 30; t++) tracker.update(noisy(4, 3, rand, 3), ROOM, t * 1000);
      expect(tracker.motion).toBe('static');
      const weak = tracker.update([{ gateway: 'g0', rssi: -95, ageMs: 0 }], ROOM, 90_000);
      expect(weak!.confidence).toBeLessThan(0.3);
    },
  );

  it('auto mode settles to static for a still tag', () => {
    expect(run('auto', () => [6, 4], 60).tracker.motion).toBe('static');
  });

  it('auto mode averages only the span it found still, not where the tag walked before', () => {
    // 40 s walking along y = 2 from x = 1 to 9, then still at (9, 6) for 30 s.
    const rand = rng(12);
    const tracker = createTracker({ mode: 'auto', settings });
    let last = null;
    for (let t = 0; t < 70; t++) {
      const [x, y] = t < 40 ? [1 + 0.2 * t, 2] : [9, 6];
      last = tracker.update(noisy(x, y, rand, 2), ROOM, t * 1000);
    }
    expect(tracker.motion).toBe('static');
    expect(Math.hypot(last!.x - 9, last!.y - 6)).toBeLessThan(1);
  });

  it('is causal: an update never depends on later reports', () => {
    const rand = rng(3);
    const seq = Array.from({ length: 20 }, (_, t) => noisy(3 + 0.1 * t, 4, rand));
    const a = createTracker({ mode: 'mobile', settings });
    const b = createTracker({ mode: 'mobile', settings });
    const outA = seq.map((obs, t) => a.update(obs, ROOM, t * 1000));
    const changed = seq.map((obs, t) => (t > 10 ? noisy(9, 7, rand) : obs));
    const outB = changed.map((obs, t) => b.update(obs, ROOM, t * 1000));
    expect(outB.slice(0, 11)).toEqual(outA.slice(0, 11));
    expect(outB[15]).not.toEqual(outA[15]);
  });

  it('kalman engine rejects a single wild fix while moving (gating)', () => {
    const jumpError = (gate: number) => {
      const rand = rng(5);
      const tracker = createTracker({
        mode: 'mobile',
        settings,
        gate,
        mobileWindowMs: 1,
        // A gentle walker, so 20 s of fixes make a tight prediction to gate against.
        processNoise: 0.1,
        filter: 'kalman',
      });
      for (let t = 0; t < 20; t++) tracker.update(noisy(3, 3, rand, 1), ROOM, t * 1000);
      const jump = tracker.update(noisy(9, 7, rand, 1), ROOM, 20_000)!;
      return Math.hypot(jump.x - 3, jump.y - 3);
    };
    expect(jumpError(13.8)).toBeLessThan(0.5);
    expect(jumpError(Infinity)).toBeGreaterThan(1);
  });

  it('grid engine uses per-anchor models even after a generic tracker saw the same anchors', () => {
    const obs = readings(ROOM, 3, 3);
    const plain = createTracker({ mode: 'mobile', settings }).update(obs, ROOM, 0)!;
    const models = new Map(
      ROOM.map((a, i) => [a.id, { ...DEFAULT_RADIO_MODEL, rssiAt1m: -59 + (i % 2 ? 8 : -8) }]),
    );
    const fitted = createTracker({ mode: 'mobile', settings, locateOptions: { models } });
    const e = fitted.update(obs, ROOM, 0)!;
    expect(Math.hypot(e.x - plain.x, e.y - plain.y)).toBeGreaterThan(0.1);
  });

  it('honours minSignalCount, minConfidence and logicThreshold in every mode', () => {
    const obs = readings(ROOM, 4, 3);
    for (const mode of ['mobile', 'static', 'auto'] as const) {
      const make = (patch: Partial<typeof settings>) =>
        createTracker({ mode, settings: { ...settings, ...patch } });
      expect(make({ minSignalCount: 3 }).update(obs.slice(0, 2), ROOM, 0)).toBeNull();
      expect(make({ minSignalCount: 3 }).update(obs.slice(0, 3), ROOM, 0)).not.toBeNull();
      const c = make({}).update(obs, ROOM, 0)!.confidence;
      expect(c).toBeLessThan(1);
      expect(make({ minConfidence: c + 1e-9 }).update(obs, ROOM, 0)).toBeNull();
      const deaf = ROOM.map((a) => ({ ...a, logicThreshold: -20 }));
      expect(make({}).update(obs, deaf, 0)).toBeNull();
    }
  });

  it('uses the chosen algorithm', () => {
    const obs = readings(ROOM, 4, 3);
    for (const algorithm of ['strongest', 'weighted-centroid', 'least-squares'] as const) {
      const tracker = createTracker({ mode: 'mobile', settings: { ...settings, algorithm } });
      expect(tracker.update(obs, ROOM, 0)?.method).toBe(algorithm);
    }
  });

  it('reports the velocity of a walking tag in mobile mode', () => {
    const rand = rng(13);
    const tracker = createTracker({ mode: 'mobile', settings });
    let last = null;
    for (let k = 0; k < 40; k++) {
      last = tracker.update(noisy(1 + 0.2 * k, 4, rand, 3), ROOM, k * 500);
    }
    expect(last!.vx).toBeGreaterThan(0.1);
    expect(Math.abs(last!.vy)).toBeLessThan(last!.vx);
  });

  it.each<[PositioningMode, 'grid' | 'kalman']>([
    ['mobile', 'grid'],
    ['mobile', 'kalman'],
    ['auto', 'grid'],
    ['static', 'grid'],
  ])(
    'a %s tracker (%s) follows its map when the gateways move under the same readings',
    (mode, filter) => {
      const tracker = createTracker({ mode, settings, filter });
      const obs = readings(ROOM, 2, 4);
      for (let t = 0; t < 20; t++) tracker.update(obs, ROOM, t * 1000);
      // The same gateways mounted mirrored: the same readings now put the tag at (8, 4).
      const mirrored = ROOM.map((a) => ({ ...a, x: metres(10 - a.x) }));
      const before = tracker.update(obs, ROOM, 20_000)!;
      expect(Math.hypot(before.x - 2, before.y - 4)).toBeLessThan(1);
      const after = tracker.update(obs, mirrored, 20_000)!;
      expect(Math.hypot(after.x - 8, after.y - 4)).toBeLessThan(1);
      // A rebuilt but identical list is no change.
      const again = tracker.update(
        obs,
        mirrored.map((a) => ({ ...a })),
        21_000,
      )!;
      expect(Math.hypot(again.x - 8, again.y - 4)).toBeLessThan(1);
    },
  );

  it('returns nothing when positioning is disabled', () => {
    const tracker = createTracker({ settings: { ...settings, enabled: false } });
    expect(tracker.update(readings(ROOM, 3, 3), ROOM, 0)).toBeNull();
  });
});

describe('displayPosition', () => {
  it('closes movementSpeed of the gap per step and defaults to 0.8', () => {
    expect(displayPosition({ x: 0, y: 0 }, { x: 10, y: 0 }, 0.5)).toEqual({ x: 5, y: 0 });
    expect(displayPosition({ x: 0, y: 0 }, { x: 10, y: 0 }, undefined)).toEqual({ x: 8, y: 0 });
    expect(displayPosition(null, { x: 3, y: 4 })).toEqual({ x: 3, y: 4 });
    expect(displayPosition({ x: 9.9999, y: 0 }, { x: 10, y: 0 }, 0.5)).toEqual({ x: 10, y: 0 });
  });
});
