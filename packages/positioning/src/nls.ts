/** Levenberg–Marquardt on log-distance residuals, solving position and the tag's offset. */
import type { Signals } from './signals.ts';
import { cost, offsetPrior, searchBox, type Fix } from './solvers.ts';

const MAX_ITERATIONS = 8;
const STEP_TOLERANCE_M = 1e-3;
/** Pseudo-observations of the model σ blended with the residual variance. */
const PRIOR_DOF = 4;

// Normal equations of the 3 unknowns, reused: H (upper triangle) and gradient g.
const H = new Float64Array(6);
const G = new Float64Array(3);
const BOX = new Float64Array(4);

/** Accumulate JᵀWJ and JᵀWr at (x, y, b) into H and G; returns the cost. */
function normalEquations(s: Signals, x: number, y: number, b: number): number {
  const lb = offsetPrior(s);
  let hxx = 0;
  let hxy = 0;
  let hxb = 0;
  let hyy = 0;
  let hyb = 0;
  let hbb = lb;
  let gx = 0;
  let gy = 0;
  let gb = -lb * b;
  let c = lb * b * b;
  for (let i = 0; i < s.count; i++) {
    const dx = x - s.ax[i]!;
    const dy = y - s.ay[i]!;
    const d2 = dx * dx + dy * dy + s.dz2[i]! + 1e-6;
    const k = s.k[i]!;
    const w = s.w[i]!;
    const r = s.rssi[i]! - (s.p0[i]! + b - 0.5 * k * Math.log(d2));
    const jx = (-k * dx) / d2;
    const jy = (-k * dy) / d2;
    hxx += w * jx * jx;
    hxy += w * jx * jy;
    hxb += w * jx;
    hyy += w * jy * jy;
    hyb += w * jy;
    hbb += w;
    gx += w * jx * r;
    gy += w * jy * r;
    gb += w * r;
    c += w * r * r;
  }
  H[0] = hxx;
  H[1] = hxy;
  H[2] = hxb;
  H[3] = hyy;
  H[4] = hyb;
  H[5] = hbb;
  G[0] = gx;
  G[1] = gy;
  G[2] = gb;
  return c;
}

/** Solve the damped 3×3 system (H + μ·diag H)δ = G by Cramer's rule into out[0..2]. */
function solve3(mu: number, out: Float64Array): boolean {
  const a = H[0]! * (1 + mu);
  const b = H[1]!;
  const c = H[2]!;
  const d = H[3]! * (1 + mu);
  const e = H[4]!;
  const f = H[5]! * (1 + mu);
  const det = a * (d * f - e * e) - b * (b * f - e * c) + c * (b * e - d * c);
  if (!(Math.abs(det) > 1e-12)) return false;
  const g0 = G[0]!;
  const g1 = G[1]!;
  const g2 = G[2]!;
  out[0] = (g0 * (d * f - e * e) - b * (g1 * f - e * g2) + c * (g1 * e - d * g2)) / det;
  out[1] = (a * (g1 * f - e * g2) - g0 * (b * f - e * c) + c * (b * g2 - g1 * c)) / det;
  out[2] = (a * (d * g2 - g1 * e) - b * (b * g2 - g1 * c) + g0 * (b * e - d * c)) / det;
  return true;
}

const STEP = new Float64Array(3);

/** Refine fix.x/y/b in place by LM; then fill its covariance. Returns the final cost. */
export function refine(s: Signals, fix: Fix): number {
  const box = searchBox(s, BOX);
  let mu = 1e-3;
  let c = normalEquations(s, fix.x, fix.y, fix.b);
  for (let it = 0; it < MAX_ITERATIONS; it++) {
    if (!solve3(mu, STEP)) break;
    const nx = Math.min(box[2]!, Math.max(box[0]!, fix.x + STEP[0]!));
    const ny = Math.min(box[3]!, Math.max(box[1]!, fix.y + STEP[1]!));
    const nb = fix.b + STEP[2]!;
    const nc = cost(s, nx, ny, nb);
    if (nc < c) {
      const moved = Math.hypot(nx - fix.x, ny - fix.y);
      fix.x = nx;
      fix.y = ny;
      fix.b = nb;
      mu = Math.max(1e-6, mu / 4);
      c = normalEquations(s, fix.x, fix.y, fix.b);
      if (moved < STEP_TOLERANCE_M) break;
    } else {
      mu *= 8;
    }
  }
  covariance(s, c, fix);
  return c;
}

/** Covariance of (x, y) from H⁻¹, scaled by a variance that blends model σ with residuals. */
function covariance(s: Signals, finalCost: number, fix: Fix): void {
  const sigma2 = s.sigmaDb * s.sigmaDb;
  // Residuals larger than the model's σ mean the geometry alone flatters the fix: inflate it.
  const dof = Math.max(0, s.count - 2);
  const varEff = (PRIOR_DOF * sigma2 + finalCost) / (PRIOR_DOF + dof);
  const a = H[0]!;
  const b = H[1]!;
  const c = H[2]!;
  const d = H[3]!;
  const e = H[4]!;
  const f = H[5]!;
  const det = a * (d * f - e * e) - b * (b * f - e * c) + c * (b * e - d * c);
  const big = 1e6;
  if (!(det > 1e-12)) {
    fix.pxx = big;
    fix.pxy = 0;
    fix.pyy = big;
    return;
  }
  fix.pxx = (varEff * (d * f - e * e)) / det;
  fix.pxy = (-varEff * (b * f - c * e)) / det;
  fix.pyy = (varEff * (a * f - c * c)) / det;
}

/** Least squares from a starting fix (e.g. the weighted centroid): a few LM steps. */
export function solveLeastSquares(s: Signals, start: Fix): Fix {
  start.b = 0;
  refine(s, start);
  return start;
}
