/** Real-dataset evaluation: single-epoch and tracked errors on the test run. */
import {
  createFingerprintLocator,
  createTracker,
  DEFAULT_LOCATE_SETTINGS,
  fitRadioModels,
  locate,
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

function tracked(name: string, ds: Dataset, locator: Locator): RealResult {
  const tracker = createTracker({ mode: 'mobile', settings: all, locator });
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

/** Every configuration on the test run; calibration uses only the calibration run. */
export function evaluateReal(ds: Dataset): RealResult[] {
  const models = fitRadioModels(ds.calibration, ds.anchors);
  const knn = createFingerprintLocator(ds.calibration, ds.anchors, 10);
  const ml = withMethod('maximum-likelihood');
  const mlCal = withMethod('maximum-likelihood', { models });
  return [
    single('strongest gateway (baseline)', ds, withMethod('strongest')),
    single('weighted centroid (baseline)', ds, withMethod('weighted-centroid')),
    single('least squares, default model', ds, withMethod('least-squares')),
    single('max likelihood, default model', ds, ml),
    tracked('max likelihood, default, tracked', ds, ml),
    single('max likelihood, fitted per anchor', ds, mlCal),
    tracked('max likelihood, fitted, tracked', ds, mlCal),
    single('kNN fingerprint (k=10)', ds, knn),
    tracked('kNN fingerprint, tracked', ds, knn),
  ];
}
