import { describe, expect, it } from 'vitest';
import { rasterizeFloor } from './floor-raster.ts';
import { gridForBox } from './grid.ts';
import { moments, roomCells, roomMoments } from './grid-moments.ts';
import { rng } from './random.ts';

const grid = gridForBox(0, 0, 20, 15, 20 * 15);
const wall = (x0: number, y0: number, x1: number, y1: number) => ({
  x0,
  y0,
  x1,
  y1,
  lossDb: 4,
  kind: 'light' as const,
});
// Three rooms: a wall at x = 10 and another at y = 7 east of it, each with a door.
const floor = rasterizeFloor(grid, {
  walls: [wall(10, 0, 10, 15), wall(10, 7, 20, 7)],
  doors: [
    { x0: 10, y0: 3, x1: 10, y1: 4.5 },
    { x0: 14, y0: 7, x1: 15.5, y1: 7 },
  ],
  outline: null,
})!;

function belief(): Float64Array {
  const rand = rng(3);
  const p = new Float64Array(grid.nx * grid.ny).map(() => rand() ** 4);
  const total = p.reduce((a, b) => a + b, 0);
  return p.map((v) => v / total);
}

describe('moments of a belief on a floor', () => {
  it('gives each room the sum of its cells', () => {
    const p = belief();
    const shares = new Float64Array(floor.rooms);
    moments(grid, p, 1, undefined, undefined, { room: floor.room, shares });
    const expected = new Float64Array(floor.rooms);
    p.forEach((v, c) => {
      const r = floor.room[c]!;
      if (r >= 0) expected[r]! += v;
    });
    expect(floor.rooms).toBe(3);
    expect(shares).toEqual(expected);
  });

  it("takes a room's moments and marginals from its cells alone, as of the masked belief", () => {
    const p = belief();
    const list = roomCells(floor);
    for (let room = 0; room < floor.rooms; room++) {
      const masked = p.map((v, c) => (floor.room[c] === room ? v : 0));
      const total = masked.reduce((a, b) => a + b, 0);
      const mx = new Float64Array(grid.nx);
      const my = new Float64Array(grid.ny);
      const expected = moments(grid, masked, total, mx, my);
      const ax = new Float64Array(grid.nx);
      const ay = new Float64Array(grid.ny);
      expect(roomMoments(grid, p, list, room, total, ax, ay)).toEqual(expected);
      expect(ax).toEqual(mx);
      expect(ay).toEqual(my);
    }
  });
});
