/**
 * The path a tag is shown along on a floor with walls: each shown step stays on the walkable
 * area, never crosses a solid wall (a move into another room goes by its door, around corners as
 * a walker would) and is no faster than a walker. Positions, trails and zone changes all follow
 * what is shown.
 */
import type { FloorRaster } from './floor-raster.ts';

/**
 * Fastest shown motion (m/s): a brisk walk is 1.5–2 m/s and a pushed cart about as fast; a fix
 * that jumps farther is followed at this pace instead.
 */
export const MAX_SHOWN_SPEED_M_S = 2.4;
/**
 * Longest time (ms) one shown step may cover: after a gap (weak fixes kept the last one shown),
 * the marker still moves no more than a second's walk per step and catches up at a walker's
 * pace, so the map never shows a leap.
 */
const STEP_SPAN_MS = 1_000;

export interface XYM {
  x: number;
  y: number;
}

export interface ShownPath {
  /** The next shown point toward the estimate (x, y) at tMs. */
  step(x: number, y: number, tMs: number, floor: FloorRaster): XYM;
  reset(): void;
}

export function createShownPath(maxSpeed = MAX_SHOWN_SPEED_M_S): ShownPath {
  let last: (XYM & { t: number }) | null = null;
  let floorOf: FloorRaster | null = null;
  return {
    step(x, y, tMs, floor) {
      const target = onFloor(floor, x, y);
      if (!last || floorOf !== floor || tMs < last.t) {
        floorOf = floor;
        last = { x: target.x, y: target.y, t: tMs };
        return target;
      }
      const reach = (maxSpeed * Math.min(STEP_SPAN_MS, tMs - last.t)) / 1000;
      let to = floor.blocked(last.x, last.y, target.x, target.y)
        ? towards(floor, last, target)
        : target;
      const d = Math.hypot(to.x - last.x, to.y - last.y);
      if (d > reach) {
        const k = reach / d;
        to = { x: last.x + k * (to.x - last.x), y: last.y + k * (to.y - last.y) };
      }
      last = { x: to.x, y: to.y, t: tMs };
      return to;
    },
    reset() {
      last = null;
      floorOf = null;
    },
  };
}

const centre = (floor: FloorRaster, c: number): XYM => ({
  x: floor.grid.x0 + (c % floor.grid.nx) * floor.grid.step,
  y: floor.grid.y0 + Math.floor(c / floor.grid.nx) * floor.grid.step,
});

/**
 * (x, y) when it sees the centre of a walkable cell next to it (its own or a neighbour's: a point
 * by a wall may lie nearer a centre across it); else the nearest walkable cell's centre.
 */
export function onFloor(floor: FloorRaster, x: number, y: number): XYM {
  const g = floor.grid;
  const inGrid =
    x >= g.x0 - g.step / 2 &&
    x <= g.x0 + (g.nx - 0.5) * g.step &&
    y >= g.y0 - g.step / 2 &&
    y <= g.y0 + (g.ny - 0.5) * g.step;
  if (inGrid && visibleCell(floor, { x, y }) >= 0) return { x, y };
  let best = -1;
  let bestD = Infinity;
  for (let k = 0; k < floor.walkable.length; k++) {
    if (!floor.walkable[k]) continue;
    const m = centre(floor, k);
    const d = (m.x - x) ** 2 + (m.y - y) ** 2;
    if (d < bestD) {
      bestD = d;
      best = k;
    }
  }
  return best < 0 ? { x, y } : centre(floor, best);
}

/**
 * The farthest point, along the shortest cell path from `from` to `to` through open edges, that
 * `from` sees without crossing a wall: the walker's next leg around a corner or through a door.
 * `to` itself when it cannot be reached (a region no door joins).
 */
function towards(floor: FloorRaster, from: XYM, to: XYM): XYM {
  const { nx } = floor.grid;
  const n = floor.walkable.length;
  const start = visibleCell(floor, from);
  const goal = floor.cellAt(to.x, to.y);
  if (start < 0) return to;
  const prev = new Int32Array(n).fill(-1);
  prev[start] = start;
  const queue = new Int32Array(n);
  let head = 0;
  let tail = 0;
  queue[tail++] = start;
  while (head < tail && prev[goal] === -1) {
    const c = queue[head++]!;
    const i = c % nx;
    const visit = (d: number) => {
      if (prev[d] === -1) {
        prev[d] = c;
        queue[tail++] = d;
      }
    };
    if (floor.openEast[c]) visit(c + 1);
    if (i > 0 && floor.openEast[c - 1]) visit(c - 1);
    if (floor.openNext[c]) visit(c + nx);
    if (c >= nx && floor.openNext[c - nx]) visit(c - nx);
  }
  if (prev[goal] === -1) return to;
  const cells: number[] = [];
  for (let c = goal; c !== start; c = prev[c]!) cells.push(c);
  cells.push(start);
  cells.reverse();
  // The way as points: cell centres, and a door's middle wherever two centres see each other
  // only through it (a door narrower than a cell, or off the centres' line).
  const way: XYM[] = [centre(floor, start)];
  for (let k = 1; k < cells.length; k++) {
    const a = way[way.length - 1]!;
    const b = centre(floor, cells[k]!);
    if (floor.blocked(a.x, a.y, b.x, b.y)) {
      const door = nearestDoor(floor, (a.x + b.x) / 2, (a.y + b.y) / 2);
      if (door) way.push(door);
    }
    way.push(b);
  }
  // The farthest point of the way in sight.
  for (let k = way.length - 1; k > 0; k--) {
    const m = way[k]!;
    if (!floor.blocked(from.x, from.y, m.x, m.y)) return m;
  }
  return way[0]!;
}

/** The middle of the door nearest (x, y); null on a floor without doors. */
function nearestDoor(floor: FloorRaster, x: number, y: number): XYM | null {
  let best: XYM | null = null;
  let bestD = Infinity;
  for (const d of floor.doors) {
    const m = { x: (d.x0 + d.x1) / 2, y: (d.y0 + d.y1) / 2 };
    const dist = (m.x - x) ** 2 + (m.y - y) ** 2;
    if (dist < bestD) {
      bestD = dist;
      best = m;
    }
  }
  return best;
}

/** A walkable cell whose centre `p` sees: its own, else a neighbour's; −1 when none. */
function visibleCell(floor: FloorRaster, p: XYM): number {
  const { nx, ny } = floor.grid;
  const c = floor.cellAt(p.x, p.y);
  const i = c % nx;
  const j = Math.floor(c / nx);
  for (let r = 0; r <= 1; r++) {
    for (let dj = -r; dj <= r; dj++) {
      for (let di = -r; di <= r; di++) {
        const ii = i + di;
        const jj = j + dj;
        if (ii < 0 || jj < 0 || ii >= nx || jj >= ny) continue;
        const k = jj * nx + ii;
        const m = centre(floor, k);
        if (floor.walkable[k] && !floor.blocked(p.x, p.y, m.x, m.y)) return k;
      }
    }
  }
  return -1;
}
