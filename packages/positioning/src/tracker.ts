/** Causal tracking over time: RSSI smoothing per gateway, then averaging or a Kalman filter. */
import type { RadioMap } from './grid.ts';
import { createGridStage, DECORRELATION_MS, type GridEstimate } from './grid-track.ts';
import { initCv, mahalanobis2, predictCv, updateCv, type CvState } from './kalman.ts';
import { departure, rssiShift, type TimedFix } from './motion.ts';
import { createReadingHistory } from './reading-history.ts';
import { confidenceFromError, DEFAULT_LOCATE_SETTINGS, locate } from './locate.ts';
import type { LocateOptions } from './signals.ts';
import type { Anchor, Estimate, LocateSettings, Observation } from './types.ts';
import { metres } from './units.ts';

/** Spec §3 positioningMode. */
export type PositioningMode = 'auto' | 'static' | 'mobile';

/** A single-epoch estimator the tracker can use (locate, or a calibrated one). */
export type Locator = (
  observations: readonly Observation[],
  anchors: readonly Anchor[],
  settings: LocateSettings,
) => Estimate | null;

/** Tracker tuning; every field has a generic default. */
export interface TrackerOptions {
  mode?: PositioningMode;
  settings?: LocateSettings;
  locateOptions?: LocateOptions;
  /** Replace the single-epoch estimator (e.g. a fingerprint locator). */
  locator?: Locator;
  /** RSSI averaging window per gateway while moving (ms). */
  mobileWindowMs?: number;
  /** RSSI averaging window per gateway while still (ms). */
  staticWindowMs?: number;
  /** White-acceleration density of the motion model (m²/s³); walking ≈ 0.5. */
  processNoise?: number;
  /** Fixes farther than this squared Mahalanobis distance are outliers (99.9 % for 2 dof). */
  gate?: number;
  /**
   * Mobile-mode engine: 'grid' (default) is a Bayes filter on the radio map's likelihood, used
   * with the ML/auto algorithms and no custom locator; 'kalman' filters single-epoch fixes.
   */
  filter?: 'grid' | 'kalman';
  /** A calibrated radio map for the grid engine (e.g. from fitRadioMap). */
  radioMap?: RadioMap;
  /** Grid engine: carry a velocity and drift the belief by it (default true). */
  velocity?: boolean;
  /** Grid engine: correlation time of a link's shadowing (ms); DECORRELATION_MS when absent. */
  decorrelationMs?: number;
  /** Grid engine: extra random-walk variance rate (m²/s); see GridStageOptions.diffusion. */
  diffusion?: number;
  /** Grid engine: cell size of the filter grid (m); see GridStageOptions.cellM. */
  gridCellM?: number;
  /** Grid engine: most cells of the filter grid; see GridStageOptions.maxCells. */
  gridMaxCells?: number;
  /** Grid engine: learn the site's radio model online; see GridStageOptions.selfCalibrate. */
  selfCalibrate?: boolean;
  /** Grid engine: the site the anchors belong to; see GridStageOptions.siteId. */
  siteId?: string;
  /** Grid engine: learn the tag's transmit level; see GridStageOptions.learnTagLevel. */
  learnTagLevel?: boolean;
  /** Grid engine: widen confidence by the fit; see GridStageOptions.fitInflation. */
  fitInflation?: boolean;
}

/** A tracked position: the Estimate plus the motion state. */
export interface TrackedEstimate extends Estimate {
  motion: 'static' | 'mobile';
  vx: number;
  vy: number;
  tMs: number;
}

/** Stateful per-tag tracker; update() must be called with non-decreasing tMs. */
export interface Tracker {
  update(
    observations: readonly Observation[],
    anchors: readonly Anchor[],
    tMs: number,
  ): TrackedEstimate | null;
  readonly motion: 'static' | 'mobile';
  reset(): void;
}

/**
 * Generic defaults (physics and statistics, not fitted): RSSI is averaged over 2 s while moving
 * (≤ 2 m at walking speed) and 60 s while still; the Kalman engine's white acceleration 0.5 m²/s³
 * is a gentle walker; the gate 13.8 is the 99.9 % point of χ² with 2 degrees of freedom.
 */
const DEFAULTS = { mobileWindowMs: 2_000, staticWindowMs: 60_000, processNoise: 0.5, gate: 13.8 };
/** Consecutive gated-out fixes after which the filter trusts the fixes again (re-initialises). */
const MAX_REJECTIONS = 3;
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
const MIN_FIX_VARIANCE = 0.04;

/** A tracker for one tag in the given positioningMode. */
export function createTracker(options: TrackerOptions = {}): Tracker {
  const o = { ...DEFAULTS, ...options };
  const mode = o.mode ?? 'auto';
  const settings = o.settings ?? DEFAULT_LOCATE_SETTINGS;
  const inner: LocateSettings = { ...settings, minConfidence: 0 };
  const locator: Locator = o.locator ?? ((obs, an, st) => locate(obs, an, st, o.locateOptions));
  const history = createReadingHistory();
  let kf: CvState | null = null;
  let lastT = -Infinity;
  let rejections = 0;
  const recent: TimedFix[] = [];
  let motion: 'static' | 'mobile' = mode === 'static' ? 'static' : 'mobile';
  // When auto mode last found the tag still (−∞ in static mode: always still).
  let stillSince = -Infinity;
  const useGrid =
    (o.filter ?? 'grid') === 'grid' &&
    (o.radioMap !== undefined ||
      (!o.locator &&
        (settings.algorithm === 'auto' || settings.algorithm === 'maximum-likelihood')));
  const grid = createGridStage({
    radioMap: o.radioMap,
    locateOptions: o.locateOptions,
    settings,
    processNoise: options.processNoise,
    gate: options.gate,
    velocity: o.velocity,
    decorrelationMs: o.decorrelationMs,
    diffusion: o.diffusion,
    cellM: o.gridCellM,
    maxCells: o.gridMaxCells,
    selfCalibrate: o.selfCalibrate,
    siteId: o.siteId,
    learnTagLevel: o.learnTagLevel,
    fitInflation: o.fitInflation,
  });
  const tau = o.decorrelationMs ?? DECORRELATION_MS;
  let gridFix: GridEstimate | null = null;

  function trackGrid(fresh: boolean, tMs: number): void {
    if (!fresh) return;
    const obs = smoothed(tMs, tau);
    const e = obs.length >= settings.minSignalCount ? grid.step(obs, anchorsNow, tMs) : null;
    if (e) gridFix = e;
  }
  let anchorsNow: readonly Anchor[] = [];

  const smoothed = (tMs: number, windowMs: number) =>
    history.smoothed(tMs, windowMs, o.staticWindowMs);

  function trackMobile(fix: Estimate | null, fresh: boolean, tMs: number): void {
    if (kf) predictCv(kf, (tMs - lastT) / 1000, o.processNoise);
    if (!fix || !fresh) return;
    const c = fix.covariance ?? {
      xx: (fix.errorM ?? 3) ** 2 / 2,
      xy: 0,
      yy: (fix.errorM ?? 3) ** 2 / 2,
    };
    const rxx = Math.max(MIN_FIX_VARIANCE, c.xx);
    const ryy = Math.max(MIN_FIX_VARIANCE, c.yy);
    if (!kf || rejections >= MAX_REJECTIONS) {
      kf = initCv(fix.x, fix.y, rxx, c.xy, ryy, 1);
      rejections = 0;
      return;
    }
    if (mahalanobis2(kf, fix.x, fix.y, rxx, c.xy, ryy) > o.gate) {
      rejections++;
      return;
    }
    rejections = 0;
    updateCv(kf, fix.x, fix.y, rxx, c.xy, ryy);
  }

  function detectMotion(fix: Estimate | null, fresh: boolean, tMs: number): void {
    if (mode === 'mobile') return;
    if (fix && fresh) {
      const v = Math.max(MIN_FIX_VARIANCE, (fix.errorM ?? 3) ** 2 / 2);
      recent.push({ tMs, x: fix.x, y: fix.y, v });
    }
    while (recent.length > 0 && recent[0]!.tMs < tMs - o.staticWindowMs) recent.shift();
    const span = recent.filter((r) => r.tMs >= tMs - AUTO_STILL_MS);
    if (span.length < 5) return;
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
    // Slow walkers scatter less than their fixes' noise: also ask whether the links' RSSI drifted.
    const shift = rssiShift(history.links(), tMs, AUTO_STILL_MS / 2);
    // A tag that stood still and walks off: its newest fixes leave the still span's average.
    const left =
      motion === 'static' &&
      (departure(recent, tMs, stillSince, DEPART_MS, o.mobileWindowMs) > DEPART_CHI2 ||
        departure(recent, tMs, stillSince, AUTO_STILL_MS, o.mobileWindowMs) > DEPART_CHI2);
    const still =
      !left && chi2 / (2 * (span.length - 1)) < AUTO_STILL_CHI2 && !(shift > AUTO_STILL_RSSI_SHIFT);
    if (!still && motion === 'static') kf = null; // restart the filter where the tag now is
    if (still && motion !== 'static') stillSince = tMs - AUTO_STILL_MS;
    motion = still ? 'static' : 'mobile';
  }

  return {
    get motion() {
      return motion;
    },
    reset() {
      history.clear();
      kf = null;
      grid.reset();
      gridFix = null;
      lastT = -Infinity;
      rejections = 0;
      recent.length = 0;
      stillSince = -Infinity;
      motion = mode === 'static' ? 'static' : 'mobile';
    },
    update(observations, anchors, tMs) {
      if (!settings.enabled) return null;
      const fresh = history.ingest(observations, tMs);
      anchorsNow = anchors;
      const needFix = mode !== 'mobile' || !useGrid;
      const fix = needFix ? locator(smoothed(tMs, o.mobileWindowMs), anchors, inner) : null;
      // Every mode tracks: static and auto hand over to it when the tag is seen moving.
      if (useGrid) trackGrid(fresh, tMs);
      else trackMobile(fix, fresh, tMs);
      lastT = tMs;
      detectMotion(fix, fresh, tMs);
      if (motion === 'static') {
        // Average only over the span found still: older readings were taken elsewhere.
        const window = Math.min(o.staticWindowMs, tMs - stillSince);
        const e = locator(smoothed(tMs, window), anchors, inner);
        return e && e.confidence >= settings.minConfidence
          ? { ...e, motion, vx: 0, vy: 0, tMs }
          : null;
      }
      if (useGrid) {
        return gridFix && gridFix.confidence >= settings.minConfidence
          ? { ...gridFix, motion: 'mobile', tMs }
          : null;
      }
      return output(kf, settings, tMs, fix);
    },
  };
}

function output(
  kf: CvState | null,
  settings: LocateSettings,
  tMs: number,
  last: Estimate | null,
): TrackedEstimate | null {
  if (!kf) return null;
  const errorM = Math.sqrt(kf.P[0]! + kf.P[5]!);
  const confidence = confidenceFromError(errorM);
  if (confidence < settings.minConfidence) return null;
  return {
    x: metres(kf.x[0]!),
    y: metres(kf.x[1]!),
    confidence,
    method: last?.method ?? 'maximum-likelihood',
    signalsUsed: last?.signalsUsed ?? 0,
    primaryGateway: last?.primaryGateway ?? null,
    errorM: metres(errorM),
    covariance: { xx: kf.P[0]!, xy: kf.P[1]!, yy: kf.P[5]! },
    motion: 'mobile',
    vx: kf.x[2]!,
    vy: kf.x[3]!,
    tMs,
  };
}
