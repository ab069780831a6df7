/** Signal-domain motion test: has any link's mean RSSI shifted more than its noise explains? */

/** A timestamped reading of one link. */
export interface LinkReading {
  tMs: number;
  rssi: number;
}

/** Fewest readings per half-window for a link to take part in the test. */
const MIN_PER_HALF = 3;

/**
 * Mean over links of (m₂ − m₁)² / (s²·(1/n₁ + 1/n₂)) between the readings in
 * [t − 2·halfMs, t − halfMs) and [t − halfMs, t], s² the pooled within-half variance (floored at
 * 1 dB²). About 1 for a still tag; grows as the tag moves. NaN when no link has enough readings.
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

function moments(list: readonly LinkReading[], from: number, to: number) {
  let n = 0;
  let s = 0;
  for (const r of list) {
    if (r.tMs < from || r.tMs >= to) continue;
    n++;
    s += r.rssi;
  }
  const mean = n > 0 ? s / n : 0;
  let ss = 0;
  for (const r of list) if (r.tMs >= from && r.tMs < to) ss += (r.rssi - mean) ** 2;
  return { n, mean, ss };
}
