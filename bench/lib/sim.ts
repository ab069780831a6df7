/** Simulated site: 8 gateways, log-distance RSSI with Gaussian shadowing, static and moving tags. */
import {
  crlb,
  createTracker,
  DEFAULT_LOCATE_SETTINGS,
  DEFAULT_RADIO_MODEL,
  locate,
  type Anchor,
  type Observation,
  type TrackerOptions,
} from '@rtls/positioning';
import { HALL, readings } from '@rtls/positioning/testing';
import { gaussian, mean, rms, rng } from './stats.ts';

/** 8 gateways at 2.5 m around and across a 20 × 15 m hall (the positioning tests' hall). */
export const SIM_ANCHORS: Anchor[] = HALL;

const settings = { ...DEFAULT_LOCATE_SETTINGS, minConfidence: 0 };

/** One epoch of noisy readings at (x, y). */
export function simulate(
  x: number,
  y: number,
  rand: () => number,
  anchors = SIM_ANCHORS,
): Observation[] {
  return readings(anchors, x, y).map((o) => ({
    ...o,
    rssi: o.rssi + DEFAULT_RADIO_MODEL.sigmaDb * gaussian(rand),
  }));
}

const POINTS: [number, number][] = [
  [4, 4],
  [10, 7.5],
  [16, 10],
  [8, 12],
  [13, 3],
];

/** Static tags: single-epoch ML RMSE, and static-mode tracker RMSE after n epochs, vs the CRLB. */
export function staticRun(epochs: number, trials: number) {
  const rand = rng(42);
  const single: number[] = [];
  const averaged: number[] = [];
  const bound1: number[] = [];
  for (const [x, y] of POINTS) {
    const b = crlb(SIM_ANCHORS, x, y, { unknownOffset: true });
    for (let t = 0; t < trials; t++) {
      const e = locate(simulate(x, y, rand), SIM_ANCHORS, settings)!;
      single.push(Math.hypot(e.x - x, e.y - y));
      const tracker = createTracker({ mode: 'static', settings });
      let last = null;
      for (let k = 0; k < epochs; k++)
        last = tracker.update(simulate(x, y, rand), SIM_ANCHORS, k * 1000);
      averaged.push(Math.hypot(last!.x - x, last!.y - y));
      bound1.push(b * b);
    }
  }
  const crlb1 = Math.sqrt(mean(bound1));
  return { single: rms(single), averaged: rms(averaged), crlb1, crlbN: crlb1 / Math.sqrt(epochs) };
}

/**
 * A tag walking a loop at 1 m/s, 2 reports/s: single-epoch vs trackers (grid with velocity, grid
 * random walk, Kalman) RMSE, and the mean one-epoch CRLB.
 */
export function movingRun(seconds: number, options: TrackerOptions = {}) {
  const rand = rng(7);
  const tracker = createTracker({ mode: 'mobile', settings, ...options });
  const kalman = createTracker({ mode: 'mobile', settings, filter: 'kalman' });
  const walker = createTracker({ mode: 'mobile', settings, ...options, velocity: false });
  const single: number[] = [];
  const tracked: number[] = [];
  const trackedKalman: number[] = [];
  const trackedWalk: number[] = [];
  const bound: number[] = [];
  for (let t = 0; t < seconds; t += 0.5) {
    const angle = t / 5; // 5 m radius circle at 1 m/s
    const x = 10 + 5 * Math.cos(angle);
    const y = 7.5 + 5 * Math.sin(angle);
    const obs = simulate(x, y, rand);
    const e = locate(obs, SIM_ANCHORS, settings)!;
    const k = tracker.update(obs, SIM_ANCHORS, t * 1000);
    const kk = kalman.update(obs, SIM_ANCHORS, t * 1000);
    const kw = walker.update(obs, SIM_ANCHORS, t * 1000);
    if (t < 10) continue; // let the filter settle
    single.push(Math.hypot(e.x - x, e.y - y));
    if (k) tracked.push(Math.hypot(k.x - x, k.y - y));
    if (kk) trackedKalman.push(Math.hypot(kk.x - x, kk.y - y));
    if (kw) trackedWalk.push(Math.hypot(kw.x - x, kw.y - y));
    bound.push(crlb(SIM_ANCHORS, x, y, { unknownOffset: true }) ** 2);
  }
  return {
    single: rms(single),
    tracked: rms(tracked),
    trackedKalman: rms(trackedKalman),
    trackedWalk: rms(trackedWalk),
    crlb1: Math.sqrt(mean(bound)),
  };
}
