/** Real-dataset evaluation: single-epoch and tracked errors on the test run. */
import {
  createFingerprintLocator,
  createTracker,
  DEFAULT_LOCATE_SETTINGS,
  fitRadioMap,
  fitRadioModels,
  locate,
  type PositioningMode,
  type TrackerOptions,
  type Anchor,
  type Estimate,
  type Locator,
  type LocateSettings,
} from '@rtls/positioning';
import type { Dataset, DatasetRow } from './dataset.ts';
import { quantile } from './stats.ts';

/** One evaluated configuration. */
export interface RealResult {
  name: string;
  median: number;
  p90: number;
  fixes: number;
  errors: number[];
  confidences: number[];
}

const all: LocateSettings = { ...DEFAULT_LOCATE_SETTINGS, minConfidence: 0 };

function score(name: string, rows: readonly DatasetRow[], fixes: (Estimate | null)[]): RealResult {
  const errors: number[] = [];
  const confidences: number[] = [];
  fixes.forEach((e, i) => {
    if (!e) return;
    errors.push(Math.hypot(e.x - rows[i]!.x, e.y - rows[i]!.y));
    confidences.push(e.confidence);
  });
  return {
    name,
    median: quantile(errors, 0.5),
    p90: quantile(errors, 0.9),
    fixes: errors.length,
    errors,
    confidences,
  };
}

function single(name: string, ds: Dataset, locator: Locator): RealResult {
  return score(
    name,
    ds.test,
    ds.test.map((r) => locator(r.observations, ds.anchors, all)),
  );
}

function tracked(
  name: string,
  ds: Dataset,
  options: TrackerOptions,
  mode: PositioningMode = 'mobile',
): RealResult {
  const tracker = createTracker({ mode, settings: all, ...options });
  return score(
    name,
    ds.test,
    ds.test.map((r) => tracker.update(r.observations, ds.anchors, r.tMs)),
  );
}

const withMethod =
  (algorithm: LocateSettings['algorithm'], options = {}): Locator =>
  (obs, anchors: readonly Anchor[], s) =>
    locate(obs, anchors, { ...s, algorithm }, options);

/** Names of the main default-model and calibrated results (for the confidence analysis). */
export const MAIN_DEFAULT = 'default model, grid Bayes filter (mobile)';
export const MAIN_CALIBRATED = 'radio map (blocked-CV fit), grid filter';

/** Every configuration on the test run; calibration uses only the calibration run. */
export function evaluateReal(ds: Dataset): RealResult[] {
  const models = fitRadioModels(ds.calibration, ds.anchors);
  const knn = createFingerprintLocator(ds.calibration, ds.anchors, 10);
  const radioMap = fitRadioMap(ds.calibration, ds.anchors);
  const ml = withMethod('maximum-likelihood');
  const mlCal = withMethod('maximum-likelihood', { models });
  const kalman = { filter: 'kalman' } as const;
  return [
    single('strongest gateway (baseline)', ds, withMethod('strongest')),
    single('weighted centroid (baseline)', ds, withMethod('weighted-centroid')),
    single('least squares, default model', ds, withMethod('least-squares')),
    single('max likelihood, default model', ds, ml),
    tracked('ML default, Kalman on fixes (old)', ds, { ...kalman, locator: ml }),
    tracked(MAIN_DEFAULT, ds, {}),
    tracked('default model, grid filter, auto mode', ds, {}, 'auto'),
    single('max likelihood, fitted per anchor', ds, mlCal),
    tracked('ML fitted, Kalman on fixes', ds, { ...kalman, locator: mlCal }),
    tracked('fitted per anchor, grid filter', ds, { locateOptions: { models } }),
    single('kNN fingerprint (k=10)', ds, knn),
    tracked('kNN fingerprint, Kalman (old)', ds, { ...kalman, locator: knn }),
    tracked(MAIN_CALIBRATED, ds, { radioMap }),
  ];
}
