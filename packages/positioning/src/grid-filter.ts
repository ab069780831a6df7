/**
 * Causal Bayes filter over a floor grid: a random-walk motion prior (Gaussian diffusion) and the
 * RSSI likelihood of a radio map, with the tag's transmit offset profiled out per cell.
 */
import type { Grid, RadioMap } from './grid.ts';

/** One reading to weigh against the radio map. */
export interface MapReading {
  gateway: string;
  rssi: number;
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
  /** Spread the belief by dt seconds of random walk (variance rate `diffusion` m²/s). */
  predict(dtS: number): void;
  /** Multiply in the likelihood of the readings, raised to `weight` (0..1); false if none usable. */
  update(map: RadioMap, readings: readonly MapReading[], weight?: number): boolean;
  /** Posterior mean and covariance. */
  estimate(): GridPosterior;
  /** Back to the uniform belief. */
  reset(): void;
}

/** Options of the filter; all have generic defaults. */
export interface GridFilterOptions {
  /** Variance rate of the random walk (m²/s): walking ~1.2 m/s decorrelating over ~1 s. */
  diffusion?: number;
  /** Share of uniform belief mixed in per second, so a wrong lock can always be left. */
  floorPerS?: number;
}

/** A filter over `grid` starting from a uniform belief. */
export function createGridFilter(grid: Grid, options: GridFilterOptions = {}): GridFilter {
  const diffusion = options.diffusion ?? 1.5;
  const floorPerS = options.floorPerS ?? 0.01;
  const n = grid.nx * grid.ny;
  const p = new Float64Array(n).fill(1 / n);
  const tmp = new Float64Array(n);
  const sw = new Float64Array(n);
  const swr = new Float64Array(n);
  const swrr = new Float64Array(n);
  return {
    grid,
    predict(dtS) {
      if (!(dtS > 0)) return;
      blur(grid, p, tmp, Math.sqrt(diffusion * dtS) / grid.step);
      const eps = Math.min(0.5, floorPerS * dtS);
      for (let c = 0; c < n; c++) p[c] = (1 - eps) * p[c]! + eps / n;
    },
    update(map, readings, weight = 1) {
      sw.fill(0);
      swr.fill(0);
      swrr.fill(0);
      let used = 0;
      for (const r of readings) {
        const mu = map.surfaces.get(r.gateway);
        if (!mu || mu.length !== n || !Number.isFinite(r.rssi)) continue;
        const s = map.sigmaDb.get(r.gateway) ?? 5;
        const w = 1 / (s * s);
        for (let c = 0; c < n; c++) {
          const d = r.rssi - mu[c]!;
          sw[c] = sw[c]! + w;
          swr[c] = swr[c]! + w * d;
          swrr[c] = swrr[c]! + w * d * d;
        }
        used++;
      }
      if (used === 0) return false;
      const lb = map.txOffsetSigmaDb > 0 ? 1 / map.txOffsetSigmaDb ** 2 : 1e12;
      let best = Infinity;
      for (let c = 0; c < n; c++) {
        // Σw(r−b)² + λb² minimised over the offset b: Σwr² − (Σwr)²/(Σw + λ).
        tmp[c] = swrr[c]! - swr[c]! ** 2 / (sw[c]! + lb);
        if (tmp[c]! < best) best = tmp[c]!;
      }
      let total = 0;
      for (let c = 0; c < n; c++) {
        p[c] = p[c]! * Math.exp(-0.5 * weight * (tmp[c]! - best));
        total += p[c]!;
      }
      if (!(total > 0)) p.fill(1 / n);
      else for (let c = 0; c < n; c++) p[c] = p[c]! / total;
      return true;
    },
    estimate: () => moments(grid, p),
    reset() {
      p.fill(1 / n);
    },
  };
}

/** Mean and covariance of a normalised belief. */
function moments(grid: Grid, p: Float64Array): GridPosterior {
  let sx = 0;
  let sy = 0;
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  for (let j = 0; j < grid.ny; j++) {
    const y = grid.y0 + j * grid.step;
    for (let i = 0; i < grid.nx; i++) {
      const x = grid.x0 + i * grid.step;
      const w = p[j * grid.nx + i]!;
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
