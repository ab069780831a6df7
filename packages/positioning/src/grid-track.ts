/**
 * The tracker's grid stage: a histogram Bayes filter on a radio map, fed causally, with a
 * constant-velocity motion model. The velocity comes from a small Kalman filter fed with each
 * epoch's likelihood-only fix (independent of the grid's own prior, so nothing is counted twice);
 * the grid belief is drifted by velocity·dt and spread by what the velocity does not explain.
 * Epochs whose readings the predicted belief cannot explain are skipped (up to MAX_REJECTIONS in
 * a row), as the Kalman engine gates its fixes.
 */
import { createGridFilter, type GridFilter, type GridPosterior } from './grid-filter.ts';
import type { RadioMap } from './grid.ts';
import { fitAgreement, fitVarianceFactor, learnFromEpoch } from './grid-learn.ts';
import { createLinkResiduals, DECORRELATION_MS } from './noise-calibration.ts';
import { curvatureMapError, mapErrorCovariance, type Covariance } from './map-error.ts';
import type { FloorRaster } from './floor-raster.ts';
import { coarse, FILTER_CELL_M, FILTER_MAX_CELLS, sameGrid, sourceMap } from './grid-maps.ts';
import { collect, weigh } from './grid-readings.ts';
import { createRecentTrack } from './recent-track.ts';
import { createRoomChoice } from './room-choice.ts';
import { createSite, type Site } from './site.ts';
import { createTagLevel } from './self-calibration.ts';
import { initCv, predictCv, updateCv, type CvState } from './kalman.ts';
import { confidenceFromError } from './locate.ts';
import { DEFAULT_RADIO_MODEL } from './radio-model.ts';
import { rssiTrust, type LocateOptions } from './signals.ts';
import type { Anchor, Estimate, LocateSettings, Observation } from './types.ts';
import { metres } from './units.ts';

/** Options of the grid stage; every field has a generic, physics-based default. */
export interface GridStageOptions {
  /** A calibrated radio map; the path-loss model of the anchors when absent. */
  radioMap?: RadioMap;
  locateOptions?: LocateOptions;
  /**
   * Extra random-walk variance rate (m²/s) on top of the constant-velocity model; with
   * `velocity: false`, the whole motion model (DEFAULT_FILTER_DIFFUSION when absent).
   */
  diffusion?: number;
  /**
   * Time over which shadowing of one link stays correlated (ms). Each reading's likelihood is
   * tempered by dt / this, so a fast reporting rate does not count the same fade many times.
   */
  decorrelationMs?: number;
  /** Track velocity and drift the belief by it (default true); false is a pure random walk. */
  velocity?: boolean;
  /** White-acceleration density of the velocity model (m²/s³). */
  processNoise?: number;
  /** −2·ln(evidence) beyond which an epoch's readings are an outlier (χ² 99.9 %, 2 dof). */
  gate?: number;
  /**
   * Cell size of the filter's grid (m; FILTER_CELL_M when absent): a finer radio map is
   * block-averaged to the nearest whole multiple of its own cell at or below it. 0 keeps it.
   */
  cellM?: number;
  /** Most cells of the filter's grid (FILTER_MAX_CELLS when absent). */
  maxCells?: number;
  /**
   * The site the tag is located on (its map's gateways and floor, and what is learnt of them):
   * its radio map is filtered on and its calibration learns from the tag's confident fixes,
   * unless a calibrated map or custom model is given. A site passed to step() wins.
   */
  site?: Site;
  /**
   * Without a site: learn the exponent and gateway offsets from this tag's confident fixes on a
   * site of its own (default false).
   */
  selfCalibrate?: boolean;
  /**
   * Weigh how badly the readings fit the map (fitVarianceFactor, smoothed over a few epochs):
   * the posterior widened by it decides whether an epoch is sure enough to teach the site
   * calibration, and the predicted error widens while the tag fits worse than it usually does
   * (see USUAL_FIT_EPOCHS); default false (the device locator turns it on).
   */
  fitInflation?: boolean;
  /** Learn the tag's own transmit level from its confident fixes; default false (see docs). */
  learnTagLevel?: boolean;
  /**
   * Shape of the map's own error (see MAP_ERROR_LINKS): 'spread' (default), the moments of the
   * epoch's likelihood over the grid; 'curvature', the inverse Fisher information of the
   * readings at the estimate. docs/positioning.md ("Ranking, and how sure it is") compares them.
   */
  mapErrorFrom?: 'spread' | 'curvature';
  /**
   * Take the likelihood's tempering and the signal memory from what the site learns of its noise
   * (Site.noise), and teach it from confident epochs; default true. decorrelationMs, when given,
   * fixes the memory still.
   */
  learnNoise?: boolean;
  /** Settings whose signalAgeWeight and rssiWeight weigh the readings (defaults if absent). */
  settings?: Pick<LocateSettings, 'signalAgeWeight' | 'rssiWeight'>;
}

/** A grid estimate with the tracked velocity (m/s). */
export type GridEstimate = Estimate & { vx: number; vy: number };

/** Causal grid tracking for one tag. */
export interface GridStage {
  /**
   * Advance to tMs with the usable readings (RSSI averaged over the last decorrelationMs), on
   * `site` when given (else the options' site); `still` when the tag is known to stand still
   * (it then keeps its room unless the readings leave nothing of it, and teaches the site's
   * radio model nothing).
   */
  step(
    readings: readonly Observation[],
    anchors: readonly Anchor[],
    tMs: number,
    site?: Site | null,
    still?: boolean,
  ): GridEstimate | null;
  /** The floor the last step filtered on (its walls on the filter's grid); null without one. */
  readonly floor: FloorRaster | null;
  reset(): void;
}

/**
 * White-acceleration density of the walker's velocity (m²/s³). Prior: a pedestrian starts, stops
 * or turns, changing velocity by ~1–1.5 m/s within ~1 s, so q ≈ 1–2. Chosen among 0.5, 1 and 2 on
 * the moving simulation and the calibration run only (bench/lib/tune.ts), never the test run:
 * 2 follows walkers best in simulation and costs little on the slow calibration robot.
 */
export const DEFAULT_VELOCITY_PROCESS_NOISE = 2;
/** Prior σ of a tag's velocity per axis when first seen (m/s): from still up to a brisk walk. */
const VELOCITY_PRIOR_SIGMA = 0.7;
/** 99.9 % point of χ² with 2 dof: readings with −2·ln(evidence) above it are an outlier. */
const DEFAULT_GATE = 13.8;
/** Share of a new epoch's fit factor in the smoothed one (about five epochs of memory). */
const FACTOR_SMOOTHING = 0.2;
/**
 * Memory (epochs) of a tag's usual fit factor (a running mean of its logarithm). The predicted
 * error widens by the smoothed factor over the usual one when above 1: an epoch that fits the map
 * worse than the tag's readings usually do (near a wall, at the floor's edge, a body in the way)
 * is less sure, while a site whose readings never fit the map well (the Kolakowski flat, factor
 * ~5, yet located to 1.4 m) is not taken as worse than it is. On the choosing sets this ranks the
 * errors better (the UJI library's quintiles become monotonic) for a few points of coverage; the
 * absolute factor spread the sets' coverage apart. 30 and 120 epochs were tried (30 ranks better).
 */
const USUAL_FIT_EPOCHS = 30;
/**
 * Least share of the map's own error kept when a tag's readings agree with the map better than
 * its noise model says (their reduced χ², smoothed over a few epochs, below 1). The map's error
 * is what the readings cannot see; readings that fit it to a fraction of a decibel show that at
 * this spot it is small, so the predicted error shrinks with their agreement, down to a tenth: the
 * cell and the model's shape are never exact.
 */
const AGREEMENT_FLOOR = 0.1;
/** Consecutive rejected epochs after which the readings are trusted again. */
const MAX_REJECTIONS = 3;
/** A gap longer than this (s) forgets the velocity: nobody keeps a heading that long unseen. */
const MAX_COAST_S = 5;
/**
 * Residual random walk (m²/s) under the velocity model: generic slack for turns the velocity lags
 * on (about a tenth of the no-velocity walk), not tuned.
 */
const CV_DIFFUSION = 0.1;

/**
 * Move the belief dtS ahead: drift by the tracked velocity and spread by its uncertainty and the
 * unmodelled acceleration; a plain random walk without a velocity.
 */
function predictMotion(filter: GridFilter, kf: CvState | null, dtS: number, q: number): void {
  if (!kf || !(dtS > 0)) {
    filter.predict(dtS);
    return;
  }
  const vVar = (kf.P[10]! + kf.P[15]!) / 2;
  const vx = kf.x[2]!;
  const vy = kf.x[3]!;
  // Shrink a velocity that its own uncertainty cannot tell from zero (James–Stein style),
  // so a still or slow tag is not pushed around by noise in the velocity estimate.
  const shrink = Math.max(0, 1 - (2 * vVar) / (vx * vx + vy * vy + 1e-9));
  filter.predict(
    dtS,
    { x: shrink * vx * dtS, y: shrink * vy * dtS },
    vVar * dtS * dtS + (q * dtS ** 3) / 3,
  );
  predictCv(kf, dtS, q);
}

/** A grid stage; the filter is rebuilt whenever the map's grid changes. */
export function createGridStage(options: GridStageOptions = {}): GridStage {
  const learnNoise = options.learnNoise ?? true;
  const links = createLinkResiduals();
  const trust = rssiTrust(options.settings?.rssiWeight ?? 1);
  const useVelocity = options.velocity ?? true;
  const q = options.processNoise ?? DEFAULT_VELOCITY_PROCESS_NOISE;
  const gate = options.gate ?? DEFAULT_GATE;
  let filter: GridFilter | null = null;
  let kf: CvState | null = null;
  let rejections = 0;
  let lastT = -Infinity;
  const own = new WeakMap<object, RadioMap>();
  const tag = createTagLevel();
  const learnTag = options.learnTagLevel ?? false;
  const inflate = options.fitInflation ?? false;
  const curvature = options.mapErrorFrom === 'curvature';
  // Smoothed variance factor of the fit (1: the readings fit as their noise model says).
  let factor = 1;
  // Logarithm of the tag's usual fit factor (NaN until its first accepted epoch).
  let usualLog = Number.NaN;
  // Smoothed agreement of the tag's readings with the map (fitAgreement; 1 until measured).
  let agreement = 1;
  const base = options.locateOptions?.model ?? DEFAULT_RADIO_MODEL;
  // The tag's own site when it self-calibrates without being given one.
  const ownSites = new WeakMap<readonly Anchor[], Site>();
  let floor: FloorRaster | null = null;
  const rooms = createRoomChoice();
  const recent = createRecentTrack();
  /** Whether the tag stands (recent-track.ts): by its recent estimates or its tracked speed. */
  const standing = () => recent.standing(kf ? Math.hypot(kf.x[2]!, kf.x[3]!) : Infinity);

  function siteFor(anchors: readonly Anchor[], given: Site | null | undefined): Site | null {
    if (given) return given;
    if (options.site) return options.site;
    if (!options.selfCalibrate) return null;
    let s = ownSites.get(anchors);
    if (!s) ownSites.set(anchors, (s = createSite(anchors)));
    return s;
  }

  function filterFor(map: RadioMap, walls: FloorRaster | null): GridFilter {
    if (!filter || !sameGrid(filter.grid, map.grid) || walls !== floor) {
      filter = createGridFilter(map.grid, {
        diffusion: options.diffusion ?? (useVelocity ? CV_DIFFUSION : undefined),
        support: map.support,
        floor: walls,
      });
      floor = walls;
      kf = null;
      lastT = -Infinity;
      rooms.reset();
    }
    return filter;
  }

  /**
   * The belief's estimate in the room the tag is shown in, its covariance widened by how far
   * that point lies from the whole belief's.
   */
  function estimateOf(f: GridFilter, still: boolean): GridPosterior {
    const all = f.estimate();
    if (!floor) return all;
    const inRoom = f.estimateIn(rooms.pick(f, floor, still || standing()));
    recent.add(inRoom.x, inRoom.y);
    const dx = inRoom.x - all.x;
    const dy = inRoom.y - all.y;
    return {
      x: inRoom.x,
      y: inRoom.y,
      xx: all.xx + dx * dx,
      xy: all.xy + dx * dy,
      yy: all.yy + dy * dy,
    };
  }

  /** Feed the accepted epoch's likelihood-only fix to the velocity filter. */
  function trackVelocity(fix: GridPosterior, restart: boolean): void {
    if (!useVelocity) return;
    const rxx = Math.max(fix.xx, 0.04);
    const ryy = Math.max(fix.yy, 0.04);
    if (!kf || restart) kf = initCv(fix.x, fix.y, rxx, fix.xy, ryy, VELOCITY_PRIOR_SIGMA);
    else updateCv(kf, fix.x, fix.y, rxx, fix.xy, ryy);
  }

  return {
    get floor() {
      return floor;
    },
    reset() {
      filter = null;
      floor = null;
      rooms.reset();
      recent.reset();
      kf = null;
      rejections = 0;
      lastT = -Infinity;
      tag.reset();
      factor = 1;
      usualLog = Number.NaN;
      agreement = 1;
    },
    step(observations, anchors, tMs, given, still = false) {
      const site = siteFor(anchors, given);
      const source = sourceMap(anchors, options, site, own);
      const map = coarse(
        source.map,
        options.cellM ?? FILTER_CELL_M,
        options.maxCells ?? FILTER_MAX_CELLS,
      );
      const f = filterFor(map, site?.raster(map.grid) ?? null);
      const { readings, sources, primary } = collect(
        observations,
        anchors,
        map,
        base,
        tag.offsetDb,
      );
      const noise = learnNoise ? (site?.noise ?? null) : null;
      const tau = options.decorrelationMs ?? noise?.decorrelationMs ?? DECORRELATION_MS;
      const first = !Number.isFinite(lastT);
      const dtMs = first ? tau : tMs - lastT;
      if (dtMs <= 0 || readings.length === 0) return null;
      weigh(readings, sources, map, options.settings);
      const dtS = first ? 0 : dtMs / 1000;
      if (dtS > MAX_COAST_S) kf = null;
      predictMotion(f, useVelocity ? kf : null, dtS, q);
      const weight = Math.min(1, dtMs / tau) * (noise?.tempering ?? 1);
      const fix = f.likelihood(map, readings, weight);
      if (!fix) return null;
      lastT = tMs;
      const spread = mapErrorCovariance(fix, weight, readings.length);
      const mapErrorAt = (at: GridPosterior): Covariance =>
        scaled(
          (curvature && curvatureMapError(map, readings, at)) || spread,
          Math.min(1, Math.max(AGREEMENT_FLOOR, agreement)),
        );
      // Outlier test: readings far better explained outside the predicted belief than inside.
      const outlier = !first && -2 * Math.log(Math.max(1e-300, f.evidence())) > gate;
      if (outlier && rejections < MAX_REJECTIONS) {
        rejections++;
        const worse = Number.isFinite(usualLog) ? Math.exp(Math.log(factor) - usualLog) : 1;
        const kept = estimateOf(f, still);
        return result(kept, mapErrorAt(kept), Math.max(1, worse), readings.length, primary, kf);
      }
      // Still an outlier after MAX_REJECTIONS: the tag really moved; restart the velocity.
      trackVelocity(fix, outlier);
      rejections = 0;
      f.applyLikelihood();
      const est = estimateOf(f, still);
      const agrees = fitAgreement(map, readings, est.x, est.y);
      if (Number.isFinite(agrees)) agreement += FACTOR_SMOOTHING * (agrees - agreement);
      let worse = 1;
      if (inflate) {
        factor += FACTOR_SMOOTHING * (fitVarianceFactor(map, readings, est.x, est.y) - factor);
        const lf = Math.log(Math.max(factor, 1e-6));
        if (!Number.isFinite(usualLog)) usualLog = lf;
        worse = Math.max(1, Math.exp(lf - usualLog));
        usualLog += (lf - usualLog) / USUAL_FIT_EPOCHS;
      }
      // What is learnt is the learnt offset's and the site's; a stated level stays taken off, so
      // the gateways' offsets are learnt against the nominal tag whatever level each tag states.
      const raw = readings.map((r) => ({ ...r, rssi: r.rssi + tag.offsetDb }));
      // Learning is gated on the posterior's own spread (times the fit factor when inflating).
      const sure = { x: est.x, y: est.y, errorM: Math.sqrt(factor * (est.xx + est.yy)) };
      // A tag known to stand still teaches the spread only: its readings' lasting bias would read
      // as a long signal memory (what a moving tag's evidence would be tempered by), and the site's
      // radio model would learn one spot's shadowing, and the fix's error there, over and over.
      if (still) links.last.clear();
      const feed = noise ? { calibration: noise, links: still ? null : links, tMs, trust } : null;
      const taught = still ? null : source.calibration;
      learnFromEpoch(map, raw, sure, learnTag ? tag : null, taught, feed);
      return result(est, mapErrorAt(est), worse, readings.length, primary, kf);
    },
  };
}

const scaled = (c: Covariance, k: number): Covariance =>
  k === 1 ? c : { xx: k * c.xx, xy: k * c.xy, yy: k * c.yy };

/**
 * The estimate: the posterior's point, and its spread plus the map's own error, times how much
 * worse than usual the readings fit (≥ 1).
 */
function result(
  e: GridPosterior,
  mapError: Covariance,
  worse: number,
  signalsUsed: number,
  primary: Observation | null,
  kf: CvState | null,
): GridEstimate {
  const covariance = {
    xx: worse * (e.xx + mapError.xx),
    xy: worse * (e.xy + mapError.xy),
    yy: worse * (e.yy + mapError.yy),
  };
  const errorM = Math.sqrt(covariance.xx + covariance.yy);
  return {
    x: metres(e.x),
    y: metres(e.y),
    confidence: confidenceFromError(errorM),
    method: 'maximum-likelihood',
    signalsUsed,
    primaryGateway: primary?.gateway ?? null,
    errorM: metres(errorM),
    covariance,
    vx: kf ? kf.x[2]! : 0,
    vy: kf ? kf.x[3]! : 0,
  };
}
