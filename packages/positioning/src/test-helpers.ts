/** Synthetic layouts and noise-free readings shared by the tests. */
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

/** Deterministic uniform random numbers (mulberry32). */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Standard normal samples from a uniform source (Box–Muller). */
export function gaussian(rand: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
}
