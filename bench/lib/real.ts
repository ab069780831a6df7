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
  /** 'default' (no calibration) or 'calibrated' (fitted on the calibration run only). */
  model: 'default' | 'calibrated';
  median: number;
  p90: number;
  fixes: number;
  errors: number[];
  confidences: number[];
}

const all: LocateSettings = { ...DEFAULT_LOCATE_SETTINGS, minConfidence: 0 };

function score(
  name: string,
  model: RealResult['model'],
  rows: readonly DatasetRow[],
  fixes: (Estimate | null)[],
): RealResult {
  const errors: number[] = [];
  const confidences: number[] = [];
  fixes.forEach((e, i) => {
    if (!e) return;
    errors.push(Math.hypot(e.x - rows[i]!.x, e.y - rows[i]!.y));
    confidences.push(e.confidence);
  });
  return {
    name,
    model,
    median: quantile(errors, 0.5),
    p90: quantile(errors, 0.9),
    fixes: errors.length,
    errors,
    confidences,
  };
}

function single(
  name: string,
  model: RealResult['model'],
  ds: Dataset,
  locator: Locator,
): RealResult {
  return score(
    name,
    model,
    ds.test,
    ds.test.map((r) => locator(r.observations, ds.anchors, all)),
  );
}

function tracked(
  name: string,
  model: RealResult['model'],
  ds: Dataset,
  options: TrackerOptions,
  mode: PositioningMode = 'mobile',
): RealResult {
  const tracker = createTracker({ mode, settings: all, ...options });
  return score(
    name,
    model,
    ds.test,
    ds.test.map((r) => tracker.update(r.observations, ds.anchors, r.tMs)),
  );
}

const withMethod =
  (algorithm: LocateSettings['algorithm'], options = {}): Locator =>
  (obs, anchors: readonly Anchor[], s) =>
    locate(obs, anchors, { ...s, algorithm }, options);

/** Names of the main default-model and calibrated results (targets and confidence analysis). */
export const MAIN_DEFAULT = 'mobile tracker (grid filter, constant velocity)';
export const MAIN_CALIBRATED = 'radio map (blocked-CV fit) + grid filter';

/** Every configuration on the test run; anything fitted uses only the calibration run. */
export function evaluateReal(ds: Dataset): RealResult[] {
  const models = fitRadioModels(ds.calibration, ds.anchors);
  const knn = createFingerprintLocator(ds.calibration, ds.anchors, 10);
  const radioMap = fitRadioMap(ds.calibration, ds.anchors);
  const ml = withMethod('maximum-likelihood');
  const mlCal = withMethod('maximum-likelihood', { models });
  const kalman = { filter: 'kalman' } as const;
  return [
    single('strongest gateway (baseline)', 'default', ds, withMethod('strongest')),
    single('weighted centroid (baseline)', 'default', ds, withMethod('weighted-centroid')),
    single('least squares, one epoch', 'default', ds, withMethod('least-squares')),
    single('max likelihood, one epoch', 'default', ds, ml),
    tracked('Kalman on ML fixes', 'default', ds, { ...kalman, locator: ml }),
    tracked('grid filter, random walk (no velocity)', 'default', ds, { velocity: false }),
    tracked(MAIN_DEFAULT, 'default', ds, {}),
    tracked('same, positioningMode auto', 'default', ds, {}, 'auto'),
    single('max likelihood, path loss fitted per anchor', 'calibrated', ds, mlCal),
    tracked('path loss fitted per anchor + grid filter', 'calibrated', ds, {
      locateOptions: { models },
    }),
    single('kNN fingerprint k=10 (published-style)', 'calibrated', ds, knn),
    tracked('kNN fingerprint + Kalman', 'calibrated', ds, { ...kalman, locator: knn }),
    tracked(MAIN_CALIBRATED, 'calibrated', ds, { radioMap }),
  ];
}
