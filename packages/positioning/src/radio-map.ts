/**
 * A calibrated radio map: per-anchor path-loss fit plus a kernel-smoothed surface of its
 * residuals (shrunk back to the fit where samples are sparse), with bandwidth and shrinkage chosen
 * by spatially blocked cross-validation within the calibration samples.
 */
import { fitRadioModels, type CalibrationSample } from './calibration.ts';
import { gridForAnchors, pathLossSurface, type Grid, type RadioMap } from './grid.ts';
import { DEFAULT_RADIO_MODEL, type RadioModel } from './radio-model.ts';
import type { Anchor } from './types.ts';

/** Hyper-parameter candidates and the validation layout. */
export interface RadioMapOptions {
  /** Kernel bandwidths to try (m). */
  bandwidthsM?: readonly number[];
  /** Shrinkage towards the path-loss fit, in equivalent samples. */
  shrinkage?: readonly number[];
  /** Side of the spatial blocks held out together (m), so validation is not on neighbours. */
  blockM?: number;
  folds?: number;
  base?: RadioModel;
  /**
   * Radius (m) around the calibration samples that makes up the map's support (where tags are
   * expected); 0 leaves the support out (tags anywhere on the grid).
   */
  supportM?: number;
}

/** The fitted map plus, per anchor, the chosen hyper-parameters and validated σ. */
export interface FittedRadioMap extends RadioMap {
  chosen: Map<string, { bandwidthM: number; shrinkage: number; cvRmseDb: number }>;
}

/**
 * A calibration walk covers the floor where tags go: the map's support is the area within about
 * this radius (m) of its samples (a Gaussian of this σ around each, capped at 1), half the ~1 m
 * over which shadowing decorrelates. Outside it a cell keeps SUPPORT_FLOOR, so a tag that really
 * is elsewhere can still be followed there. Checked by blocked CV on the calibration run
 * (bench/lib/accuracy-cv.ts: median 0.99 → 0.85 m, p90 2.10 → 1.91 m), never on the test run.
 */
export const SUPPORT_RADIUS_M = 0.5;
/** Weight of a cell far from every calibration sample (relative to 1 near them). */
export const SUPPORT_FLOOR = 0.01;

/**
 * Candidate grids span the plausible scales (kernel 0.3–2 m, shrinkage 1–16 samples); the choice
 * among them is made per anchor by cross-validation on the calibration samples. Blocks of 1 m
 * match the ~1 m over which RSSI residuals stay correlated on a calibration run, so held-out
 * samples are not near-copies of training ones.
 */
const DEFAULTS = {
  bandwidthsM: [0.3, 0.5, 0.8, 1.2, 2],
  shrinkage: [1, 4, 16],
  blockM: 1,
  folds: 5,
  supportM: SUPPORT_RADIUS_M,
};

/** Fit a radio map on calibration samples only; hyper-parameters by blocked cross-validation. */
export function fitRadioMap(
  samples: readonly CalibrationSample[],
  anchors: readonly Anchor[],
  options: RadioMapOptions = {},
  grid: Grid = gridForAnchors(anchors),
): FittedRadioMap {
  const o = { ...DEFAULTS, ...options };
  const base = options.base ?? DEFAULT_RADIO_MODEL;
  const models = fitRadioModels(samples, anchors, base);
  const n = grid.nx * grid.ny;
  const cellOf = samples.map((s) => cellIndex(grid, s.x, s.y));
  const foldOf = samples.map((s) => blockFold(s.x, s.y, o.blockM, o.folds));
  const surfaces = new Map<string, Float64Array>();
  const sigmaDb = new Map<string, number>();
  const chosen: FittedRadioMap['chosen'] = new Map();
  for (const a of anchors) {
    const model = models.get(a.id) ?? base;
    const pl = pathLossSurface(grid, a, model);
    // Residuals against the fit, summed per cell and per fold.
    const sums = Array.from({ length: o.folds }, () => new Float64Array(n));
    const counts = Array.from({ length: o.folds }, () => new Float64Array(n));
    const held: { c: number; f: number; r: number }[] = [];
    samples.forEach((s, k) => {
      const ob = s.observations.find((x) => x.gateway === a.id && Number.isFinite(x.rssi));
      const c = cellOf[k]!;
      if (!ob || c < 0) return;
      const r = ob.rssi - pl[c]!;
      sums[foldOf[k]!]![c] = sums[foldOf[k]!]![c]! + r;
      counts[foldOf[k]!]![c] = counts[foldOf[k]!]![c]! + 1;
      held.push({ c, f: foldOf[k]!, r });
    });
    const best = selectHyper(grid, sums, counts, held, o.bandwidthsM, o.shrinkage);
    const total = sumArrays(sums, -1);
    const count = sumArrays(counts, -1);
    const surface = smoothResiduals(grid, total, count, best.bandwidthM, best.shrinkage);
    for (let c = 0; c < n; c++) surface[c] = surface[c]! + pl[c]!;
    surfaces.set(a.id, surface);
    sigmaDb.set(a.id, Number.isFinite(best.cvRmseDb) ? best.cvRmseDb : model.sigmaDb);
    chosen.set(a.id, best);
  }
  const map: FittedRadioMap = {
    grid,
    surfaces,
    sigmaDb,
    txOffsetSigmaDb: base.txOffsetSigmaDb,
    chosen,
  };
  if (o.supportM > 0) map.support = supportOf(grid, cellOf, o.supportM);
  return map;
}

/** Weight per cell: min(1, Σ Gaussian(σ = radius) over the samples), at least SUPPORT_FLOOR. */
function supportOf(grid: Grid, cellOf: readonly number[], radiusM: number): Float64Array {
  const counts = new Float64Array(grid.nx * grid.ny);
  for (const c of cellOf) if (c >= 0) counts[c] = counts[c]! + 1;
  const density = convolve(grid, counts, radiusM / grid.step);
  for (let c = 0; c < density.length; c++)
    density[c] = Math.max(SUPPORT_FLOOR, Math.min(1, density[c]!));
  return density;
}

function selectHyper(
  grid: Grid,
  sums: Float64Array[],
  counts: Float64Array[],
  held: readonly { c: number; f: number; r: number }[],
  bandwidths: readonly number[],
  shrinkage: readonly number[],
) {
  let best = { bandwidthM: bandwidths[0] ?? 1, shrinkage: shrinkage[0] ?? 1, cvRmseDb: Infinity };
  if (held.length === 0) return best;
  for (const h of bandwidths) {
    for (const lam of shrinkage) {
      let se = 0;
      for (let f = 0; f < sums.length; f++) {
        const fit = smoothResiduals(grid, sumArrays(sums, f), sumArrays(counts, f), h, lam);
        for (const x of held) if (x.f === f) se += (x.r - fit[x.c]!) ** 2;
      }
      const rmse = Math.sqrt(se / held.length);
      if (rmse < best.cvRmseDb) best = { bandwidthM: h, shrinkage: lam, cvRmseDb: rmse };
    }
  }
  return best;
}

/** Σ arrays except the one at index `skip`. */
function sumArrays(arrays: readonly Float64Array[], skip: number): Float64Array {
  const out = new Float64Array(arrays[0]?.length ?? 0);
  arrays.forEach((a, i) => {
    if (i !== skip) for (let c = 0; c < out.length; c++) out[c] = out[c]! + a[c]!;
  });
  return out;
}

/** Nadaraya–Watson with a prior count: Σ K·r / (Σ K + λ), K Gaussian of bandwidth h. */
function smoothResiduals(
  grid: Grid,
  sums: Float64Array,
  counts: Float64Array,
  h: number,
  lam: number,
): Float64Array {
  const s = convolve(grid, sums, h / grid.step);
  const k = convolve(grid, counts, h / grid.step);
  for (let c = 0; c < s.length; c++) s[c] = s[c]! / (k[c]! + lam);
  return s;
}

/** Separable Gaussian convolution (unnormalised kernel peak 1) of a grid field. */
function convolve(grid: Grid, field: Float64Array, sigma: number): Float64Array {
  const { nx, ny } = grid;
  const r = Math.max(1, Math.ceil(3 * sigma));
  const kern = Array.from({ length: 2 * r + 1 }, (_, i) => Math.exp(-0.5 * ((i - r) / sigma) ** 2));
  const tmp = new Float64Array(field.length);
  const out = new Float64Array(field.length);
  for (let j = 0; j < ny; j++)
    for (let i = 0; i < nx; i++) {
      let acc = 0;
      for (let k = Math.max(-r, -i); k <= Math.min(r, nx - 1 - i); k++)
        acc += kern[k + r]! * field[j * nx + i + k]!;
      tmp[j * nx + i] = acc;
    }
  for (let j = 0; j < ny; j++)
    for (let i = 0; i < nx; i++) {
      let acc = 0;
      for (let k = Math.max(-r, -j); k <= Math.min(r, ny - 1 - j); k++)
        acc += kern[k + r]! * tmp[(j + k) * nx + i]!;
      out[j * nx + i] = acc;
    }
  return out;
}

/** Index of the cell containing (x, y), or −1 outside the grid. */
export function cellIndex(grid: Grid, x: number, y: number): number {
  const i = Math.round((x - grid.x0) / grid.step);
  const j = Math.round((y - grid.y0) / grid.step);
  return i >= 0 && j >= 0 && i < grid.nx && j < grid.ny ? j * grid.nx + i : -1;
}

/** Fold of the spatial block containing (x, y): a fixed hash of the block coordinates. */
function blockFold(x: number, y: number, blockM: number, folds: number): number {
  const bx = Math.floor(x / blockM);
  const by = Math.floor(y / blockM);
  const h = Math.imul(bx, 73856093) ^ Math.imul(by, 19349663);
  return ((h % folds) + folds) % folds;
}
