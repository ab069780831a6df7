import { describe, expect, it } from 'vitest';
import { solidWalls, type WallSegment } from './floor.ts';
import { pathLossMap, type Grid } from './grid.ts';
import { rng } from './random.ts';
import type { Anchor } from './types.ts';
import { metres } from './units.ts';
import {
  buildWallCrossings,
  createWallSight,
  MAX_WALLS_COUNTED,
  wallClasses,
  WALL_FACES_M,
  wallCrossings,
} from './wall-loss.ts';

/** A 10 × 6 m room on 0.5 m cells, one gateway at its west end. */
const GRID: Grid = { x0: 0.25, y0: 0.25, step: 0.5, nx: 20, ny: 12 };
const GATEWAY: Anchor = { id: 'g', x: metres(1), y: metres(3), z: metres(2.5) };
const cellX = (c: number) => GRID.x0 + (c % GRID.nx) * GRID.step;
const cellY = (c: number) => GRID.y0 + Math.floor(c / GRID.nx) * GRID.step;

const wall = (x: number, lossDb = 10, kind = 'heavy', y0 = -1, y1 = 7): WallSegment => ({
  x0: x,
  y0,
  x1: x,
  y1,
  lossDb,
  kind,
});

function surfaces(walls: readonly WallSegment[], lossDb?: ReadonlyMap<string, number>) {
  const free = pathLossMap([GATEWAY], undefined, undefined, GRID).surfaces.get('g')!;
  const walled = pathLossMap([GATEWAY], undefined, undefined, GRID, { walls, lossDb });
  return { free, walled: walled.surfaces.get('g')! };
}

describe('multi-wall path loss', () => {
  it('takes a wall’s loss off the cells behind it and nothing off the cells in front', () => {
    const { free, walled } = surfaces([wall(5.1)]);
    for (let c = 0; c < free.length; c++) {
      const behind = cellX(c) > 5.1;
      expect(free[c]! - walled[c]!).toBeCloseTo(behind ? 10 : 0, 9);
    }
  });

  it('lets the line through a door without loss', () => {
    // A door from y 2 to 4 m: cells straight across (the line stays within it) lose nothing.
    const floor = {
      walls: [wall(5.1)],
      doors: [{ x0: 5.1, y0: 2, x1: 5.1, y1: 4 }],
      outline: null,
    };
    const { free, walled } = surfaces(solidWalls(floor));
    for (let c = 0; c < free.length; c++) {
      if (cellX(c) < 5.1) continue;
      // Where the line from the gateway (1, 3) meets the wall's line x = 5.1.
      const yAtWall = 3 + ((cellY(c) - 3) * (5.1 - 1)) / (cellX(c) - 1);
      const throughDoor = yAtWall > 2 + 1e-9 && yAtWall < 4 - 1e-9;
      const onEdge = Math.abs(yAtWall - 2) < 1e-9 || Math.abs(yAtWall - 4) < 1e-9;
      if (onEdge) continue;
      expect(free[c]! - walled[c]!).toBeCloseTo(throughDoor ? 0 : 10, 9);
    }
    const across = 6 * GRID.nx + 19; // (9.75, 3.25): straight through the door
    expect(free[across]! - walled[across]!).toBeCloseTo(0, 9);
  });

  it('counts two walls twice, each class at its own loss, and a wall’s own loss', () => {
    const walls = [wall(4.1, 10), wall(7.1, 10), wall(8.6, 3, 'glass')];
    const { free, walled } = surfaces(walls);
    const lost = (c: number) => {
      const x = cellX(c);
      return (x > 4.1 ? 10 : 0) + (x > 7.1 ? 10 : 0) + (x > 8.6 ? 3 : 0);
    };
    for (let c = 0; c < free.length; c++) expect(free[c]! - walled[c]!).toBeCloseTo(lost(c), 9);
    // A learnt loss for one class moves only its walls.
    const learnt = surfaces(walls, new Map([['heavy', 6]]));
    const far = 6 * GRID.nx + 19;
    expect(learnt.free[far]! - learnt.walled[far]!).toBeCloseTo(6 + 6 + 3, 9);
    // A heavy wall of its own 15 dB counts 1.5 heavy walls (the class's reference is 10 dB).
    const own = [wall(4.1, 10, 'heavy', -1, 3), wall(4.1, 10, 'heavy', 3, 7), wall(7.1, 15)];
    expect(wallClasses(own)).toEqual([{ kind: 'heavy', referenceDb: 10 }]);
    const scaled = surfaces(own, new Map([['heavy', 8]]));
    expect(scaled.free[far]! - scaled.walled[far]!).toBeCloseTo(8 + 12, 5);
  });

  it('counts a wall cut into pieces once where the line passes a joint', () => {
    // Pieces meeting at (5.1, 3), one drawn each way; the gateway's own row runs through the joint.
    const pieces = [wall(5.1, 10, 'heavy', -1, 3), wall(5.1, 10, 'heavy', 7, 3)];
    const sight = createWallSight(GATEWAY.x, GATEWAY.y, pieces);
    const out = new Float64Array(1);
    expect(sight.crossings(9, 3, out)).toBe(1);
    expect(sight.crossings(9, 2, out)).toBe(1);
    expect(sight.crossings(4, 3, out)).toBe(0);
  });

  it('indexes by direction without changing a count (random walls against every wall)', () => {
    const rand = rng(7);
    const walls: WallSegment[] = Array.from({ length: 60 }, (_, i) => ({
      x0: 20 * rand(),
      y0: 15 * rand(),
      x1: 20 * rand(),
      y1: 15 * rand(),
      lossDb: 2 + 8 * rand(),
      kind: i % 2 ? 'light' : 'heavy',
    }));
    const classes = wallClasses(walls);
    const sight = createWallSight(7, 5, walls, classes);
    const out = new Float64Array(classes.length);
    for (let n = 0; n < 2000; n++) {
      const x = 20 * rand();
      const y = 15 * rand();
      sight.crossings(x, y, out);
      // Every wall tested, the same rule: each wall the line meets counts its own loss in class
      // units, a class's crossings each within WALL_FACES_M of the one before counted once.
      const expected = classes.map(() => 0);
      classes.forEach((c, k) => {
        const met = walls
          .filter((w) => w.kind === c.kind && meets(7, 5, x, y, w))
          .map((w) => ({ at: along(7, 5, x, y, w), weight: w.lossDb / c.referenceDb }))
          .sort((a, b) => a.at - b.at);
        let group = -Infinity;
        met.forEach((m, i) => {
          if (i > 0 && m.at - met[i - 1]!.at < WALL_FACES_M) {
            expected[k]! += Math.max(0, m.weight - group);
            group = Math.max(group, m.weight);
          } else {
            expected[k]! += m.weight;
            group = m.weight;
          }
        });
      });
      // More than MAX_WALLS_COUNTED in all count as that many, shared in proportion.
      const total = expected.reduce((a, b) => a + b, 0);
      const scale = total > MAX_WALLS_COUNTED ? MAX_WALLS_COUNTED / total : 1;
      expected.forEach((v, k) => expect(out[k]).toBeCloseTo(v * scale, 9));
    }
  });

  it('counts a wall drawn with both faces once, and walls a room apart twice', () => {
    const faces = [wall(5), wall(5.12)];
    const apart = [wall(5), wall(6)];
    const out = new Float64Array(1);
    expect(createWallSight(1, 5, faces).crossings(9, 5, out)).toBe(1);
    expect(createWallSight(1, 5, apart).crossings(9, 5, out)).toBe(2);
  });

  it('counts at most MAX_WALLS_COUNTED walls on one link', () => {
    const walls = [1, 2, 3, 4, 5].map((x) => wall(x + 0.5));
    const sight = createWallSight(0, 5, walls);
    const out = new Float64Array(1);
    expect(sight.crossings(3, 5, out)).toBe(2);
    expect(sight.crossings(9, 5, out)).toBe(MAX_WALLS_COUNTED);
  });

  it('builds the crossings once per walls, anchors and grid', () => {
    const walls = [wall(5.1)];
    const anchors = [GATEWAY];
    const a = wallCrossings(GRID, anchors, walls);
    expect(wallCrossings({ ...GRID }, anchors, walls)).toBe(a);
    expect(wallCrossings({ ...GRID, step: 0.25 }, anchors, walls)).not.toBe(a);
    expect(buildWallCrossings(GRID, anchors, walls).byAnchor.get('g')).toEqual(a.byAnchor.get('g'));
  });
});

/** True when the segment from (ax, ay) to (bx, by) properly crosses the wall. */
/** How far from (ax, ay) the line to (bx, by) crosses the wall's line (m). */
function along(ax: number, ay: number, bx: number, by: number, w: WallSegment): number {
  const rx = bx - ax;
  const ry = by - ay;
  const dx = w.x1 - w.x0;
  const dy = w.y1 - w.y0;
  const u = ((w.x0 - ax) * dy - (w.y0 - ay) * dx) / (rx * dy - ry * dx);
  return u * Math.hypot(rx, ry);
}

function meets(ax: number, ay: number, bx: number, by: number, w: WallSegment): boolean {
  const o = (px: number, py: number, qx: number, qy: number, rx: number, ry: number) =>
    (qx - px) * (ry - py) - (qy - py) * (rx - px);
  const d1 = o(w.x0, w.y0, w.x1, w.y1, ax, ay);
  const d2 = o(w.x0, w.y0, w.x1, w.y1, bx, by);
  const d3 = o(ax, ay, bx, by, w.x0, w.y0);
  const d4 = o(ax, ay, bx, by, w.x1, w.y1);
  return d1 * d2 < 0 && d3 * d4 < 0;
}
