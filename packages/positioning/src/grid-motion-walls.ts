/**
 * The grid filter's motion step on a floor with walls: belief flows only between neighbouring
 * cells whose shared edge no solid wall blocks, so it reaches the next room through its doors and
 * never through a wall. Drift is upwind transport and spread explicit diffusion, both in substeps
 * small enough to stay positive and conserve mass; a blocked edge reflects what would cross it.
 */
import type { FloorRaster } from './floor-raster.ts';

/** Most variance (cells²) one diffusion substep adds per axis: keeps every weight positive. */
const SUBSTEP_VARIANCE = 0.45;
/**
 * Most diffusion substeps per motion step: past this the belief has spread over many rooms'
 * worth of cells anyway, and the uniform floor and the next readings decide.
 */
const MAX_SUBSTEPS = 60;

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
  for (let rest = Math.abs(sx); rest > 1e-9; rest -= 1) {
    const f = Math.min(1, rest);
    transport(floor, p, tmp, Math.sign(sx) * f, 0);
    vx += f * (1 - f);
  }
  for (let rest = Math.abs(sy); rest > 1e-9; rest -= 1) {
    const f = Math.min(1, rest);
    transport(floor, p, tmp, 0, Math.sign(sy) * f);
    vy += f * (1 - f);
  }
  return [vx, vy];
}

/** One transport substep of at most one cell along one axis. */
function transport(
  floor: FloorRaster,
  p: Float64Array,
  tmp: Float64Array,
  fx: number,
  fy: number,
): void {
  const { nx } = floor.grid;
  tmp.set(p);
  const n = p.length;
  if (fx !== 0) {
    const f = Math.abs(fx);
    for (let c = 0; c < n; c++) {
      const v = p[c]!;
      if (v === 0) continue;
      // Eastward: from c to c + 1 through c's east edge; westward: through c − 1's east edge.
      const d = fx > 0 ? c + 1 : c - 1;
      const open = fx > 0 ? floor.openEast[c] : c % nx > 0 && floor.openEast[c - 1];
      if (!open) continue;
      tmp[c] = tmp[c]! - f * v;
      tmp[d] = tmp[d]! + f * v;
    }
  } else {
    const f = Math.abs(fy);
    for (let c = 0; c < n; c++) {
      const v = p[c]!;
      if (v === 0) continue;
      const d = fy > 0 ? c + nx : c - nx;
      const open = fy > 0 ? floor.openNext[c] : c >= nx && floor.openNext[c - nx];
      if (!open) continue;
      tmp[c] = tmp[c]! - f * v;
      tmp[d] = tmp[d]! + f * v;
    }
  }
  p.set(tmp);
}

/**
 * Spread p by vx, vy cells² per axis through open edges, then p ← scale·p/total + floor on the
 * walkable cells (nothing elsewhere).
 */
export function diffuseWithin(
  floor: FloorRaster,
  p: Float64Array,
  tmp: Float64Array,
  vx: number,
  vy: number,
  scale: number,
  floorShare: number,
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
  for (let s = 0; s < substeps && (hx > 0 || hy > 0); s++) {
    tmp.set(p);
    for (let c = 0; c < n; c++) {
      if (east[c]) {
        const flow = hx * (p[c]! - p[c + 1]!);
        tmp[c] = tmp[c]! - flow;
        tmp[c + 1] = tmp[c + 1]! + flow;
      }
      if (next[c]) {
        const flow = hy * (p[c]! - p[c + nx]!);
        tmp[c] = tmp[c]! - flow;
        tmp[c + nx] = tmp[c + nx]! + flow;
      }
    }
    p.set(tmp);
  }
  let total = 0;
  let cells = 0;
  for (let c = 0; c < n; c++) {
    total += p[c]!;
    cells += floor.walkable[c]!;
  }
  const f = total > 0 ? scale / total : 0;
  // The floor's whole share (floorShare per cell of the grid) goes to the walkable cells.
  const spread = floorShare * n + (total > 0 ? 0 : scale);
  const add = spread / Math.max(1, cells);
  for (let c = 0; c < n; c++) p[c] = floor.walkable[c] ? p[c]! * f + add : 0;
}
