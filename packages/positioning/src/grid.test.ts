import { describe, expect, it } from 'vitest';
import { createGridFilter } from './grid-filter.ts';
import { gridForBox, pathLossMap } from './grid.ts';
import { fitRadioMap } from './radio-map.ts';
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

  it('ignores readings of gateways the map does not know', () => {
    const f = createGridFilter(map.grid);
    expect(f.update(map, [{ gateway: 'nope', rssi: -60 }])).toBe(false);
  });
});

describe('fitRadioMap', () => {
  it('learns a site-specific bias on top of the path-loss fit', () => {
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
});
