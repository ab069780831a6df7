import { describe, expect, it } from 'vitest';
import { cellCosts, createPacked, interleaved, pack, type MapReading } from './grid-likelihood.ts';
import { gridForBox, type RadioMap } from './grid.ts';
import { rng } from './random.ts';

/** A radio map of `gateways` random surfaces over a small grid. */
function randomMap(gateways: number, rand: () => number): RadioMap {
  const grid = gridForBox(0, 0, 6, 4, 24);
  const n = grid.nx * grid.ny;
  const surfaces = new Map<string, Float64Array>();
  const sigmaDb = new Map<string, number>();
  for (let k = 0; k < gateways; k++) {
    surfaces.set(
      `g${k}`,
      Float64Array.from({ length: n }, () => -50 - 40 * rand()),
    );
    sigmaDb.set(`g${k}`, 3 + 4 * rand());
  }
  return { grid, surfaces, sigmaDb, txOffsetSigmaDb: 6 };
}

/** Σ w·(r − μ − b)² + λb² at its best b, reading by reading. */
function naiveCost(map: RadioMap, readings: MapReading[], c: number, lambda: number): number {
  let sw = 0;
  let swd = 0;
  for (const r of readings) {
    const w = (r.weight ?? 1) / map.sigmaDb.get(r.gateway)! ** 2;
    sw += w;
    swd += w * (r.rssi - map.surfaces.get(r.gateway)![c]!);
  }
  const b = swd / (sw + lambda);
  let cost = lambda * b * b;
  for (const r of readings) {
    const w = (r.weight ?? 1) / map.sigmaDb.get(r.gateway)! ** 2;
    cost += w * (r.rssi - map.surfaces.get(r.gateway)![c]! - b) ** 2;
  }
  return cost;
}

describe('cellCosts', () => {
  it.each([1, 3, 8, 9, 16, 17])('weighs %i readings as their sum, cell by cell', (used) => {
    const rand = rng(used);
    const map = randomMap(20, rand);
    const n = map.grid.nx * map.grid.ny;
    const readings: MapReading[] = Array.from({ length: used }, (_, k) => ({
      gateway: `g${k}`,
      rssi: -60 - 30 * rand(),
      weight: 0.5 + rand(),
    }));
    const table = interleaved(map, n);
    const packed = createPacked(2);
    expect(pack(packed, table, map, readings)).toBe(true);
    const lambda = 1 / 36;
    const out = new Float64Array(n);
    const best = cellCosts(table, n, packed, lambda, out, new Float64Array(n));
    const naive = Array.from({ length: n }, (_, c) => naiveCost(map, readings, c, lambda));
    for (let c = 0; c < n; c++) expect(out[c]).toBeCloseTo(naive[c]!, 9);
    expect(best).toBeCloseTo(Math.min(...naive), 9);
  });
});
