/**
 * Calibration from a walk test: what the gateways heard at surveyed points becomes, per gateway,
 * an offset against its nominal level at 1 m, and the map's path-loss exponent, by one
 * regularised least-squares fit; the fit is judged by locating points held out of it, with the
 * current models and with the fitted ones. A walk covers a floor's distances too unevenly to tell
 * a gateway's own exponent from its offset, so the exponent is one for the map. On a map with
 * walls the walls' loss on each point's line to a gateway is part of the model the fit starts
 * from, and the points are located through the walls (walk-locate.ts), as the tracker does.
 */
import type { CalibrationSample } from './calibration.ts';
import { DEFAULT_LOCATE_SETTINGS } from './locate.ts';
import {
  DEFAULT_RADIO_MODEL,
  heightOffset,
  modelForAnchor,
  TAG_HEIGHT_M,
  type RadioModel,
} from './radio-model.ts';
import { createRidge, type RidgePrior } from './ridge.ts';
import { EXPONENT_PRIOR } from './self-calibration.ts';
import type { Anchor, AnchorRadio, LocateSettings } from './types.ts';
import {
  floorSolidWalls,
  locateWalkSample,
  type WalkModels,
  type WalkSite,
} from './walk-locate.ts';
import { wallLossAt } from './wall-loss.ts';

/**
 * Prior σ of a gateway's offset in a walk's fit (dB): wider than the self-calibration's
 * GATEWAY_OFFSET_PRIOR_DB, since surveyed points are what a walk is for; it only keeps a gateway
 * heard at a few points from swinging far.
 */
export const WALK_OFFSET_PRIOR_DB = 10;
/**
 * Prior of the map's exponent in a walk's fit: around the base's, wider than the
 * self-calibration's (σ 1 rather than 0.5) for the same reason, within the same range.
 */
export const WALK_EXPONENT_PRIOR = { ...EXPONENT_PRIOR, sigma: 1 } as const;
/** A gateway heard at fewer walk points than this keeps the model it has. */
export const WALK_MIN_POINTS_PER_GATEWAY = 3;
/** Offsets beyond ±30 dB are not antennas or cables but a wrong setting; the fit stops there. */
const OFFSET_BOUND_DB = 30;

/** One gateway's fitted model and what it was fitted from. */
export interface WalkGatewayFit {
  radio: AnchorRadio;
  /** The fitted level at 1 m against the gateway's nominal one (its maxRSSI or the base's), dB. */
  offsetDb: number;
  /** Walk points at which the gateway was heard. */
  points: number;
}

/** The fit of a walk: the map's exponent and the gateways heard at enough points. */
export interface WalkFit {
  exponent: number;
  gateways: Map<string, WalkGatewayFit>;
}

/** An anchor's level and exponent before any walk was applied (its maxRSSI or the base). */
const nominalOf = (a: Anchor, base: RadioModel) => modelForAnchor({ ...a, radio: null }, base);

/**
 * Fit offsets and exponents to walk samples (each a point's mean level per gateway heard):
 * RSSI − nominal + wall loss = offset + exponent·(−10·log10 d), offsets shrunk a little toward 0
 * and the exponent toward the base's; the wall loss is that of the site's floor (none without).
 */
export function fitWalkModels(
  samples: readonly CalibrationSample[],
  anchors: readonly Anchor[],
  site: WalkSite = {},
): WalkFit {
  const base = site.base ?? DEFAULT_RADIO_MODEL;
  const wallLoss = wallLossAt(floorSolidWalls(site.floor));
  const heard = new Map<string, number>();
  for (const s of samples)
    for (const o of s.observations)
      if (Number.isFinite(o.rssi)) heard.set(o.gateway, (heard.get(o.gateway) ?? 0) + 1);
  const fitted = anchors.filter((a) => (heard.get(a.id) ?? 0) >= WALK_MIN_POINTS_PER_GATEWAY);
  const g = fitted.length;
  const index = new Map(fitted.map((a, i) => [a.id, i]));
  const priors: RidgePrior[] = [
    { mean: base.exponent, ...WALK_EXPONENT_PRIOR },
    ...fitted.map(() => ({
      mean: 0,
      sigma: WALK_OFFSET_PRIOR_DB,
      min: -OFFSET_BOUND_DB,
      max: OFFSET_BOUND_DB,
    })),
  ];
  const ridge = createRidge(priors);
  const f = new Float64Array(1 + g);
  const weight = 1 / base.sigmaDb ** 2;
  for (const s of samples) {
    for (const o of s.observations) {
      const j = index.get(o.gateway);
      if (j === undefined || !Number.isFinite(o.rssi)) continue;
      const a = fitted[j]!;
      const d = Math.max(0.5, Math.hypot(s.x - a.x, s.y - a.y, heightOffset(a, TAG_HEIGHT_M)));
      const u = -10 * Math.log10(d);
      f.fill(0);
      f[0] = u;
      f[1 + j] = 1;
      const level = o.rssi + wallLoss(a, s.x, s.y);
      ridge.add(f, level - nominalOf(a, base).rssiAt1m, weight);
    }
  }
  const theta = Float64Array.from(priors, (p) => p.mean);
  if (g > 0) ridge.solve(theta);
  const exponent = theta[0]!;
  const gateways = new Map<string, WalkGatewayFit>();
  fitted.forEach((a, j) => {
    const offsetDb = theta[1 + j]!;
    gateways.set(a.id, {
      radio: {
        rssiAt1m: nominalOf(a, base).rssiAt1m + offsetDb,
        exponent,
      },
      offsetDb,
      points: heard.get(a.id)!,
    });
  });
  return { exponent, gateways };
}

/** The anchors with a fit's models on them (gateways it left out keep theirs). */
export function withWalkFit(anchors: readonly Anchor[], fit: WalkFit): Anchor[] {
  return anchors.map((a) => {
    const g = fit.gateways.get(a.id);
    return g ? { ...a, radio: g.radio } : a;
  });
}

/**
 * How a walk point is located for its accuracy: every reading the settings allow, whatever its
 * confidence, so that each point heard by enough gateways has an error.
 */
export function walkLocateSettings(settings: LocateSettings = DEFAULT_LOCATE_SETTINGS) {
  return { ...settings, enabled: true, minConfidence: 0 };
}

/** Where a point's readings put the tag (m), or null when too few gateways heard it. */
export function locateWalkPoint(
  sample: CalibrationSample,
  anchors: readonly Anchor[],
  site: WalkSite = {},
  models?: WalkModels,
): { x: number; y: number } | null {
  return locateWalkSample(sample, anchors, walkLocateSettings(site.settings), site, models);
}

/** Distance (m) from a point's true place to where it was located; null when not located. */
export function walkPointError(
  sample: CalibrationSample,
  anchors: readonly Anchor[],
  site: WalkSite = {},
  models?: WalkModels,
): number | null {
  const p = locateWalkPoint(sample, anchors, site, models);
  return p ? Math.hypot(p.x - sample.x, p.y - sample.y) : null;
}

/** Each point's error located with the current anchors and with a fit made without it. */
export interface HeldOutErrors {
  before: (number | null)[];
  after: (number | null)[];
}

/** Folds of a walk's cross-validation, fewer on a short walk (at least two points held out each). */
export const WALK_FOLDS = 5;

/** The folds of a walk of n points: WALK_FOLDS or fewer, at least two points held out in each. */
export function walkFolds(n: number, folds: number = WALK_FOLDS): number {
  return Math.max(2, Math.min(folds, Math.floor(n / 2)));
}

/**
 * K-fold cross-validation: fold f holds out every k-th point of the walk from the f-th on, is
 * fitted on the others and located. The fit is global (an offset per gateway and one exponent),
 * so what a held-out point measures is the applied model at a spot it was not fitted on; folds
 * of consecutive points would instead take away most of what is heard of the gateways near the
 * stretch held out, and read the gain of a fit on all points as smaller than it is (on the
 * 18 simulated walks of bench:walks by 6.7 points of p90 on average, against 1.5 for
 * interleaved folds). A local model fitted from the walk (a radio map) would instead need folds
 * that keep a held-out point's neighbours out of its fit.
 */
export function crossValidateWalk(
  samples: readonly CalibrationSample[],
  anchors: readonly Anchor[],
  options: WalkSite & { folds?: number } = {},
): HeldOutErrors {
  const n = samples.length;
  const k = walkFolds(n, options.folds);
  const foldOf = (i: number) => i % k;
  const base = options.base ?? DEFAULT_RADIO_MODEL;
  const before = samples.map((s) => walkPointError(s, anchors, options));
  const after: (number | null)[] = new Array<number | null>(n).fill(null);
  for (let fold = 0; fold < k; fold++) {
    const train = samples.filter((_, i) => foldOf(i) !== fold);
    const fitted = withWalkFit(anchors, fitWalkModels(train, anchors, options));
    // The same anchors with the fold's models over theirs, so what is built per floor and
    // anchors (the walls crossed from each gateway) is built once for every fold.
    const models: WalkModels = new Map(fitted.map((a) => [a.id, modelForAnchor(a, base)]));
    samples.forEach((s, i) => {
      if (foldOf(i) === fold) after[i] = walkPointError(s, anchors, options, models);
    });
  }
  return { before, after };
}

/**
 * The q-quantile (0…1) of some values by linear interpolation between order statistics (rank
 * q·(n − 1) from 0); NaN for none.
 */
export function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(1, Math.max(0, q)) * (sorted.length - 1);
  const lo = Math.floor(rank);
  const hi = Math.ceil(rank);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (rank - lo);
}

/** Median, 90th percentile and largest of some errors (m), and how many there were. */
export interface ErrorSummary {
  count: number;
  medianM: number | null;
  p90M: number | null;
  maxM: number | null;
}

/** The summary of the errors that are known (nulls, points not located, are left out). */
export function summariseErrors(errors: readonly (number | null)[]): ErrorSummary {
  const known = errors.filter((e): e is number => e !== null && Number.isFinite(e));
  if (known.length === 0) return { count: 0, medianM: null, p90M: null, maxM: null };
  return {
    count: known.length,
    medianM: quantile(known, 0.5),
    p90M: quantile(known, 0.9),
    maxM: Math.max(...known),
  };
}
