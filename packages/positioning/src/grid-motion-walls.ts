/**
 * The grid filter's motion step on a floor with walls: belief flows only between neighbouring
 * cells whose shared edge no solid wall blocks, so it reaches the next room through its doors and
 * never through a wall. Drift is upwind transport and spread explicit diffusion, both in substeps
 * small enough to stay positive and conserve mass; a blocked edge reflects what would cross it.
 */
import type { FloorRaster } from './floor-raster.ts';
import { massBox } from './grid-motion.ts';

/** Rows j0..j1 and columns i0..i1 of the grid. */
interface Box {
  i0: number;
  i1: number;
  j0: number;
  j1: number;
}

/**
 * The box of cells holding more than a negligible share of the belief, grown by `reach` cells:
 * the rest hold the uniform floor's share, which motion would move by next to nothing.
 */
function reachBox(floor: FloorRaster, p: Float64Array, reach: number): Box {
  return grownBy(floor, massBox(floor.grid, p), reach);
}

/** The box grown by `reach` cells on every side, within the grid. */
function grownBy(floor: FloorRaster, b: Box, reach: number): Box {
  const { nx, ny } = floor.grid;
  return {
    i0: Math.max(0, b.i0 - reach),
    i1: Math.min(nx - 1, b.i1 + reach),
    j0: Math.max(0, b.j0 - reach),
    j1: Math.min(ny - 1, b.j1 + reach),
  };
}

/** Most variance (cells²) one diffusion substep adds per axis: keeps every weight positive. */
const SUBSTEP_VARIANCE = 0.45;
/**
 * Most diffusion substeps per motion step: they spread the belief by up to σ ≈ 1.9 cells per axis
 * (2.7 m on the 1.4 m cells of a large floor), about a room's width; beyond that the uniform floor
 * and the next readings decide. A step a second mostly takes 2–7 substeps on a walled floor, so
 * this bounds late locates (a server behind, a gap in a tag's reports): with 16 at most, a locate
 * 3 s after the last cost 1.4 times a timely one (in-process, the pipeline bench's walled floor)
 * and a server behind fell further behind; with 8, 1.1 times. The demo building
 * (simulate:quality, seeds 1 and 2) and the leave-one-dataset-out table are unchanged to their
 * printed precision.
 */
const MAX_SUBSTEPS = 8;

/**
 * Move p by (sx, sy) cells as upwind transport through open edges only (mass that would cross a
 * blocked edge stays). Returns the variance (cells²) the transport added per axis.
 */
export function shiftWithin(
  floor: FloorRaster,
  p: Float64Array,
  tmp: Float64Array,
  sx: number,
  sy: number,
): [number, number] {
  let vx = 0;
  let vy = 0;
  const box = reachBox(floor, p, Math.ceil(Math.abs(sx)) + Math.ceil(Math.abs(sy)));
  for (let rest = Math.abs(sx); rest > 1e-9; rest -= 1) {
    const f = Math.min(1, rest);
    transport(floor, p, tmp, Math.sign(sx) * f, 0, box);
    vx += f * (1 - f);
  }
  for (let rest = Math.abs(sy); rest > 1e-9; rest -= 1) {
    const f = Math.min(1, rest);
    transport(floor, p, tmp, 0, Math.sign(sy) * f, box);
    vy += f * (1 - f);
  }
  return [vx, vy];
}

/** One transport substep of at most one cell along one axis, within the box. */
function transport(
  floor: FloorRaster,
  p: Float64Array,
  tmp: Float64Array,
  fx: number,
  fy: number,
  box: Box,
): void {
  const { nx } = floor.grid;
  const east = floor.openEast;
  const next = floor.openNext;
  // Mass moves from the box's cells to their neighbours: the box grown by a cell is all that
  // changes.
  const around = grown(floor, box);
  copyBox(p, tmp, nx, around);
  // Eastward mass leaves c through c's east edge, westward through c − 1's; the same by rows.
  const f = Math.abs(fx || fy);
  const d = fx > 0 ? 1 : fx < 0 ? -1 : fy > 0 ? nx : -nx;
  for (let j = box.j0; j <= box.j1; j++) {
    for (let c = j * nx + box.i0, end = j * nx + box.i1; c <= end; c++) {
      const v = p[c]!;
      const open =
        d === 1
          ? east[c]
          : d === -1
            ? c % nx > 0 && east[c - 1]
            : d > 0
              ? next[c]
              : c >= nx && next[c - nx];
      if (!open || v === 0) continue;
      tmp[c] = tmp[c]! - f * v;
      tmp[c + d] = tmp[c + d]! + f * v;
    }
  }
  copyBox(tmp, p, nx, around);
}

/** The box grown by one cell on every side, within the grid. */
function grown(floor: FloorRaster, b: Box): Box {
  const { nx, ny } = floor.grid;
  return {
    i0: Math.max(0, b.i0 - 1),
    i1: Math.min(nx - 1, b.i1 + 1),
    j0: Math.max(0, b.j0 - 1),
    j1: Math.min(ny - 1, b.j1 + 1),
  };
}

/** dst ← src on the box's cells (element by element: a subarray view per row is an allocation). */
function copyBox(src: Float64Array, dst: Float64Array, nx: number, b: Box): void {
  for (let j = b.j0; j <= b.j1; j++) {
    for (let c = j * nx + b.i0, end = j * nx + b.i1; c <= end; c++) dst[c] = src[c]!;
  }
}

/**
 * Spread p by vx, vy cells² per axis through open edges, then p ← scale·p/total + floor on the
 * walkable cells (nothing elsewhere), and with a support, p ← p·support renormalised (left as it
 * is if that would leave nothing).
 */
export function diffuseWithin(
  floor: FloorRaster,
  p: Float64Array,
  tmp: Float64Array,
  vx: number,
  vy: number,
  scale: number,
  floorShare: number,
  support: Float64Array | null = null,
): void {
  const { nx } = floor.grid;
  const n = p.length;
  const substeps = Math.min(
    MAX_SUBSTEPS,
    Math.max(1, Math.ceil(Math.max(vx, vy) / SUBSTEP_VARIANCE)),
  );
  // Each substep moves a share a/2 of a cell's mass across each open edge: variance a per axis.
  const hx = Math.min(SUBSTEP_VARIANCE, vx / substeps) / 2;
  const hy = Math.min(SUBSTEP_VARIANCE, vy / substeps) / 2;
  const east = floor.openEast;
  const next = floor.openNext;
  // Substep s works on the cells within s + 1 of those holding more than a negligible share of
  // the belief (as far as that share can have moved); the box's edges are closed, and what lies
  // beyond keeps its content until the box reaches it.
  const mass = massBox(floor.grid, p);
  const box = grownBy(floor, mass, substeps);
  // Each substep gathers every cell's new content from the last one's, the two arrays taking
  // turns: no copy between substeps, once both hold the belief where the box will grow.
  copyBox(p, tmp, nx, box);
  let src = p;
  let dst = tmp;
  for (let s = 0; s < substeps && (hx > 0 || hy > 0); s++) {
    const i0 = Math.max(box.i0, mass.i0 - s - 1);
    const i1 = Math.min(box.i1, mass.i1 + s + 1);
    const j0 = Math.max(box.j0, mass.j0 - s - 1);
    const j1 = Math.min(box.j1, mass.j1 + s + 1);
    for (let j = j0; j <= j1; j++) {
      // A neighbour beyond the box is the cell itself: its difference, and so its flow, is 0.
      const up = j > j0 ? nx : 0;
      const down = j < j1 ? nx : 0;
      substepRow(src, dst, east, next, j * nx + i0, j * nx + i1, up, down, hx, hy);
    }
    const last = src;
    src = dst;
    dst = last;
  }
  if (src !== p) copyBox(src, p, nx, box);
  let total = 0;
  for (let c = 0; c < n; c++) total += p[c]!;
  const f = total > 0 ? scale / total : 0;
  // The floor's whole share (floorShare per cell of the grid) goes to the walkable cells.
  const spread = floorShare * n + (total > 0 ? 0 : scale);
  const add = spread / Math.max(1, floor.walkableCells);
  const walkable = floor.walkable;
  if (!support) {
    for (let c = 0; c < n; c++) p[c] = walkable[c] ? p[c]! * f + add : 0;
    return;
  }
  // The support's total is taken in the same pass.
  let kept = 0;
  for (let c = 0; c < n; c++) {
    const v = walkable[c] ? p[c]! * f + add : 0;
    p[c] = v;
    kept += v * support[c]!;
  }
  if (kept > 0) for (let c = 0; c < n; c++) p[c] = (p[c]! * support[c]!) / kept;
}

/**
 * One diffusion substep on the cells first..last of a row (the box's row: its end cells see no
 * flow across the box's sides); up and down are the strides to the rows above and below (0 at
 * the box's top or bottom). Each cell's left and right neighbours are carried along the row.
 */
function substepRow(
  src: Float64Array,
  dst: Float64Array,
  east: Uint8Array,
  next: Uint8Array,
  first: number,
  last: number,
  up: number,
  down: number,
  hx: number,
  hy: number,
): void {
  let v = src[first]!;
  // Flow into the cell from its west side: none at the box's edge.
  let west = 0;
  for (let c = first; c < last; c++) {
    const e = src[c + 1]!;
    const toEast = east[c]! * (e - v);
    const along = next[c - up]! * (src[c - up]! - v) + next[c]! * (src[c + down]! - v);
    dst[c] = v + hx * (west + toEast) + hy * along;
    west = east[c]! * (v - e);
    v = e;
  }
  const along = next[last - up]! * (src[last - up]! - v) + next[last]! * (src[last + down]! - v);
  dst[last] = v + hx * west + hy * along;
}
