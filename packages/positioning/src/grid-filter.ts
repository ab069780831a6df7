/**
 * Causal Bayes filter over a floor grid: a motion prior (an optional drift by the tag's estimated
 * velocity, then Gaussian diffusion) and the RSSI likelihood of a radio map, with the tag's
 * transmit offset profiled out per cell.
 */
import type { Grid, RadioMap } from './grid.ts';

/** One reading to weigh against the radio map. */
export interface MapReading {
  gateway: string;
  rssi: number;
  /** Relative trust (signalAgeWeight × rssiWeight tilt, mean 1); 1 when absent. */
  weight?: number;
}

/** Posterior mean and covariance (m²) of the position. */
export interface GridPosterior {
  x: number;
  y: number;
  xx: number;
  xy: number;
  yy: number;
}

/** A histogram filter on one grid. */
export interface GridFilter {
  readonly grid: Grid;
  /**
   * Move the belief dt seconds ahead: shift it by `drift` (m, the expected displacement, e.g.
   * velocity·dt), then spread it by a random walk of variance rate `diffusion` m²/s plus
   * `extraVariance` m² per axis (e.g. the velocity's own uncertainty·dt²).
   */
  predict(dtS: number, drift?: { x: number; y: number }, extraVariance?: number): void;
  /** Multiply in the likelihood of the readings, raised to `weight` (0..1); false if none usable. */
  update(map: RadioMap, readings: readonly MapReading[], weight?: number): boolean;
  /**
   * Compute (without applying) the likelihood of the readings raised to `weight`, and return its
   * own mean and covariance: a single-epoch fix independent of the motion prior. Null if no
   * reading is usable. Apply it with applyLikelihood().
   */
  likelihood(map: RadioMap, readings: readonly MapReading[], weight?: number): GridPosterior | null;
  /** Multiply the last computed likelihood into the belief and renormalise. */
  applyLikelihood(): void;
  /**
   * How well the current belief explains the last computed likelihood: Σ belief·L / max L, in
   * (0, 1]. Near 1 when the readings agree with where the tag is believed to be; −2·ln of it
   * plays the role of a χ² outlier statistic.
   */
  evidence(): number;
  /** Posterior mean and covariance. */
  estimate(): GridPosterior;
  /** Back to the uniform belief. */
  reset(): void;
}

/**
 * Random-walk variance rate per axis (m²/s) when no velocity is tracked. Physics, not data: a
 * walker's velocity per axis has σ ≈ 0.7 m/s (1 m/s in a random direction) and keeps its heading
 * for τ ≈ 1 s, and such a process spreads at 2·σ²·τ ≈ 1 m²/s.
 */
export const DEFAULT_FILTER_DIFFUSION = 1;
/**
 * Share of uniform belief mixed in per second (generic): a belief locked on a wrong spot decays
 * to the floor within a few tens of seconds of contrary evidence.
 */
export const DEFAULT_FLOOR_PER_S = 0.01;

/** Options of the filter; all have generic defaults. */
export interface GridFilterOptions {
  /** Variance rate of the random walk (m²/s); DEFAULT_FILTER_DIFFUSION when absent. */
  diffusion?: number;
  /** Share of uniform belief mixed in per second, so a wrong lock can always be left. */
  floorPerS?: number;
}

/** A filter over `grid` starting from a uniform belief. */
export function createGridFilter(grid: Grid, options: GridFilterOptions = {}): GridFilter {
  const diffusion = options.diffusion ?? DEFAULT_FILTER_DIFFUSION;
  const floorPerS = options.floorPerS ?? DEFAULT_FLOOR_PER_S;
  const n = grid.nx * grid.ny;
  const p = new Float64Array(n).fill(1 / n);
  const tmp = new Float64Array(n);
  // Likelihood of the last readings, scaled to a maximum of 1.
  const lik = new Float64Array(n);
  const sw = new Float64Array(n);
  const swr = new Float64Array(n);
  const swrr = new Float64Array(n);
  let pending = false;

  function likelihood(
    map: RadioMap,
    readings: readonly MapReading[],
    weight = 1,
  ): GridPosterior | null {
    pending = false;
    sw.fill(0);
    swr.fill(0);
    swrr.fill(0);
    let used = 0;
    for (const r of readings) {
      const mu = map.surfaces.get(r.gateway);
      const rw = r.weight ?? 1;
      if (!mu || mu.length !== n || !Number.isFinite(r.rssi) || !(rw > 0)) continue;
      const s = map.sigmaDb.get(r.gateway) ?? 5;
      const w = rw / (s * s);
      for (let c = 0; c < n; c++) {
        const d = r.rssi - mu[c]!;
        sw[c] = sw[c]! + w;
        swr[c] = swr[c]! + w * d;
        swrr[c] = swrr[c]! + w * d * d;
      }
      used++;
    }
    if (used === 0) return null;
    const lb = map.txOffsetSigmaDb > 0 ? 1 / map.txOffsetSigmaDb ** 2 : 1e12;
    let best = Infinity;
    for (let c = 0; c < n; c++) {
      // Σw(r−b)² + λb² minimised over the offset b: Σwr² − (Σwr)²/(Σw + λ).
      lik[c] = swrr[c]! - swr[c]! ** 2 / (sw[c]! + lb);
      if (lik[c]! < best) best = lik[c]!;
    }
    for (let c = 0; c < n; c++) lik[c] = Math.exp(-0.5 * weight * (lik[c]! - best));
    pending = true;
    return moments(grid, lik, true);
  }

  function applyLikelihood(): void {
    if (!pending) return;
    pending = false;
    let total = 0;
    for (let c = 0; c < n; c++) {
      p[c] = p[c]! * lik[c]!;
      total += p[c]!;
    }
    if (!(total > 0)) p.fill(1 / n);
    else for (let c = 0; c < n; c++) p[c] = p[c]! / total;
  }

  function evidence(): number {
    if (!pending) return 1;
    let e = 0;
    for (let c = 0; c < n; c++) e += p[c]! * lik[c]!;
    return e;
  }

  return {
    grid,
    evidence,
    predict(dtS, drift, extraVariance = 0) {
      if (!(dtS > 0)) return;
      if (drift && (drift.x !== 0 || drift.y !== 0))
        shift(grid, p, tmp, drift.x / grid.step, drift.y / grid.step);
      const variance = diffusion * dtS + Math.max(0, extraVariance);
      blur(grid, p, tmp, Math.sqrt(variance) / grid.step);
      const eps = Math.min(0.5, floorPerS * dtS);
      for (let c = 0; c < n; c++) p[c] = (1 - eps) * p[c]! + eps / n;
    },
    update(map, readings, weight = 1) {
      if (!likelihood(map, readings, weight)) return false;
      applyLikelihood();
      return true;
    },
    likelihood,
    applyLikelihood,
    estimate: () => moments(grid, p),
    reset() {
      p.fill(1 / n);
      pending = false;
    },
  };
}

/** Mean and covariance of a belief (normalised first when `normalise`). */
function moments(grid: Grid, p: Float64Array, normalise = false): GridPosterior {
  let total = 1;
  if (normalise) {
    total = 0;
    for (let c = 0; c < p.length; c++) total += p[c]!;
    if (!(total > 0)) total = 1;
  }
  let sx = 0;
  let sy = 0;
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  for (let j = 0; j < grid.ny; j++) {
    const y = grid.y0 + j * grid.step;
    for (let i = 0; i < grid.nx; i++) {
      const x = grid.x0 + i * grid.step;
      const w = p[j * grid.nx + i]! / total;
      sx += w * x;
      sy += w * y;
      sxx += w * x * x;
      sxy += w * x * y;
      syy += w * y * y;
    }
  }
  // A cell is not a point: add its own uniform spread (step²/12 per axis).
  const cell = grid.step ** 2 / 12;
  return {
    x: sx,
    y: sy,
    xx: Math.max(0, sxx - sx * sx) + cell,
    xy: sxy - sx * sy,
    yy: Math.max(0, syy - sy * sy) + cell,
  };
}

/**
 * Translate p by (sx, sy) cells with linear interpolation; mass leaving the grid is dropped and
 * the rest renormalised (the uniform floor re-seeds the edges).
 */
function shift(grid: Grid, p: Float64Array, tmp: Float64Array, sx: number, sy: number): void {
  const { nx, ny } = grid;
  const kx = Math.floor(sx);
  const fx = sx - kx;
  const ky = Math.floor(sy);
  const fy = sy - ky;
  // Along x: new(i) = (1 − f)·old(i − k) + f·old(i − k − 1).
  for (let j = 0; j < ny; j++) {
    for (let i = 0; i < nx; i++) {
      const a = i - kx;
      const b = a - 1;
      const va = a >= 0 && a < nx ? p[j * nx + a]! : 0;
      const vb = b >= 0 && b < nx ? p[j * nx + b]! : 0;
      tmp[j * nx + i] = (1 - fx) * va + fx * vb;
    }
  }
  let total = 0;
  for (let j = 0; j < ny; j++) {
    const a = j - ky;
    const b = a - 1;
    for (let i = 0; i < nx; i++) {
      const va = a >= 0 && a < ny ? tmp[a * nx + i]! : 0;
      const vb = b >= 0 && b < ny ? tmp[b * nx + i]! : 0;
      const v = (1 - fy) * va + fy * vb;
      p[j * nx + i] = v;
      total += v;
    }
  }
  if (total > 0) for (let c = 0; c < p.length; c++) p[c] = p[c]! / total;
  else p.fill(1 / p.length);
}

let KERNEL = new Float64Array(64);

/** Separable Gaussian blur of p (σ in cells), truncated at 3σ; mass leaving the grid is dropped. */
function blur(grid: Grid, p: Float64Array, tmp: Float64Array, sigma: number): void {
  if (sigma < 0.05) return;
  const r = Math.min(Math.ceil(3 * sigma), Math.max(grid.nx, grid.ny));
  if (KERNEL.length < 2 * r + 1) KERNEL = new Float64Array(4 * r + 2);
  let ks = 0;
  for (let k = -r; k <= r; k++) ks += KERNEL[k + r] = Math.exp((-0.5 * k * k) / (sigma * sigma));
  for (let k = 0; k <= 2 * r; k++) KERNEL[k] = KERNEL[k]! / ks;
  const { nx, ny } = grid;
  for (let j = 0; j < ny; j++) {
    for (let i = 0; i < nx; i++) {
      let acc = 0;
      for (let k = Math.max(-r, -i); k <= Math.min(r, nx - 1 - i); k++)
        acc += KERNEL[k + r]! * p[j * nx + i + k]!;
      tmp[j * nx + i] = acc;
    }
  }
  let total = 0;
  for (let j = 0; j < ny; j++) {
    for (let i = 0; i < nx; i++) {
      let acc = 0;
      for (let k = Math.max(-r, -j); k <= Math.min(r, ny - 1 - j); k++)
        acc += KERNEL[k + r]! * tmp[(j + k) * nx + i]!;
      p[j * nx + i] = acc;
      total += acc;
    }
  }
  if (total > 0) for (let c = 0; c < p.length; c++) p[c] = p[c]! / total;
}
