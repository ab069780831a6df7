/**
 * The Kalman engine of mobile mode: a constant-velocity filter on single-epoch fixes, gating
 * outliers by their Mahalanobis distance and trusting the fixes again after a few rejections.
 */
import { initCv, mahalanobis2, predictCv, updateCv, type CvState } from './kalman.ts';
import { confidenceFromError } from './locate.ts';
import { MIN_FIX_VARIANCE } from './tracker-stillness.ts';
import type { Estimate } from './types.ts';
import { metres } from './units.ts';

/** Consecutive gated-out fixes after which the filter trusts the fixes again (re-initialises). */
const MAX_REJECTIONS = 3;

/** A tracked Kalman state and how it is fed. */
export interface FixFilter {
  /** Advance dtS seconds, then take the fix when there is a fresh one. */
  step(fix: Estimate | null, fresh: boolean, dtS: number): void;
  /** The filtered estimate (without motion and time), null before the first fix. */
  estimate(last: Estimate | null): (Estimate & { vx: number; vy: number }) | null;
  reset(): void;
}

/** A filter with white-acceleration density processNoise (m²/s³) and gate (χ², 2 dof). */
export function createFixFilter(processNoise: number, gate: number): FixFilter {
  let kf: CvState | null = null;
  let rejections = 0;
  return {
    step(fix, fresh, dtS) {
      if (kf && dtS > 0) predictCv(kf, dtS, processNoise);
      if (!fix || !fresh) return;
      const e2 = (fix.errorM ?? 3) ** 2 / 2;
      const c = fix.covariance ?? { xx: e2, xy: 0, yy: e2 };
      const rxx = Math.max(MIN_FIX_VARIANCE, c.xx);
      const ryy = Math.max(MIN_FIX_VARIANCE, c.yy);
      if (!kf || rejections >= MAX_REJECTIONS) {
        kf = initCv(fix.x, fix.y, rxx, c.xy, ryy, 1);
        rejections = 0;
        return;
      }
      if (mahalanobis2(kf, fix.x, fix.y, rxx, c.xy, ryy) > gate) {
        rejections++;
        return;
      }
      rejections = 0;
      updateCv(kf, fix.x, fix.y, rxx, c.xy, ryy);
    },
    estimate(last) {
      if (!kf) return null;
      const errorM = Math.sqrt(kf.P[0]! + kf.P[5]!);
      return {
        x: metres(kf.x[0]!),
        y: metres(kf.x[1]!),
        confidence: confidenceFromError(errorM),
        method: last?.method ?? 'maximum-likelihood',
        signalsUsed: last?.signalsUsed ?? 0,
        primaryGateway: last?.primaryGateway ?? null,
        errorM: metres(errorM),
        covariance: { xx: kf.P[0]!, xy: kf.P[1]!, yy: kf.P[5]! },
        vx: kf.x[2]!,
        vy: kf.x[3]!,
      };
    },
    reset() {
      kf = null;
      rejections = 0;
    },
  };
}
