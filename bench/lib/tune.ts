/**
 * How the tracker's motion and correlation constants were checked: a small grid of candidates
 * scored on the CALIBRATION run (default model, nothing fitted) and on the moving simulation only.
 * The test run is never read here. Run: node --import tsx bench/lib/tune.ts
 */
import { createTracker, DEFAULT_LOCATE_SETTINGS, type TrackerOptions } from '@rtls/positioning';
import { loadDataset, type DatasetRow } from './dataset.ts';
import { quantile, spearman } from './stats.ts';
import { movingRun } from './sim.ts';

const settings = { ...DEFAULT_LOCATE_SETTINGS, minConfidence: 0 };

/** Median and p90 error of a mobile tracker over a run's rows. */
export function trackRun(
  rows: readonly DatasetRow[],
  anchors: Parameters<ReturnType<typeof createTracker>['update']>[1],
  options: TrackerOptions,
) {
  const tracker = createTracker({ mode: 'mobile', settings, ...options });
  const errors: number[] = [];
  const confidences: number[] = [];
  for (const r of rows) {
    const e = tracker.update(r.observations, anchors, r.tMs);
    if (!e) continue;
    errors.push(Math.hypot(e.x - r.x, e.y - r.y));
    confidences.push(e.confidence);
  }
  return {
    median: quantile(errors, 0.5),
    p90: quantile(errors, 0.9),
    rho: spearman(confidences, errors),
  };
}

const ds = loadDataset();
if (!ds) throw new Error('dataset not found');
const calibration = ds.calibration;
const anchors = ds.anchors;
/** The candidates that were compared (a JSON list of [name, TrackerOptions] replaces them). */
const SWEEP: [string, TrackerOptions][] = [
  ['random walk (velocity off)', { velocity: false }],
  ['constant velocity, q 0.5', { processNoise: 0.5 }],
  ['constant velocity, q 1', { processNoise: 1 }],
  ['constant velocity, q 2 (default)', {}],
  ['correlation 0.5 s', { decorrelationMs: 500 }],
  ['correlation 2 s', { decorrelationMs: 2000 }],
];
const variants: [string, TrackerOptions][] = process.argv[2]
  ? (JSON.parse(process.argv[2]) as [string, TrackerOptions][])
  : SWEEP;
for (const [name, options] of variants) {
  const cal = trackRun(calibration, anchors, options);
  const sim = movingRun(300, options);
  console.log(
    `${name.padEnd(30)} calibration run median ${cal.median.toFixed(2)} p90 ${cal.p90.toFixed(2)} Spearman(conf, err) ${cal.rho.toFixed(2)} | sim moving RMSE ${sim.tracked.toFixed(2)} (Kalman ${sim.trackedKalman.toFixed(2)}, CRLB ${sim.crlb1.toFixed(2)})`,
  );
}
