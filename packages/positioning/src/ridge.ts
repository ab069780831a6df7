/**
 * A small forgetting regression with a Gaussian prior per parameter and box bounds: the normal
 * equations are accumulated (and faded), and solved with the parameters that would leave their
 * bounds held at them (a few active-set passes; the systems here have a handful of parameters).
 */

/** Prior and bounds of one parameter. */
export interface RidgePrior {
  mean: number;
  sigma: number;
  min: number;
  max: number;
}

/** Normal equations of a regression y = θ·f + noise, with forgetting. */
export interface Ridge {
  readonly dim: number;
  /** Fade what was accumulated by this factor (0..1). */
  fade(keep: number): void;
  /** Add one observation: features f (length dim), target y, weight w. */
  add(f: ArrayLike<number>, y: number, w: number): void;
  /** The estimate at the priors and bounds, into out (length dim). */
  solve(out: Float64Array): void;
}

/** A regression of `priors.length` parameters. */
export function createRidge(priors: readonly RidgePrior[]): Ridge {
  const n = priors.length;
  const A = new Float64Array(n * n);
  const b = new Float64Array(n);
  return {
    dim: n,
    fade(keep) {
      for (let i = 0; i < A.length; i++) A[i] = A[i]! * keep;
      for (let i = 0; i < n; i++) b[i] = b[i]! * keep;
    },
    add(f, y, w) {
      for (let i = 0; i < n; i++) {
        const wf = w * f[i]!;
        b[i] = b[i]! + wf * y;
        for (let j = 0; j < n; j++) A[i * n + j] = A[i * n + j]! + wf * f[j]!;
      }
    },
    solve(out) {
      const held = new Array<boolean>(n).fill(false);
      for (let pass = 0; pass <= n; pass++) {
        solveFree(A, b, priors, held, out);
        let moved = false;
        for (let i = 0; i < n; i++) {
          const p = priors[i]!;
          if (held[i]) continue;
          if (out[i]! < p.min || out[i]! > p.max) {
            out[i] = Math.min(p.max, Math.max(p.min, out[i]!));
            held[i] = true;
            moved = true;
          }
        }
        if (!moved) return;
      }
    },
  };
}

/**
 * (A + Λ)θ = b + Λμ over the parameters not held, the held ones fixed at their values in out
 * (Gaussian elimination with partial pivoting; Λ makes the system positive definite).
 */
function solveFree(
  A: Float64Array,
  b: Float64Array,
  priors: readonly RidgePrior[],
  held: readonly boolean[],
  out: Float64Array,
): void {
  const n = priors.length;
  const free: number[] = [];
  for (let i = 0; i < n; i++) if (!held[i]) free.push(i);
  const m = free.length;
  const M = new Float64Array(m * (m + 1));
  free.forEach((i, r) => {
    const p = priors[i]!;
    const lambda = 1 / (p.sigma * p.sigma);
    let rhs = b[i]! + lambda * p.mean;
    for (let j = 0; j < n; j++) if (held[j]) rhs -= A[i * n + j]! * out[j]!;
    free.forEach((j, c) => (M[r * (m + 1) + c] = A[i * n + j]! + (i === j ? lambda : 0)));
    M[r * (m + 1) + m] = rhs;
  });
  for (let c = 0; c < m; c++) {
    let pivot = c;
    for (let r = c + 1; r < m; r++) {
      if (Math.abs(M[r * (m + 1) + c]!) > Math.abs(M[pivot * (m + 1) + c]!)) pivot = r;
    }
    if (pivot !== c) {
      for (let k = 0; k <= m; k++) {
        const t = M[c * (m + 1) + k]!;
        M[c * (m + 1) + k] = M[pivot * (m + 1) + k]!;
        M[pivot * (m + 1) + k] = t;
      }
    }
    const d = M[c * (m + 1) + c]!;
    for (let r = 0; r < m; r++) {
      if (r === c) continue;
      const f = M[r * (m + 1) + c]! / d;
      if (f === 0) continue;
      for (let k = c; k <= m; k++)
        M[r * (m + 1) + k] = M[r * (m + 1) + k]! - f * M[c * (m + 1) + k]!;
    }
  }
  free.forEach((i, r) => (out[i] = M[r * (m + 1) + m]! / M[r * (m + 1) + r]!));
}
