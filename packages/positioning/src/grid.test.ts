import { describe, expect, it } from 'vitest';
import { createGridFilter } from './grid-filter.ts';
import { coarsenRadioMap, gridForBox, pathLossMap, type RadioMap } from './grid.ts';
import { fitRadioMap, SUPPORT_FLOOR } from './radio-map.ts';
import { gaussian, readings, rng, ROOM } from './test-helpers.ts';

const map = pathLossMap(ROOM);

describe('grid filter', () => {
  it('sizes grids within the cell budget and the finest cell', () => {
    const big = gridForBox(0, 0, 200, 100, 5000);
    expect(big.nx * big.ny).toBeLessThanOrEqual(5200);
    expect(gridForBox(0, 0, 1, 1).step).toBeCloseTo(0.2);
  });

  it('finds a noise-free tag, whatever its transmit offset', () => {
    for (const offset of [0, 6]) {
      const f = createGridFilter(map.grid);
      f.update(map, readings(ROOM, 3, 5, offset));
      const e = f.estimate();
      expect(Math.hypot(e.x - 3, e.y - 5)).toBeLessThan(0.8);
    }
  });

  it('reports the median of its belief, which the uniform floor far away does not drag', () => {
    const f = createGridFilter(map.grid, { diffusion: 0.01, floorPerS: 0.5 });
    for (let k = 0; k < 10; k++) f.update(map, readings(ROOM, 1, 1));
    // Half the belief becomes uniform over the room: its mean moves halfway to the middle.
    f.predict(1);
    const e = f.estimate();
    const middle = { x: map.grid.x0 + ((map.grid.nx - 1) * map.grid.step) / 2 };
    expect(Math.abs(e.x - 1)).toBeLessThan(Math.abs(middle.x - 1) / 4);
    expect(Math.abs(e.y - 1)).toBeLessThan(1);
    // The spread still tells the whole belief: wide.
    expect(Math.sqrt(e.xx)).toBeGreaterThan(2);
  });

  it('narrows its spread as consistent readings accumulate, and widens it when predicting', () => {
    const rand = rng(2);
    const f = createGridFilter(map.grid, { diffusion: 1 });
    const spread = () => Math.sqrt(f.estimate().xx + f.estimate().yy);
    const noisy = () =>
      readings(ROOM, 7, 3).map((o) => ({ ...o, rssi: o.rssi + 3 * gaussian(rand) }));
    f.update(map, noisy());
    const first = spread();
    for (let i = 0; i < 20; i++) f.update(map, noisy(), 0.5);
    const later = spread();
    expect(later).toBeLessThan(first);
    expect(Math.hypot(f.estimate().x - 7, f.estimate().y - 3)).toBeLessThan(1);
    f.predict(10);
    expect(spread()).toBeGreaterThan(later);
  });

  it('keeps its belief within the support: no settling where nobody walks', () => {
    // Tags only walk the corridor y ≤ 2; readings taken at (5, 4) in the room's middle.
    const support = new Float64Array(map.grid.nx * map.grid.ny);
    for (let j = 0; j < map.grid.ny; j++)
      for (let i = 0; i < map.grid.nx; i++)
        support[j * map.grid.nx + i] = map.grid.y0 + j * map.grid.step <= 2 ? 1 : 0.01;
    const free = createGridFilter(map.grid);
    const walled = createGridFilter(map.grid, { support });
    for (let k = 0; k < 5; k++) {
      for (const f of [free, walled]) {
        f.predict(1);
        f.update(map, readings(ROOM, 5, 4), 0.5);
      }
    }
    expect(free.estimate().y).toBeGreaterThan(3);
    expect(walled.estimate().y).toBeLessThan(2.3);
    expect(Math.abs(walled.estimate().x - 5)).toBeLessThan(1);
  });

  it('ignores readings of gateways the map does not know', () => {
    const f = createGridFilter(map.grid);
    expect(f.update(map, [{ gateway: 'nope', rssi: -60 }])).toBe(false);
  });
});

describe('fitRadioMap', () => {
  // Fifteen smoothing candidates cross-validated over five folds: seconds of CPU on a busy machine.
  it('learns a site-specific bias on top of the path-loss fit', { timeout: 60_000 }, () => {
    const rand = rng(4);
    // g0 reads 8 dB low in the left half of the room (say, a wall): the map should learn it.
    const samples = Array.from({ length: 600 }, () => {
      const x = 10 * rand();
      const y = 8 * rand();
      const obs = readings(ROOM, x, y).map((o) => ({
        ...o,
        rssi: o.rssi + gaussian(rand) + (o.gateway === 'g0' && x < 5 ? -8 : 0),
      }));
      return { x, y, observations: obs };
    });
    const fitted = fitRadioMap(samples, ROOM);
    const truth = pathLossMap(ROOM, undefined, undefined, fitted.grid).surfaces.get('g0')!;
    const g = fitted.grid;
    const bias = (x: number, y: number) => {
      const c = Math.round((y - g.y0) / g.step) * g.nx + Math.round((x - g.x0) / g.step);
      return fitted.surfaces.get('g0')![c]! - truth[c]!;
    };
    expect(bias(7.5, 4) - bias(2.5, 4)).toBeGreaterThan(5);
    expect(fitted.sigmaDb.get('g1')!).toBeLessThan(2);
  });

  it('supports the area the calibration walked, and carries it to coarser grids', () => {
    // A walk along y = 2 only.
    const samples = Array.from({ length: 50 }, (_, i) => ({
      x: 0.2 * i,
      y: 2,
      observations: readings(ROOM, 0.2 * i, 2),
    }));
    // The support does not depend on the smoothing: one candidate keeps the fit cheap.
    const oneCandidate = { bandwidthsM: [0.5], shrinkage: [4] };
    const fitted = fitRadioMap(samples, ROOM, oneCandidate);
    const at = (m: RadioMap, x: number, y: number) =>
      m.support![
        Math.round((y - m.grid.y0) / m.grid.step) * m.grid.nx +
          Math.round((x - m.grid.x0) / m.grid.step)
      ]!;
    expect(at(fitted, 5, 2)).toBeCloseTo(1, 6);
    expect(at(fitted, 5, 6)).toBeCloseTo(SUPPORT_FLOOR, 6);
    const coarse = coarsenRadioMap(fitted, 3);
    expect(coarse.support).toHaveLength(coarse.grid.nx * coarse.grid.ny);
    expect(at(coarse, 5, 2)).toBeGreaterThan(0.3);
    expect(at(coarse, 5, 6)).toBeCloseTo(SUPPORT_FLOOR, 6);
    expect(fitRadioMap(samples, ROOM, { ...oneCandidate, supportM: 0 }).support).toBeUndefined();
  });
});
