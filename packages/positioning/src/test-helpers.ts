/** Synthetic layouts and noise-free readings shared by the tests and the benchmarks (`@rtls/positioning/testing`). */
import { DEFAULT_RADIO_MODEL, expectedRssi, heightOffset } from './radio-model.ts';
import type { Anchor, Observation } from './types.ts';
import { metres } from './units.ts';

/** Six anchors around a 10 × 8 m room at 2.5 m height. */
export const ROOM: Anchor[] = [
  [0, 0],
  [10, 0],
  [10, 8],
  [0, 8],
  [5, 0],
  [5, 8],
].map(([x, y], i) => ({ id: `g${i}`, x: metres(x!), y: metres(y!), z: metres(2.5) }));

/** Noise-free model RSSI at (x, y) for each anchor, plus an optional tag offset (dB). */
export function readings(
  anchors: readonly Anchor[],
  x: number,
  y: number,
  offsetDb = 0,
): Observation[] {
  return anchors.map((a) => {
    const d = Math.hypot(x - a.x, y - a.y, heightOffset(a));
    return { gateway: a.id, rssi: expectedRssi(DEFAULT_RADIO_MODEL, d) + offsetDb, ageMs: 0 };
  });
}

/** A 20 × 15 m hall with eight gateways 2.5 m up, around and across it (as the benchmark's simulations). */
export const HALL: Anchor[] = [
  [0, 0],
  [10, 0],
  [20, 0],
  [20, 15],
  [10, 15],
  [0, 15],
  [6, 7.5],
  [14, 7.5],
].map(([x, y], i) => ({ id: `s${i}`, x: metres(x!), y: metres(y!), z: metres(2.5) }));

export { gaussian, rng } from './random.ts';
