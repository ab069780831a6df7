/** Causal tracking over time: RSSI smoothing per gateway, then averaging or a Kalman filter. */
import { withKeys } from '@rtls/contract';
import type { RadioMap } from './grid.ts';
import { createGridStage, type GridEstimate, type GridStage } from './grid-track.ts';
import { DECORRELATION_MS } from './noise-calibration.ts';
import { createReadingHistory } from './reading-history.ts';
import type { FloorRaster } from './floor-raster.ts';
import type { Site } from './site.ts';
import { confidenceFromError, DEFAULT_LOCATE_SETTINGS, locate } from './locate.ts';
import type { LocateOptions } from './signals.ts';
import { createFixFilter } from './tracker-kalman.ts';
import { createStillness } from './tracker-stillness.ts';
import type { Anchor, Estimate, LocateSettings, Observation } from './types.ts';
import { metres } from './units.ts';

/** A device's positioningMode: auto, static or mobile. */
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
  /** Grid engine: learn a site of the tag's own; see GridStageOptions.selfCalibrate. */
  selfCalibrate?: boolean;
  /** Grid engine: the site located on (a site given to update() wins); see GridStageOptions.site. */
  site?: Site;
  /** Grid engine: learn the tag's transmit level; see GridStageOptions.learnTagLevel. */
  learnTagLevel?: boolean;
  /** Grid engine: gate what the site learns on the fit too; see GridStageOptions.fitInflation. */
  fitInflation?: boolean;
  /** Grid engine: learn the site's noise and temper by it; see GridStageOptions.learnNoise. */
  learnNoise?: boolean;
  /** Grid engine: shape of the map's own error; see GridStageOptions.mapErrorFrom. */
  mapErrorFrom?: 'spread' | 'curvature';
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
  /**
   * The tag's position at tMs after these readings, located on `site` when given (its radio map,
   * and its floor: the belief then moves through doors only and stays in the room it is shown in).
   */
  update(
    observations: readonly Observation[],
    anchors: readonly Anchor[],
    tMs: number,
    site?: Site | null,
  ): TrackedEstimate | null;
  readonly motion: 'static' | 'mobile';
  /** The floor the grid engine filtered on last (its walls on the filter's grid); null without. */
  readonly floor: FloorRaster | null;
  reset(): void;
}

/**
 * Generic defaults (physics and statistics, not fitted): RSSI is averaged over 2 s while moving
 * (≤ 2 m at walking speed) and 60 s while still; the Kalman engine's white acceleration 0.5 m²/s³
 * is a gentle walker; the gate 13.8 is the 99.9 % point of χ² with 2 degrees of freedom.
 */
const DEFAULTS = { mobileWindowMs: 2_000, staticWindowMs: 60_000, processNoise: 0.5, gate: 13.8 };

/** The grid stage the tracker options describe. */
function gridStageOf(o: TrackerOptions, settings: LocateSettings): GridStage {
  return createGridStage({
    radioMap: o.radioMap,
    locateOptions: o.locateOptions,
    settings,
    processNoise: o.processNoise,
    gate: o.gate,
    velocity: o.velocity,
    decorrelationMs: o.decorrelationMs,
    diffusion: o.diffusion,
    cellM: o.gridCellM,
    maxCells: o.gridMaxCells,
    selfCalibrate: o.selfCalibrate,
    site: o.site,
    learnTagLevel: o.learnTagLevel,
    fitInflation: o.fitInflation,
    mapErrorFrom: o.mapErrorFrom,
    learnNoise: o.learnNoise,
  });
}

/** True when two anchor lists place the same gateways the same way (order aside). */
export function sameAnchors(a: readonly Anchor[], b: readonly Anchor[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  return a.every((x) => {
    const y = b.find((k) => k.id === x.id);
    return (
      y !== undefined &&
      y.x === x.x &&
      y.y === x.y &&
      (y.z ?? null) === (x.z ?? null) &&
      (y.maxRSSI ?? null) === (x.maxRSSI ?? null) &&
      (y.radio?.rssiAt1m ?? null) === (x.radio?.rssiAt1m ?? null) &&
      (y.radio?.exponent ?? null) === (x.radio?.exponent ?? null) &&
      (y.logicThreshold ?? null) === (x.logicThreshold ?? null)
    );
  });
}

/**
 * How much wider the map's own error makes a still tag's fix than its readings' spread says (as
 * a factor on the covariance). Averaging a still tag's readings over up to a minute takes the
 * packets' fading away but none of the error the map makes at that spot (see MAP_ERROR_LINKS),
 * so the averaged fix's spread is mostly that error, understated. Chosen on the UJI library and
 * the choosing simulation in static mode (bench/lib/stream-report.ts): 1, 1.5 and 2 put 58/53,
 * 72/60 and 82/62 % of their errors within the 1-σ radius when that fix was shown; a share
 * growing with the links heard, as the grid's, overstates the UJI points (97 %). With the grid
 * engine the averaged fix is only the floor of a still tag's radius; as such 1 and 1.5 cover
 * 73/78/66 and 74/82/67 % on the Kolakowski calibration run, the UJI library and the choosing
 * simulation, and 1.5 ranks the simulation's errors better.
 */
export const STILL_MAP_ERROR = 1.5;

/** A still tag's fix with its covariance widened by the map's own error. */
function withMapError(e: Estimate | null): Estimate | null {
  if (!e?.covariance) return e;
  const k = STILL_MAP_ERROR;
  const covariance = { xx: k * e.covariance.xx, xy: k * e.covariance.xy, yy: k * e.covariance.yy };
  const errorM = Math.sqrt(covariance.xx + covariance.yy);
  return withKeys(e, {
    covariance,
    errorM: metres(errorM),
    confidence: confidenceFromError(errorM),
  });
}

/**
 * `e` no surer than `floor`: the wider of the two covariances (by RMS radius). No fix at all for
 * the floor means the readings support none, so none is claimed.
 */
function noSurerThan(e: Estimate, floor: Estimate | null): Estimate | null {
  if (!floor) return null;
  if (!(floor.errorM !== undefined && floor.errorM > (e.errorM ?? Infinity))) return e;
  const { covariance, errorM, confidence } = floor;
  return withKeys(e, { covariance, errorM, confidence });
}

/** A tracker for one tag in the given positioningMode. */
export function createTracker(options: TrackerOptions = {}): Tracker {
  const o = { ...DEFAULTS, ...options };
  const mode = o.mode ?? 'auto';
  const settings = o.settings ?? DEFAULT_LOCATE_SETTINGS;
  const inner: LocateSettings = { ...settings, minConfidence: 0 };
  const locator: Locator = o.locator ?? ((obs, an, st) => locate(obs, an, st, o.locateOptions));
  const history = createReadingHistory();
  const kalman = createFixFilter(o.processNoise, o.gate);
  const stillness = createStillness(mode, o);
  const useGrid =
    (o.filter ?? 'grid') === 'grid' &&
    (o.radioMap !== undefined ||
      (!o.locator &&
        (settings.algorithm === 'auto' || settings.algorithm === 'maximum-likelihood')));
  const grid = gridStageOf(options, settings);
  const tau = o.decorrelationMs ?? DECORRELATION_MS;
  let gridFix: GridEstimate | null = null;
  /** Auto mode, tag still: the running mean of the grid fixes since it stood still. */
  let stillMean: { since: number; n: number; x: number; y: number } | null = null;
  let lastT = -Infinity;
  let anchorsNow: readonly Anchor[] = [];
  let siteNow: Site | null | undefined = null;
  const smoothed = (tMs: number, windowMs: number) =>
    history.smoothed(tMs, windowMs, o.staticWindowMs);
  /**
   * The new readings of an epoch: the window before tMs, or, when even the newest reading is
   * older than the window (a tag that reports less often than that, or located a while after its
   * round), the window that ends with the newest reading, its ages still counted from tMs.
   */
  function latest(tMs: number, windowMs: number): Observation[] {
    let newest = -Infinity;
    for (const list of history.links())
      newest = Math.max(newest, list[list.length - 1]?.tMs ?? -Infinity);
    if (!(newest < tMs - windowMs)) return smoothed(tMs, windowMs);
    return smoothed(newest, windowMs).map((ob) => ({ ...ob, ageMs: ob.ageMs + (tMs - newest) }));
  }

  /** Another set of gateways (one moved, added, removed): what was tracked on the old is void. */
  function takeAnchors(anchors: readonly Anchor[]): boolean {
    const changed = anchorsNow.length > 0 && !sameAnchors(anchorsNow, anchors);
    anchorsNow = anchors;
    if (!changed) return false;
    grid.reset();
    gridFix = null;
    stillMean = null;
    kalman.reset();
    stillness.forgetFixes();
    return true;
  }

  function track(fix: Estimate | null, fresh: boolean, tMs: number): void {
    if (!useGrid) {
      kalman.step(fix, fresh, Number.isFinite(lastT) ? (tMs - lastT) / 1000 : 0);
      return;
    }
    if (!fresh) return;
    const obs = latest(tMs, tau);
    const e =
      obs.length >= settings.minSignalCount
        ? grid.step(obs, anchorsNow, tMs, siteNow, stillness.motion === 'static')
        : null;
    if (e) gridFix = e;
  }

  function reset(): void {
    history.clear();
    kalman.reset();
    grid.reset();
    gridFix = null;
    stillMean = null;
    lastT = -Infinity;
    stillness.reset();
  }

  return {
    get motion() {
      return stillness.motion;
    },
    get floor() {
      return useGrid ? grid.floor : null;
    },
    reset,
    update(observations, anchors, tMs, site) {
      if (!settings.enabled) return null;
      siteNow = site;
      return estimateAt(observations, anchors, tMs);
    },
  };

  function estimateAt(
    observations: readonly Observation[],
    anchors: readonly Anchor[],
    tMs: number,
  ): TrackedEstimate | null {
    // New readings, or the same readings on other gateways, make a new epoch.
    const moved = takeAnchors(anchors);
    const fresh = history.ingest(observations, tMs) || moved;
    const needFix = mode !== 'mobile' || !useGrid;
    const epoch = () => (fresh ? latest : smoothed)(tMs, o.mobileWindowMs);
    const fix = needFix ? locator(epoch(), anchors, inner) : null;
    // Every mode tracks: static and auto hand over to it when the tag is seen moving.
    track(fix, fresh, tMs);
    lastT = tMs;
    // A still tag that starts moving: restart the filter where the tag now is.
    if (stillness.observe(fix, fresh, tMs, history.links())) kalman.reset();
    const motion = stillness.motion;
    // Averaging only over the span found still (older readings were taken elsewhere), the
    // single-epoch fix says what the still tag's readings support by themselves.
    const window = Math.min(o.staticWindowMs, tMs - stillness.stillSince);
    const averaged = () => withMapError(locator(smoothed(tMs, window), anchors, inner));
    // Static mode's tag is taken as still before the first verdict, but the grid tracker
    // already averages its epochs: a tag that walks from the start is not held back by a mean.
    if (motion === 'static' && useGrid && gridFix && !stillness.judged) {
      const e = noSurerThan(gridFix, averaged());
      return e && e.confidence >= settings.minConfidence
        ? withKeys(e, { motion, vx: 0, vy: 0, tMs })
        : null;
    }
    if (motion === 'static' && useGrid && gridFix) {
      // Still: the mean of the grid tracker's fixes since the tag stood still (the map's prior
      // kept, the jitter averaged away). Its radius is the grid's, but never narrower than the
      // averaged readings support: the grid's posterior is bounded by the floor, so a single
      // weak reading in a small room would otherwise claim a fix.
      if (stillMean?.since !== stillness.stillSince)
        stillMean = { since: stillness.stillSince, n: 0, x: 0, y: 0 };
      if (fresh) {
        stillMean.n++;
        stillMean.x += (gridFix.x - stillMean.x) / stillMean.n;
        stillMean.y += (gridFix.y - stillMean.y) / stillMean.n;
      }
      const mean =
        stillMean.n > 0 ? { ...gridFix, x: metres(stillMean.x), y: metres(stillMean.y) } : gridFix;
      const e = noSurerThan(mean, averaged());
      return e && e.confidence >= settings.minConfidence
        ? withKeys(e, { motion, vx: 0, vy: 0, tMs })
        : null;
    }
    if (motion === 'static') {
      const e = averaged();
      return e && e.confidence >= settings.minConfidence
        ? withKeys(e, { motion, vx: 0, vy: 0, tMs })
        : null;
    }
    const e = useGrid ? gridFix : kalman.estimate(fix);
    return e && e.confidence >= settings.minConfidence ? withKeys(e, { motion, tMs }) : null;
  }
}
