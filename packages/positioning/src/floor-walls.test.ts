import { describe, expect, it } from 'vitest';
import type { FloorGeometry, WallSegment } from './floor.ts';
import { rasterizeFloor, type FloorRaster } from './floor-raster.ts';
import { createGridFilter, type GridFilter } from './grid-filter.ts';
import { gridForBox, pathLossMap } from './grid.ts';
import { gaussian, rng } from './random.ts';
import { DEFAULT_LOCATE_SETTINGS } from './locate.ts';
import { HALL, readings } from './test-helpers.ts';
import type { MapFrame } from './frame.ts';
import { createDeviceLocator } from './locator.ts';

/** The 20 × 15 m hall cut in two by a wall at x = 10, with a 1.6 m door at y 6.7–8.3 if asked. */
function hallFloor(door: boolean): FloorGeometry {
  const wall = (x0: number, y0: number, x1: number, y1: number): WallSegment => ({
    x0,
    y0,
    x1,
    y1,
    lossDb: 4,
    kind: 'light',
  });
  return {
    walls: [wall(10, 0, 10, 15)],
    doors: door ? [{ x0: 10, y0: 6.7, x1: 10, y1: 8.3 }] : [],
    outline: null,
  };
}

const allDoor: FloorGeometry = {
  ...hallFloor(false),
  doors: [{ x0: 10, y0: 0, x1: 10, y1: 15 }],
};
const grid = gridForBox(0, 0, 20, 15, 20 * 15);
const map = pathLossMap(HALL, undefined, undefined, grid);

/** Share of the belief east of the wall after `seconds` of motion from a tag seen at (4, 7.5). */
function eastShareAfter(seconds: number, floor: FloorRaster, drift = 0): number {
  const f = createGridFilter(grid, { floor, floorPerS: 0, diffusion: 1 });
  f.update(map, readings(HALL, 4, 7.5));
  for (let s = 0; s < seconds; s++) f.predict(1, { x: drift, y: 0 }, 0.5);
  return eastShare(f, floor);
}

/** The belief's share in the filter's room east of x = 10. */
function eastShare(f: GridFilter, floor: FloorRaster): number {
  const shares = new Float64Array(floor.rooms);
  f.roomShares(shares);
  return shares[floor.room[floor.cellAt(15, 7.5)]!]!;
}

describe('motion on a floor with walls', () => {
  it('never carries belief through a wall', () => {
    const walled = rasterizeFloor(grid, hallFloor(false))!;
    expect(walled.rooms).toBe(2);
    // What the first readings left east of the wall (next to nothing) is all there ever is.
    const start = eastShareAfter(0, walled);
    expect(start).toBeLessThan(0.01);
    expect(eastShareAfter(60, walled)).toBeLessThanOrEqual(start + 1e-12);
    expect(eastShareAfter(20, walled, 1.5)).toBeLessThanOrEqual(start + 1e-12);
    // A wall that is a door all along holds nothing back.
    expect(eastShareAfter(60, rasterizeFloor(grid, allDoor)!)).toBeGreaterThan(0.2);
  });

  it('lets it through a door', () => {
    const withDoor = rasterizeFloor(grid, hallFloor(true))!;
    // With the door closed the two halves are rooms of their own; open, belief passes.
    expect(withDoor.rooms).toBe(2);
    const share = eastShareAfter(60, withDoor);
    expect(share).toBeGreaterThan(0.05);
    // The open hall spreads faster than through a 1.6 m door.
    const open = rasterizeFloor(grid, {
      walls: [],
      doors: [],
      outline: [
        { x: -1, y: -1 },
        { x: 21, y: -1 },
        { x: 21, y: 16 },
        { x: -1, y: 16 },
      ],
    })!;
    expect(eastShareAfter(60, open)).toBeGreaterThan(share);
  });

  it('keeps the belief on the walkable outline', () => {
    const outline = [
      { x: 0, y: 0 },
      { x: 12, y: 0 },
      { x: 12, y: 15 },
      { x: 0, y: 15 },
    ];
    const floor = rasterizeFloor(grid, { walls: [], doors: [], outline })!;
    const f = createGridFilter(grid, { floor, floorPerS: 0.01 });
    f.update(map, readings(HALL, 16, 7.5));
    for (let s = 0; s < 5; s++) f.predict(1);
    const e = f.estimate();
    expect(e.x).toBeLessThanOrEqual(12.5);
  });
});

describe('shown positions on a floor with walls', () => {
  /** A walker from (3, 3) to the door at (10, 7.5), then to (17, 12), with noisy readings. */
  function walk(floor: FloorGeometry | null, seed: number) {
    const rand = rng(seed);
    const frame: MapFrame = { mapId: 'hall', pixelsPerMetre: 1, anchors: HALL };
    if (floor) frame.floor = floor;
    // Weak fixes keep the last shown one: the shown path must hold across them too.
    const settings = { ...DEFAULT_LOCATE_SETTINGS, minConfidence: 0.3 };
    const locator = createDeviceLocator({ mode: 'mobile', settings });
    const legs = [
      [3, 3, 10, 7.5],
      [10, 7.5, 17, 12],
      [17, 12, 17, 3],
      [17, 3, 10, 7.5],
      [10, 7.5, 3, 12],
    ] as const;
    const shown: { x: number; y: number }[] = [];
    let t = 0;
    for (const [x0, y0, x1, y1] of legs) {
      const steps = Math.ceil(Math.hypot(x1 - x0, y1 - y0));
      for (let s = 0; s <= steps; s++) {
        const x = x0 + ((x1 - x0) * s) / steps;
        const y = y0 + ((y1 - y0) * s) / steps;
        const obs = readings(HALL, x, y).map((o) => ({ ...o, rssi: o.rssi + 8 * gaussian(rand) }));
        const fix = locator.update(frame, obs, (t += 1000));
        if (fix) shown.push(fix.position);
      }
    }
    return shown;
  }

  const crossings = (shown: { x: number; y: number }[], raster: FloorRaster) =>
    shown.slice(1).filter((p, i) => raster.blocked(shown[i]!.x, shown[i]!.y, p.x, p.y)).length;

  it('never cross a wall, while the same readings without walls do', () => {
    const floor = hallFloor(true);
    const raster = rasterizeFloor(grid, floor)!;
    let freeCrossings = 0;
    for (const seed of [1, 2, 3]) {
      const shown = walk(floor, seed);
      expect(shown.length).toBeGreaterThan(40);
      expect(crossings(shown, raster)).toBe(0);
      for (let i = 1; i < shown.length; i++) {
        const step = Math.hypot(shown[i]!.x - shown[i - 1]!.x, shown[i]!.y - shown[i - 1]!.y);
        expect(step).toBeLessThanOrEqual(2.4 + 1e-9);
      }
      freeCrossings += crossings(walk(null, seed), raster);
    }
    expect(freeCrossings).toBeGreaterThan(0);
  });
});
