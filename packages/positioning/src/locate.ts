/** Single-epoch position estimate from the signals at hand. */
import { TRIANGULATION_DEFAULTS } from '@rtls/contract';
import { solveMaximumLikelihood } from './ml.ts';
import { solveLeastSquares } from './nls.ts';
import { createSignals, prepareSignals, type LocateOptions, type Signals } from './signals.ts';
import { createFix, solveCentroid, solveStrongest, type Fix } from './solvers.ts';
import type { Anchor, Estimate, LocateSettings, Method, Observation } from './types.ts';
import { metres } from './units.ts';

export { MAX_SIGNAL_AGE_MS } from './signals.ts';

const { showDebugInfo: _console, ...locateDefaults } = TRIANGULATION_DEFAULTS;
/** Defaults of the triangulation settings: the contract's, less what only the console shows. */
export const DEFAULT_LOCATE_SETTINGS: LocateSettings = locateDefaults;

/**
 * The distance (m) confidence speaks of: confidence is the chance that the tag is within it of
 * the position shown, when the error is as predicted (a circular Gaussian whose RMS radius is the
 * predicted error). Room scale: 0.8 (the console's "high") needs a predicted error under 4.7 m,
 * 0.5 ("medium", and the default for zone presence) under 7.2 m, and the default minimum 0.3
 * under 10 m; a tag in a room with a gateway is about 0.5–0.9, one 10–15 m from the nearest
 * gateways about 0.3. With the predicted error calibrated (see MAP_ERROR_LINKS), confidence is
 * itself a probability the benchmark can check: among fixes of confidence c, about a share c
 * are within this distance.
 */
export const CONFIDENCE_RADIUS_M = 6;

/** Fewest signals each method needs; with fewer, auto-style fallback to a simpler one. */
const MIN_SIGNALS: Record<Method, number> = {
  strongest: 1,
  'weighted-centroid': 2,
  'least-squares': 3,
  'maximum-likelihood': 3,
};

const SIGNALS: Signals = createSignals();
const FIX: Fix = createFix();

/**
 * Confidence 0..1 from a predicted RMS error (m): the chance of being within CONFIDENCE_RADIUS_M,
 * 1 − exp(−(radius / rmse)²) for a circular Gaussian error.
 */
export function confidenceFromError(rmse: number): number {
  if (!(rmse >= 0)) return 0;
  if (rmse === 0) return 1;
  return -Math.expm1(-((CONFIDENCE_RADIUS_M / rmse) ** 2));
}

/** The predicted RMS error (m) behind a confidence: the inverse of confidenceFromError. */
export function errorFromConfidence(confidence: number): number {
  if (!(confidence > 0)) return Infinity;
  if (confidence >= 1) return 0;
  return CONFIDENCE_RADIUS_M / Math.sqrt(-Math.log1p(-confidence));
}

/** The method `algorithm` resolves to with this many signals. */
export function chooseMethod(algorithm: LocateSettings['algorithm'], count: number): Method {
  const wanted: Method =
    algorithm !== 'auto'
      ? algorithm
      : count >= 3
        ? 'maximum-likelihood'
        : count === 2
          ? 'weighted-centroid'
          : 'strongest';
  if (count >= MIN_SIGNALS[wanted]) return wanted;
  return count >= 2 ? 'weighted-centroid' : 'strongest';
}

function runMethod(method: Method, s: Signals, fix: Fix): Fix {
  switch (method) {
    case 'strongest':
      return solveStrongest(s, fix);
    case 'weighted-centroid':
      return solveCentroid(s, fix);
    case 'least-squares':
      return solveLeastSquares(s, solveCentroid(s, fix));
    case 'maximum-likelihood':
      return solveMaximumLikelihood(s, fix);
  }
}

/**
 * Estimate a tag's position. Returns null when positioning is disabled, when fewer than
 * minSignalCount usable signals remain, or when the confidence is below minConfidence.
 */
export function locate(
  observations: readonly Observation[],
  anchors: readonly Anchor[],
  settings: LocateSettings = DEFAULT_LOCATE_SETTINGS,
  options: LocateOptions = {},
): Estimate | null {
  if (!settings.enabled) return null;
  const count = prepareSignals(SIGNALS, observations, anchors, settings, options);
  if (count === 0 || count < settings.minSignalCount) return null;
  const method = chooseMethod(settings.algorithm, count);
  const fix = runMethod(method, SIGNALS, FIX);
  if (!Number.isFinite(fix.x) || !Number.isFinite(fix.y)) return null;
  const errorM = Math.sqrt(Math.max(0, fix.pxx + fix.pyy));
  const confidence = confidenceFromError(errorM);
  if (confidence < settings.minConfidence) return null;
  return {
    x: metres(fix.x),
    y: metres(fix.y),
    confidence,
    method,
    signalsUsed: count,
    primaryGateway: SIGNALS.anchors[SIGNALS.strongest]?.id ?? null,
    errorM: metres(errorM),
    covariance: { xx: fix.pxx, xy: fix.pxy, yy: fix.pyy },
    txOffsetDb: fix.b,
  };
}
