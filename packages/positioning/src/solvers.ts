/** The estimators, all reading the same Signals buffers and writing one reusable Fix. */
import type { Signals } from './signals.ts';

/** A solver's output: position, tag offset (dB) and its 2-D covariance (m²). */
export interface Fix {
  x: number;
  y: number;
  /** Estimated transmit-power offset of the tag against the model (dB). */
  b: number;
  pxx: number;
  pxy: number;
  pyy: number;
}

/** A zeroed Fix to reuse between solves. */
export function createFix(): Fix {
  return { x: 0, y: 0, b: 0, pxx: 0, pxy: 0, pyy: 0 };
}

/** Smallest RMSE claimed for a strongest-gateway fix (m). */
const STRONGEST_MIN_ERROR_M = 2;
/** Longest range the model is trusted for when turning RSSI into metres. */
const MAX_RANGE_M = 30;

/** Range implied by signal i under its model, clamped to a sane span. */
function rangeOf(s: Signals, i: number): number {
  const d = Math.exp((s.p0[i]! - s.rssi[i]!) / s.k[i]!);
  return Math.min(MAX_RANGE_M, Math.max(0.1, d));
}

function horizontal(d: number, dz2: number): number {
  return Math.sqrt(Math.max(0, d * d - dz2));
}

/** Position of the strongest gateway; spread = the range that gateway implies. */
export function solveStrongest(s: Signals, out: Fix): Fix {
  const i = s.strongest;
  const d = rangeOf(s, i);
  const sd = (d * s.sigmaDb) / s.k[i]!;
  // A gateway's cell is never a point: neighbours are metres apart, so floor the spread.
  const v = Math.max(STRONGEST_MIN_ERROR_M ** 2, horizontal(d, s.dz2[i]!) ** 2 + sd * sd) / 2;
  return setFix(out, s.ax[i]!, s.ay[i]!, 0, v, 0, v);
}

/** RSSI-weighted centroid; spread from the mismatch between its distances and the model's. */
export function solveCentroid(s: Signals, out: Fix): Fix {
  let sx = 0;
  let sy = 0;
  let sw = 0;
  for (let i = 0; i < s.count; i++) {
    sx += s.cw[i]! * s.ax[i]!;
    sy += s.cw[i]! * s.ay[i]!;
    sw += s.cw[i]!;
  }
  const x = sx / sw;
  const y = sy / sw;
  let bias2 = 0;
  let noise2 = 0;
  for (let i = 0; i < s.count; i++) {
    const d = rangeOf(s, i);
    const gap = Math.hypot(x - s.ax[i]!, y - s.ay[i]!) - horizontal(d, s.dz2[i]!);
    bias2 += s.cw[i]! * gap * gap;
    noise2 += s.cw[i]! * ((d * s.sigmaDb) / s.k[i]!) ** 2;
  }
  const v = (bias2 / sw + noise2 / sw / s.count) / 2;
  return setFix(out, x, y, 0, v, 0, v);
}

function setFix(
  out: Fix,
  x: number,
  y: number,
  b: number,
  pxx: number,
  pxy: number,
  pyy: number,
): Fix {
  out.x = x;
  out.y = y;
  out.b = b;
  out.pxx = pxx;
  out.pxy = pxy;
  out.pyy = pyy;
  return out;
}

/** Weight of the prior that keeps the tag offset b near 0 (σ²/σ_b²); huge when b is fixed. */
export function offsetPrior(s: Signals): number {
  return s.txOffsetSigmaDb > 0 ? (s.sigmaDb / s.txOffsetSigmaDb) ** 2 : 1e12;
}

/** Weighted cost Σ w (rssi − model)² + prior·b² at (x, y, b). */
export function cost(s: Signals, x: number, y: number, b: number): number {
  let c = offsetPrior(s) * b * b;
  for (let i = 0; i < s.count; i++) {
    const dx = x - s.ax[i]!;
    const dy = y - s.ay[i]!;
    const r =
      s.rssi[i]! - (s.p0[i]! + b - 0.5 * s.k[i]! * Math.log(dx * dx + dy * dy + s.dz2[i]! + 1e-6));
    c += s.w[i]! * r * r;
  }
  return c;
}

/** Search box: anchors' bounding box plus a margin, as [minX, minY, maxX, maxY]. */
export function searchBox(s: Signals, box: Float64Array): Float64Array {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (let i = 0; i < s.count; i++) {
    x0 = Math.min(x0, s.ax[i]!);
    x1 = Math.max(x1, s.ax[i]!);
    y0 = Math.min(y0, s.ay[i]!);
    y1 = Math.max(y1, s.ay[i]!);
  }
  // A tag is rarely far outside its gateways' hull; the margin lets it sit a little outside.
  const margin = Math.max(2, 0.15 * Math.hypot(x1 - x0, y1 - y0));
  box[0] = x0 - margin;
  box[1] = y0 - margin;
  box[2] = x1 + margin;
  box[3] = y1 + margin;
  return box;
}
