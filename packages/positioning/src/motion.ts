/** Signal-domain motion test: has any link's mean RSSI shifted more than its noise explains? */

/** A timestamped reading of one link. */
export interface LinkReading {
  tMs: number;
  rssi: number;
}

/** Fewest readings per half-window for a link to take part in the test. */
const MIN_PER_HALF = 3;

/**
 * Mean over links (each a list of readings in time order) of (m₂ − m₁)² / (s²·(1/n₁ + 1/n₂))
 * between the readings in [t − 2·halfMs, t − halfMs) and [t − halfMs, t], s² the pooled
 * within-half variance (floored at 1 dB²). About 1 for a still tag; grows as the tag moves. NaN
 * when no link has enough readings.
 */
export function rssiShift(
  links: Iterable<readonly LinkReading[]>,
  tMs: number,
  halfMs: number,
): number {
  let sum = 0;
  let used = 0;
  for (const list of links) {
    const a = moments(list, tMs - 2 * halfMs, tMs - halfMs);
    const b = moments(list, tMs - halfMs, tMs + 1e-9);
    if (a.n < MIN_PER_HALF || b.n < MIN_PER_HALF) continue;
    const pooled = Math.max(1, (a.ss + b.ss) / (a.n + b.n - 2));
    sum += (b.mean - a.mean) ** 2 / (pooled * (1 / a.n + 1 / b.n));
    used++;
  }
  return used > 0 ? sum / used : NaN;
}

/** The readings in [from, to) of a list in time order: their count, mean and squared deviations. */
function moments(list: readonly LinkReading[], from: number, to: number) {
  // First reading at or after `from` (binary search: a list holds up to a minute of readings).
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]!.tMs < from) lo = mid + 1;
    else hi = mid;
  }
  let end = lo;
  let s = 0;
  while (end < list.length && list[end]!.tMs < to) s += list[end++]!.rssi;
  const n = end - lo;
  const mean = n > 0 ? s / n : 0;
  let ss = 0;
  for (let i = lo; i < end; i++) ss += (list[i]!.rssi - mean) ** 2;
  return { n, mean, ss };
}

/** A fix with its variance per axis (m²). */
export interface TimedFix {
  tMs: number;
  x: number;
  y: number;
  v: number;
}

/**
 * Has the tag left where it stood? The precision-weighted mean of the fixes in the last recentMs
 * against that of the earlier ones since `sinceMs`, as χ² with 2 degrees of freedom (each mean's
 * variance from its fixes', counting the fixes of one `independentMs` as one: fixes made from
 * overlapping reading windows share their noise). NaN when either side has no fix.
 */
export function departure(
  fixes: readonly TimedFix[],
  tMs: number,
  sinceMs: number,
  recentMs: number,
  independentMs: number,
): number {
  const a = weighted(fixes, sinceMs, tMs - recentMs);
  const b = weighted(fixes, tMs - recentMs, tMs + 1e-9);
  if (!(a.w > 0) || !(b.w > 0)) return NaN;
  const va = Math.max(1 / a.w, a.v / Math.max(1, (tMs - recentMs - a.first) / independentMs));
  const vb = b.v / Math.max(1, Math.min(b.n, recentMs / independentMs));
  return ((a.x - b.x) ** 2 + (a.y - b.y) ** 2) / (va + vb);
}

function weighted(fixes: readonly TimedFix[], from: number, to: number) {
  let w = 0;
  let x = 0;
  let y = 0;
  let v = 0;
  let n = 0;
  let first = Infinity;
  for (const f of fixes) {
    if (f.tMs < from || f.tMs >= to) continue;
    first = Math.min(first, f.tMs);
    w += 1 / f.v;
    x += f.x / f.v;
    y += f.y / f.v;
    v += f.v;
    n++;
  }
  return { w, n, first, x: w > 0 ? x / w : 0, y: w > 0 ? y / w : 0, v: n > 0 ? v / n : 0 };
}
