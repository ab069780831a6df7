/** Constant-velocity Kalman filter in 2-D with Mahalanobis gating of position fixes. */

/** Filter state: position/velocity and the 4×4 covariance (row-major). */
export interface CvState {
  x: Float64Array;
  P: Float64Array;
}

/** A new filter at a position with its covariance; velocity starts at 0 ± vSigma. */
export function initCv(
  x: number,
  y: number,
  pxx: number,
  pxy: number,
  pyy: number,
  vSigma: number,
): CvState {
  const s: CvState = { x: new Float64Array([x, y, 0, 0]), P: new Float64Array(16) };
  s.P[0] = pxx;
  s.P[1] = pxy;
  s.P[4] = pxy;
  s.P[5] = pyy;
  s.P[10] = vSigma * vSigma;
  s.P[15] = vSigma * vSigma;
  return s;
}

const T = new Float64Array(16);

/** Predict dt seconds ahead; q is the white-acceleration spectral density (m²/s³). */
export function predictCv(s: CvState, dt: number, q: number): void {
  if (!(dt > 0)) return;
  const x = s.x;
  x[0] = x[0]! + dt * x[2]!;
  x[1] = x[1]! + dt * x[3]!;
  // P ← F P Fᵀ + Q with F = [[I, dt·I], [0, I]].
  const P = s.P;
  const at = (r: number, c: number): number => P[r * 4 + c]!;
  for (let r = 0; r < 4; r++) {
    for (let c = 0; c < 4; c++) {
      const rr = r < 2 ? at(r, c) + dt * at(r + 2, c) : at(r, c);
      T[r * 4 + c] = rr;
    }
  }
  for (let r = 0; r < 4; r++) {
    for (let c = 0; c < 4; c++) {
      const v = c < 2 ? T[r * 4 + c]! + dt * T[r * 4 + c + 2]! : T[r * 4 + c]!;
      P[r * 4 + c] = v;
    }
  }
  const q3 = (q * dt ** 3) / 3;
  const q2 = (q * dt ** 2) / 2;
  const q1 = q * dt;
  for (const i of [0, 1]) {
    P[i * 5] = P[i * 5]! + q3;
    P[i * 4 + i + 2] = P[i * 4 + i + 2]! + q2;
    P[(i + 2) * 4 + i] = P[(i + 2) * 4 + i]! + q2;
    P[(i + 2) * 5] = P[(i + 2) * 5]! + q1;
  }
}

/** Squared Mahalanobis distance of a position fix from the prediction. */
export function mahalanobis2(
  s: CvState,
  zx: number,
  zy: number,
  rxx: number,
  rxy: number,
  ryy: number,
): number {
  const sxx = s.P[0]! + rxx;
  const sxy = s.P[1]! + rxy;
  const syy = s.P[5]! + ryy;
  const det = sxx * syy - sxy * sxy;
  const dx = zx - s.x[0]!;
  const dy = zy - s.x[1]!;
  return det > 0 ? (syy * dx * dx - 2 * sxy * dx * dy + sxx * dy * dy) / det : Infinity;
}

/** Measurement update with a position fix and its covariance R. */
export function updateCv(
  s: CvState,
  zx: number,
  zy: number,
  rxx: number,
  rxy: number,
  ryy: number,
): void {
  const P = s.P;
  const sxx = P[0]! + rxx;
  const sxy = P[1]! + rxy;
  const syy = P[5]! + ryy;
  const det = sxx * syy - sxy * sxy;
  if (!(det > 0)) return;
  const ixx = syy / det;
  const ixy = -sxy / det;
  const iyy = sxx / det;
  const dx = zx - s.x[0]!;
  const dy = zy - s.x[1]!;
  // K = P Hᵀ S⁻¹ where P Hᵀ is the first two columns of P.
  const K = new Float64Array(8);
  for (let r = 0; r < 4; r++) {
    const p0 = P[r * 4]!;
    const p1 = P[r * 4 + 1]!;
    K[r * 2] = p0 * ixx + p1 * ixy;
    K[r * 2 + 1] = p0 * ixy + p1 * iyy;
  }
  for (let r = 0; r < 4; r++) s.x[r] = s.x[r]! + K[r * 2]! * dx + K[r * 2 + 1]! * dy;
  // P ← P − K (H P), with H P the first two rows of P.
  const HP = P.slice(0, 8);
  for (let r = 0; r < 4; r++) {
    for (let c = 0; c < 4; c++) {
      P[r * 4 + c] = P[r * 4 + c]! - K[r * 2]! * HP[c]! - K[r * 2 + 1]! * HP[4 + c]!;
    }
  }
  symmetrise(P);
}

/** P ← (P + Pᵀ) / 2: rounding must not let the two triangles drift apart and feed on it. */
function symmetrise(P: Float64Array): void {
  for (let r = 1; r < 4; r++) {
    for (let c = 0; c < r; c++) {
      const v = (P[r * 4 + c]! + P[c * 4 + r]!) / 2;
      P[r * 4 + c] = v;
      P[c * 4 + r] = v;
    }
  }
}
