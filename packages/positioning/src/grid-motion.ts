/**
 * The grid filter's motion step on a belief array: a sub-cell drift (linear interpolation) and a
 * separable Gaussian blur with exact variance, both allocation-free.
 */
import type { Grid } from './grid.ts';

/**
 * Translate p by (sx, sy) cells with linear interpolation; mass leaving the grid is dropped (the
 * caller's blur renormalises, and the uniform floor re-seeds the edges). Returns the variance
 * (cells²) the interpolation added per axis.
 */
export function shift(
  grid: Grid,
  p: Float64Array,
  tmp: Float64Array,
  sx: number,
  sy: number,
): [number, number] {
  const { nx, ny } = grid;
  const kx = Math.floor(sx);
  const fx = sx - kx;
  const ky = Math.floor(sy);
  const fy = sy - ky;
  // Along x: new(i) = (1 − f)·old(i − k) + f·old(i − k − 1).
  tmp.fill(0);
  for (let j = 0; j < ny; j++) {
    const row = j * nx;
    const lo = Math.max(0, kx);
    const hi = Math.min(nx - 1, nx - 1 + kx + 1);
    for (let i = lo; i <= hi; i++) {
      const a = i - kx;
      const va = a < nx ? p[row + a]! : 0;
      const vb = a >= 1 ? p[row + a - 1]! : 0;
      tmp[row + i] = (1 - fx) * va + fx * vb;
    }
  }
  p.fill(0);
  const lo = Math.max(0, ky);
  const hi = Math.min(ny - 1, ny - 1 + ky + 1);
  for (let j = lo; j <= hi; j++) {
    const a = j - ky;
    const ra = a < ny ? a * nx : -1;
    const rb = a >= 1 ? (a - 1) * nx : -1;
    const row = j * nx;
    for (let i = 0; i < nx; i++) {
      const va = ra >= 0 ? tmp[ra + i]! : 0;
      const vb = rb >= 0 ? tmp[rb + i]! : 0;
      p[row + i] = (1 - fy) * va + fy * vb;
    }
  }
  return [fx * (1 - fx), fy * (1 - fy)];
}

/**
 * A symmetric kernel whose variance is exactly `v` cells² (3 taps below 0.5 cells², where a
 * sampled Gaussian would lose most of its spread; a sampled, variance-matched Gaussian above).
 */
function kernelFor(v: number, out: Float64Array): { k: Float64Array; r: number } {
  if (v < 0.5) {
    out[0] = v / 2;
    out[1] = 1 - v;
    out[2] = v / 2;
    return { k: out, r: 1 };
  }
  // A Gaussian sampled at whole cells and cut at 3σ (0.3 % of its mass beyond) has a little less
  // variance than σ²: widen it until the kernel's own variance is v (two rounds reach 1e-4).
  let s2 = v;
  let k = out;
  let r = 0;
  for (let round = 0; round < 3; round++) {
    r = Math.ceil(3 * Math.sqrt(s2));
    if (k.length < 2 * r + 1) k = new Float64Array(2 * r + 5);
    let ks = 0;
    for (let d = -r; d <= r; d++) ks += k[d + r] = Math.exp((-0.5 * d * d) / s2);
    let kv = 0;
    for (let d = -r; d <= r; d++) kv += (k[d + r]! / ks) * d * d;
    for (let d = 0; d <= 2 * r; d++) k[d] = k[d]! / ks;
    if (Math.abs(kv - v) < 1e-4 * v) break;
    s2 *= v / kv;
  }
  return { k, r };
}

/** Share of the largest cell at or below which a cell's content is negligible. */
const NEGLIGIBLE = 1e-3;

/** The rows and columns holding a cell above NEGLIGIBLE of the largest (all when none). */
export function massBox(grid: Grid, p: Float64Array) {
  let max = 0;
  for (let c = 0; c < p.length; c++) if (p[c]! > max) max = p[c]!;
  const cut = max * NEGLIGIBLE;
  let i0 = grid.nx;
  let i1 = -1;
  let j0 = grid.ny;
  let j1 = -1;
  for (let j = 0; j < grid.ny; j++) {
    const row = j * grid.nx;
    let first = -1;
    let last = -1;
    for (let i = 0; i < grid.nx; i++) {
      if (p[row + i]! > cut) {
        if (first < 0) first = i;
        last = i;
      }
    }
    if (first < 0) continue;
    if (j < j0) j0 = j;
    j1 = j;
    if (first < i0) i0 = first;
    if (last > i1) i1 = last;
  }
  return i1 < 0 ? { i0: 0, i1: grid.nx - 1, j0: 0, j1: grid.ny - 1 } : { i0, i1, j0, j1 };
}

/**
 * The 2r+1 taps of the symmetric kernel k applied around cell c of src, stepping `stride` cells
 * (1 along x, nx along y); taps beyond `before` cells back or `after` cells on fall off the grid.
 * Each pair of taps at ±d shares one product.
 */
function taps(
  src: Float64Array,
  c: number,
  stride: number,
  before: number,
  after: number,
  k: Float64Array,
  r: number,
): number {
  const both = Math.min(before, after);
  let sum = k[r]! * src[c]!;
  let d = 1;
  let o = stride;
  for (; d <= both; d++, o += stride) sum += k[r + d]! * (src[c - o]! + src[c + o]!);
  for (; d <= before; d++, o += stride) sum += k[r + d]! * src[c - o]!;
  for (; d <= after; d++, o += stride) sum += k[r + d]! * src[c + o]!;
  return sum;
}

/** Cells i0…i1 of rows j0…j1 of a grid nx cells wide and ny high. */
interface CellBox {
  nx: number;
  ny: number;
  i0: number;
  i1: number;
  j0: number;
  j1: number;
}

/**
 * dst ← src convolved along x (or y) with the 2r+1 taps of k, over the box's cells; taps beyond
 * the grid's ends fall off.
 */
function blurAlong(
  alongX: boolean,
  src: Float64Array,
  dst: Float64Array,
  b: CellBox,
  k: Float64Array,
  r: number,
): void {
  const stride = alongX ? 1 : b.nx;
  const last = (alongX ? b.nx : b.ny) - 1;
  for (let j = b.j0; j <= b.j1; j++) {
    const row = j * b.nx;
    for (let i = b.i0; i <= b.i1; i++) {
      const at = alongX ? i : j;
      dst[row + i] = taps(src, row + i, stride, Math.min(r, at), Math.min(r, last - at), k, r);
    }
  }
}

let KX: Float64Array = new Float64Array(64);
let KY: Float64Array = new Float64Array(64);

/**
 * Separable blur of p by vx, vy cells² per axis (mass leaving the grid is dropped), then
 * p ← scale·p/total + floor in the same pass.
 */
export function blur(
  grid: Grid,
  p: Float64Array,
  tmp: Float64Array,
  vx: number,
  vy: number,
  scale: number,
  floor: number,
): void {
  const { nx, ny } = grid;
  const kx = kernelFor(vx, KX);
  KX = kx.k;
  const ky = kernelFor(vy, KY);
  KY = ky.k;
  const X = kx.k;
  const rx = vx > 1e-6 ? kx.r : 0;
  const Y = ky.k;
  const ry = vy > 1e-6 ? ky.r : 0;
  // Each cell gathers its own sum (one store per cell); taps beyond the floor are mass dropped.
  // Only rows and columns within reach of where the belief stands out are blurred: the rest
  // hold a negligible share each, and a blur would move it by a cell or two.
  const box = massBox(grid, p);
  const cells: CellBox = {
    nx,
    ny,
    j0: Math.max(0, box.j0 - ry),
    j1: Math.min(ny - 1, box.j1 + ry),
    i0: Math.max(0, box.i0 - rx),
    i1: Math.min(nx - 1, box.i1 + rx),
  };
  tmp.set(p);
  if (rx > 0) blurAlong(true, p, tmp, cells, X, rx);
  p.set(tmp);
  if (ry > 0) blurAlong(false, tmp, p, cells, Y, ry);
  let total = 0;
  for (let c = 0; c < p.length; c++) total += p[c]!;
  const f = total > 0 ? scale / total : 0;
  const add = total > 0 ? floor : scale / p.length + floor;
  for (let c = 0; c < p.length; c++) p[c] = p[c]! * f + add;
}
