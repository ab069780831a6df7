import { describe, expect, it } from 'vitest';
import { crlb } from './crlb.ts';
import { curvatureCovariance } from './grid-learn.ts';
import { createGridStage, type GridStageOptions } from './grid-track.ts';
import { pathLossMap } from './grid.ts';
import { HALL, readings, ROOM } from './test-helpers.ts';
import { createTracker, type TrackerOptions } from './tracker.ts';

describe('the map error from the likelihood’s curvature', () => {
  it('is the Cramér–Rao bound of the readings on a path-loss map', () => {
    const map = pathLossMap(HALL);
    const g = map.grid;
    const equal = HALL.map((a) => ({ gateway: a.id, rssi: 0, weight: 1 }));
    for (const [x, y] of [
      [6, 4],
      [10, 7.5],
      [17, 12],
      [2, 13],
    ] as const) {
      // At a cell's centre, where the map's values are the model's.
      const cx = g.x0 + Math.round((x - g.x0) / g.step) * g.step;
      const cy = g.y0 + Math.round((y - g.y0) / g.step) * g.step;
      const c = curvatureCovariance(map, equal, cx, cy)!;
      const bound = crlb(HALL, cx, cy, { unknownOffset: true });
      expect(Math.abs(Math.sqrt(c.xx + c.yy) / bound - 1)).toBeLessThan(0.01);
    }
  });

  it('weighs readings as the filter does: twice the weight, half the variance', () => {
    const map = pathLossMap(HALL);
    const at = (weight: number) =>
      curvatureCovariance(
        map,
        HALL.map((a) => ({ gateway: a.id, rssi: 0, weight })),
        8,
        6,
      )!;
    // The offset prior does not scale with the weights, so the ratio is only about 2.
    expect(at(1).xx / at(2).xx).toBeGreaterThan(1.8);
    expect(at(1).xx / at(2).xx).toBeLessThan(2.2);
  });

  it('has no answer from a single gateway', () => {
    const map = pathLossMap(HALL);
    expect(curvatureCovariance(map, [{ gateway: 's0', rssi: -60, weight: 1 }], 5, 5)).toBeNull();
  });

  it('makes a tag in a corner less sure than one mid-room, where the spread says the reverse', () => {
    const radius = (mapErrorFrom: GridStageOptions['mapErrorFrom'], x: number, y: number) => {
      const stage = createGridStage({ mapErrorFrom });
      let e = null;
      for (let k = 0; k < 3; k++) e = stage.step(readings(ROOM, x, y), ROOM, k * 1000);
      return e!.errorM!;
    };
    // The likelihood of a corner tag is cut off by the grid's edge, so its moments narrow.
    expect(radius('spread', 0, 0)).toBeLessThan(radius('spread', 5, 4));
    expect(radius('curvature', 0, 0)).toBeGreaterThan(radius('curvature', 5, 4));
    expect(radius(undefined, 0, 0)).toBe(radius('spread', 0, 0));
  });

  it('is what the tracker reports when asked for it', () => {
    const radius = (mapErrorFrom: TrackerOptions['mapErrorFrom']) => {
      const tracker = createTracker({ mode: 'mobile', mapErrorFrom });
      let e = null;
      for (let k = 0; k < 3; k++) e = tracker.update(readings(ROOM, 0, 0), ROOM, k * 1000);
      return e!.errorM!;
    };
    expect(radius('curvature')).toBeGreaterThan(1.2 * radius('spread'));
  });
});
