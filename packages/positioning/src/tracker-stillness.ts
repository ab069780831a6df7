/**
 * Auto mode's motion detector: is the tag standing still? From the spread of its recent fixes,
 * the drift of its links' levels, and whether its newest fixes left where it stood.
 */
import { departure, rssiShift, type TimedFix } from './motion.ts';
import type { HistoryReading } from './reading-history.ts';
import type { Estimate } from './types.ts';

/**
 * Auto mode calls the tag static when its fixes over the last AUTO_STILL_MS scatter no more than
 * their own covariances predict (χ² per degree of freedom under AUTO_STILL_CHI2: about 1 when
 * still, so 1.5 leaves room for fixes that are not independent).
 */
const AUTO_STILL_MS = 10_000;
const AUTO_STILL_CHI2 = 1.5;
/** ...and the links' mean RSSI over the two halves of that span agree (see rssiShift; H₀ ≈ 1). */
const AUTO_STILL_RSSI_SHIFT = 3;
/**
 * ...and neither the fixes of the last DEPART_MS nor those of the last AUTO_STILL_MS have left
 * the average of the still span before them (χ² with 2 degrees of freedom beyond its 99 %
 * point): a tag that walks off is noticed in seconds, one that creeps within AUTO_STILL_MS.
 */
const DEPART_MS = 3_000;
const DEPART_CHI2 = 9.2;
/** Smallest fix variance (m²): no single fix is trusted to better than ~20 cm. */
export const MIN_FIX_VARIANCE = 0.04;

/** The detector's verdicts over time. */
export interface Stillness {
  readonly motion: 'static' | 'mobile';
  /** Since when the tag has been still (−∞ in static mode until the first verdict). */
  readonly stillSince: number;
  /** Whether the fixes have yet been enough for a verdict (static mode assumes still before). */
  readonly judged: boolean;
  /**
   * Take the newest fix (when fresh) and decide; true when the tag was still and now moves
   * (whoever tracks it should restart where it now is).
   */
  observe(
    fix: Estimate | null,
    fresh: boolean,
    tMs: number,
    links: Iterable<readonly HistoryReading[]>,
  ): boolean;
  /** Forget the fixes (they were taken with other gateways) but keep the verdict. */
  forgetFixes(): void;
  reset(): void;
}

/** A detector for `mode` ('mobile' never calls a tag still; 'static' always does). */
export function createStillness(
  mode: 'auto' | 'static' | 'mobile',
  windows: { staticWindowMs: number; mobileWindowMs: number },
): Stillness {
  const recent: TimedFix[] = [];
  let motion: 'static' | 'mobile' = mode === 'static' ? 'static' : 'mobile';
  let stillSince = -Infinity;
  let judged = false;

  /** χ² per degree of freedom of the fixes in the span about their weighted mean. */
  function scatter(span: readonly TimedFix[]): number {
    let sw = 0;
    let sx = 0;
    let sy = 0;
    for (const r of span) {
      sw += 1 / r.v;
      sx += r.x / r.v;
      sy += r.y / r.v;
    }
    let chi2 = 0;
    for (const r of span) chi2 += ((r.x - sx / sw) ** 2 + (r.y - sy / sw) ** 2) / r.v;
    return chi2 / (2 * (span.length - 1));
  }

  return {
    get motion() {
      return motion;
    },
    get stillSince() {
      return stillSince;
    },
    get judged() {
      return judged;
    },
    observe(fix, fresh, tMs, links) {
      if (mode === 'mobile') return false;
      if (fix && fresh) {
        const v = Math.max(MIN_FIX_VARIANCE, (fix.errorM ?? 3) ** 2 / 2);
        recent.push({ tMs, x: fix.x, y: fix.y, v });
      }
      while (recent.length > 0 && recent[0]!.tMs < tMs - windows.staticWindowMs) recent.shift();
      const span = recent.filter((r) => r.tMs >= tMs - AUTO_STILL_MS);
      if (span.length < 5) return false;
      // Slow walkers scatter less than their fixes' noise: also ask whether the links drifted.
      const shift = rssiShift(links, tMs, AUTO_STILL_MS / 2);
      // A tag that stood still and walks off: its newest fixes leave the still span's average.
      const w = windows.mobileWindowMs;
      const left =
        motion === 'static' &&
        (departure(recent, tMs, stillSince, DEPART_MS, w) > DEPART_CHI2 ||
          departure(recent, tMs, stillSince, AUTO_STILL_MS, w) > DEPART_CHI2);
      const still = !left && scatter(span) < AUTO_STILL_CHI2 && !(shift > AUTO_STILL_RSSI_SHIFT);
      const started = !still && motion === 'static';
      if (still && (motion !== 'static' || !judged)) stillSince = tMs - AUTO_STILL_MS;
      judged = true;
      motion = still ? 'static' : 'mobile';
      return started;
    },
    forgetFixes() {
      recent.length = 0;
    },
    reset() {
      recent.length = 0;
      stillSince = -Infinity;
      judged = false;
      motion = mode === 'static' ? 'static' : 'mobile';
    },
  };
}
