/**
 * Moments of a belief on a grid: its mean, covariance and marginals over the whole grid or over
 * one room of a floor, the rooms' shares of it, and the marginal median the filter reports.
 */
import type { FloorRaster } from './floor-raster.ts';
import type { Grid } from './grid.ts';

/** A position (m) with the covariance (m²) of the belief about its mean. */
export interface GridPosterior {
  x: number;
  y: number;
  xx: number;
  xy: number;
  yy: number;
}

/**
 * Median of a marginal whose cell i is uniform over [o + (i − ½)·step, o + (i + ½)·step] (the
 * belief sums to 1; the middle of the range if it is empty).
 */
export function median(m: Float64Array, o: number, step: number): number {
  let total = 0;
  for (let i = 0; i < m.length; i++) total += m[i]!;
  if (!(total > 0)) return o + ((m.length - 1) * step) / 2;
  const half = total / 2;
  let below = 0;
  for (let i = 0; i < m.length; i++) {
    const w = m[i]!;
    if (w > 0 && below + w >= half) return o + (i - 0.5 + (half - below) / w) * step;
    below += w;
  }
  return o + (m.length - 0.5) * step;
}

/** Sums of w, w·x and w·x² of a belief, from which its moments follow. */
export interface Sums {
  sx: number;
  sy: number;
  sxx: number;
  sxy: number;
  syy: number;
}

/** Mean and covariance from the sums of a belief of total weight 1. */
function fromSums(grid: Grid, s: Sums): GridPosterior {
  // A cell is not a point: add its own uniform spread (step²/12 per axis).
  const cell = grid.step ** 2 / 12;
  return {
    x: s.sx,
    y: s.sy,
    xx: Math.max(0, s.sxx - s.sx * s.sx) + cell,
    xy: s.sxy - s.sx * s.sy,
    yy: Math.max(0, s.syy - s.sy * s.sy) + cell,
  };
}

/** The rooms of a floor for moments(): each cell's room, and the shares to add the belief into. */
export interface RoomTally {
  room: Int32Array;
  shares: Float64Array;
}

/**
 * Mean and covariance of the belief p / total, filling its marginals along x and y when given,
 * and setting each room's share of it when `rooms` is given.
 */
export function moments(
  grid: Grid,
  p: Float64Array,
  total = 1,
  marginX?: Float64Array,
  marginY?: Float64Array,
  rooms?: RoomTally,
): GridPosterior {
  const s: Sums = { sx: 0, sy: 0, sxx: 0, sxy: 0, syy: 0 };
  marginX?.fill(0);
  rooms?.shares.fill(0);
  for (let j = 0; j < grid.ny; j++) {
    const y = grid.y0 + j * grid.step;
    // Row sums of w, w·x and w·x², then the row's share of every moment.
    let rw = 0;
    let rx = 0;
    let rxx = 0;
    for (let i = 0, c = j * grid.nx; i < grid.nx; i++, c++) {
      const x = grid.x0 + i * grid.step;
      const w = p[c]! / total;
      rw += w;
      rx += w * x;
      rxx += w * x * x;
      if (marginX) marginX[i] = marginX[i]! + w;
      if (rooms) {
        const r = rooms.room[c]!;
        if (r >= 0) rooms.shares[r] = rooms.shares[r]! + w;
      }
    }
    if (marginY) marginY[j] = rw;
    addRow(s, rw, rx, rxx, y);
  }
  return fromSums(grid, s);
}

/** Empty sums, to add rows to. */
export function emptySums(): Sums {
  return { sx: 0, sy: 0, sxx: 0, sxy: 0, syy: 0 };
}

/** Mean and covariance from the sums of a belief of total weight `total`. */
export function fromTotalSums(grid: Grid, s: Sums, total: number): GridPosterior {
  const f = 1 / total;
  return fromSums(grid, {
    sx: s.sx * f,
    sy: s.sy * f,
    sxx: s.sxx * f,
    sxy: s.sxy * f,
    syy: s.syy * f,
  });
}

/** Add one row's sums (at height y) to the belief's. */
export function addRow(s: Sums, rw: number, rx: number, rxx: number, y: number): void {
  s.sx += rx;
  s.sxx += rxx;
  s.sy += rw * y;
  s.sxy += rx * y;
  s.syy += rw * y * y;
}

/** The cells of each room of a floor, ascending: room r's are cells[start[r]] to cells[start[r + 1] − 1]. */
export interface RoomCells {
  cells: Int32Array;
  start: Int32Array;
}

const ROOM_CELLS = new WeakMap<FloorRaster, RoomCells>();

/** The floor's cells listed room by room (built once per floor). */
export function roomCells(floor: FloorRaster): RoomCells {
  const cached = ROOM_CELLS.get(floor);
  if (cached) return cached;
  const start = new Int32Array(floor.rooms + 1);
  for (const r of floor.room) if (r >= 0) start[r + 1]!++;
  for (let r = 0; r < floor.rooms; r++) start[r + 1]! += start[r]!;
  const cells = new Int32Array(start[floor.rooms]!);
  const at = start.slice(0, floor.rooms);
  floor.room.forEach((r, c) => {
    if (r >= 0) cells[at[r]!++] = c;
  });
  const made = { cells, start };
  ROOM_CELLS.set(floor, made);
  return made;
}

/**
 * Moments of p / total over one room's cells (the rest counted as nothing), filling the
 * marginals: the same figures as moments() of the belief masked to the room, at the room's cost.
 */
export function roomMoments(
  grid: Grid,
  p: Float64Array,
  list: RoomCells,
  room: number,
  total: number,
  marginX: Float64Array,
  marginY: Float64Array,
): GridPosterior {
  const { cells } = list;
  const end = list.start[room + 1]!;
  const s: Sums = { sx: 0, sy: 0, sxx: 0, sxy: 0, syy: 0 };
  marginX.fill(0);
  marginY.fill(0);
  for (let k = list.start[room]!; k < end;) {
    const j = Math.floor(cells[k]! / grid.nx);
    const row = j * grid.nx;
    let rw = 0;
    let rx = 0;
    let rxx = 0;
    for (; k < end && cells[k]! < row + grid.nx; k++) {
      const c = cells[k]!;
      const i = c - row;
      const x = grid.x0 + i * grid.step;
      const w = p[c]! / total;
      rw += w;
      rx += w * x;
      rxx += w * x * x;
      marginX[i] = marginX[i]! + w;
    }
    marginY[j] = rw;
    addRow(s, rw, rx, rxx, grid.y0 + j * grid.step);
  }
  return fromSums(grid, s);
}
