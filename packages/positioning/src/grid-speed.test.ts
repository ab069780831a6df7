import { describe, expect, it } from 'vitest';
import { createGridFilter } from './grid-filter.ts';
import { createGridStage } from './grid-track.ts';
import { coarsenRadioMap, gridForBox, pathLossMap } from './grid.ts';
import { gaussian, readings, rng, ROOM } from './test-helpers.ts';

/** A belief concentrated at (5, 4) on `map` (noise-free readings, many times). */
function concentrated(step: number, diffusion: number) {
  const map = pathLossMap(
    ROOM,
    undefined,
    undefined,
    gridForBox(-10, -10, 20, 18, (30 * 28) / step ** 2),
  );
  const f = createGridFilter(map.grid, { diffusion, floorPerS: 0 });
  for (let k = 0; k < 20; k++) f.update(map, readings(ROOM, 5, 4));
  return f;
}

describe('coarse filter grids', () => {
  it('block-averages a radio map and centres each coarse cell on its block', () => {
    const map = pathLossMap(ROOM, undefined, undefined, gridForBox(0, 0, 3, 3, 16));
    const g = map.grid;
    const coarse = coarsenRadioMap(map, 2);
    expect(coarse.grid.step).toBeCloseTo(2 * g.step);
    expect(coarse.grid.x0).toBeCloseTo(g.x0 + g.step / 2);
    expect(coarse.grid.nx).toBe(Math.ceil(g.nx / 2));
    const fine = map.surfaces.get('g0')!;
    const block = (fine[0]! + fine[1]! + fine[g.nx]! + fine[g.nx + 1]!) / 4;
    expect(coarse.surfaces.get('g0')![0]).toBeCloseTo(block);
    expect(coarsenRadioMap(map, 1)).toBe(map);
  });

  it.each([
    [0.3, 0.01],
    [0.3, 1],
    [1, 0.05],
    [1, 2],
  ])('spreads the belief by exactly the motion variance (cell %s m, %s m²)', (step, v) => {
    const f = concentrated(step, v);
    const before = f.estimate();
    f.predict(1);
    const after = f.estimate();
    expect(after.xx - before.xx).toBeCloseTo(v, 2);
    expect(after.yy - before.yy).toBeCloseTo(v, 2);
  });

  it('keeps the belief in place when the motion spreads it wider than the grid', () => {
    // A belief at the middle of a 7 × 7 grid, then a step whose kernel reaches past both ends.
    const map = pathLossMap(ROOM, undefined, undefined, gridForBox(0, 0, 6, 6, 49));
    const middle = map.grid.x0 + 3 * map.grid.step;
    const f = createGridFilter(map.grid, { diffusion: 5, floorPerS: 0 });
    for (let k = 0; k < 20; k++) f.update(map, readings(ROOM, middle, middle));
    const before = f.estimate();
    f.predict(1);
    const after = f.estimate();
    expect(after.xx).toBeGreaterThan(before.xx + 1);
    expect(after.x).toBeCloseTo(before.x, 1);
    expect(after.y).toBeCloseTo(before.y, 1);
  });

  it('counts the spread of an interpolated drift as part of the motion variance', () => {
    const f = concentrated(1, 0.3);
    const before = f.estimate();
    // Half a cell of drift spreads 0.25 cells² by itself: the blur adds only the rest.
    f.predict(1, { x: 0.5, y: 0 });
    const after = f.estimate();
    expect(after.x - before.x).toBeCloseTo(0.5, 2);
    expect(after.xx - before.xx).toBeCloseTo(0.3, 2);
    expect(after.yy - before.yy).toBeCloseTo(0.3, 2);
  });

  it('tracks a walker as well on the ~1 m filter grid as on the fine source grid', () => {
    const rmse = (cellM: number) => {
      const rand = rng(5);
      const stage = createGridStage({ cellM });
      let se = 0;
      let n = 0;
      for (let k = 0; k < 60; k++) {
        const t = k * 0.5;
        const x = 5 + 3 * Math.cos(t / 3);
        const y = 4 + 2.5 * Math.sin(t / 3);
        const obs = readings(ROOM, x, y).map((o) => ({ ...o, rssi: o.rssi + 4 * gaussian(rand) }));
        const e = stage.step(obs, ROOM, t * 1000)!;
        if (k < 10) continue;
        se += (e.x - x) ** 2 + (e.y - y) ** 2;
        n++;
      }
      return Math.sqrt(se / n);
    };
    const fine = rmse(0);
    expect(rmse(1)).toBeLessThan(fine * 1.05);
  });
});
