/** Small statistics helpers for the benchmarks. */
import { gaussian, rng } from '@rtls/positioning';

/** The q-quantile (0..1) of the values, by nearest rank. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return NaN;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))]!;
}

/** Root mean square. */
export function rms(values: readonly number[]): number {
  return Math.sqrt(values.reduce((a, v) => a + v * v, 0) / values.length);
}

/** Mean. */
export function mean(values: readonly number[]): number {
  return values.reduce((a, v) => a + v, 0) / values.length;
}

/**
 * Median and p90 of an error pooled over spots, each spot's error a circular Gaussian with the
 * given p90 (so σ = p90 / √(2 ln 10)); a spot with an infinite p90 (one the layout cannot locate)
 * is never within any radius. How a predicted-accuracy map is set beside measured errors.
 */
export function pooledCircularErrors(p90s: readonly number[]): { median: number; p90: number } {
  const sigmas = p90s.map((p) => p / Math.sqrt(2 * Math.log(10)));
  const cdf = (r: number) =>
    sigmas.reduce(
      (s, sg) => s + (Number.isFinite(sg) ? 1 - Math.exp(-(r * r) / (2 * sg * sg)) : 0),
      0,
    ) / sigmas.length;
  const at = (p: number) => {
    let [lo, hi] = [0, 100];
    for (let i = 0; i < 60; i++) {
      const mid = (lo + hi) / 2;
      if (cdf(mid) < p) lo = mid;
      else hi = mid;
    }
    return lo;
  };
  return { median: at(0.5), p90: at(0.9) };
}

/** Seeded random numbers: the positioning package's single copy. */
export { gaussian, rng };

function ranks(values: readonly number[]): number[] {
  const order = values.map((_, i) => i).sort((a, b) => values[a]! - values[b]!);
  const r = new Array<number>(values.length);
  for (let k = 0; k < order.length;) {
    let e = k;
    while (e + 1 < order.length && values[order[e + 1]!] === values[order[k]!]) e++;
    for (let t = k; t <= e; t++) r[order[t]!] = (k + e) / 2;
    k = e + 1;
  }
  return r;
}

/** Spearman rank correlation (ties get their mean rank). */
export function spearman(a: readonly number[], b: readonly number[]): number {
  const ra = ranks(a);
  const rb = ranks(b);
  const ma = mean(ra);
  const mb = mean(rb);
  let num = 0;
  let da = 0;
  let db = 0;
  for (let i = 0; i < ra.length; i++) {
    num += (ra[i]! - ma) * (rb[i]! - mb);
    da += (ra[i]! - ma) ** 2;
    db += (rb[i]! - mb) ** 2;
  }
  return num / Math.sqrt(da * db);
}

/**
 * `draws` block-bootstrap resamples of a statistic: each draws as many blocks as there are, with
 * replacement, and evaluates `stat` on the indices of their items (`blocks[i]` is item i's block).
 */
export function blockBootstrap<T>(
  blocks: readonly number[],
  draws: number,
  seed: number,
  stat: (indices: number[]) => T,
): T[] {
  const byBlock = new Map<number, number[]>();
  blocks.forEach((b, i) => {
    const list = byBlock.get(b);
    if (list) list.push(i);
    else byBlock.set(b, [i]);
  });
  const groups = [...byBlock.values()];
  const rand = rng(seed);
  const out: T[] = [];
  for (let d = 0; d < draws; d++) {
    const indices: number[] = [];
    for (let k = 0; k < groups.length; k++)
      indices.push(...groups[Math.floor(rand() * groups.length)]!);
    out.push(stat(indices));
  }
  return out;
}
