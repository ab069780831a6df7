/**
 * Cross-validation on the CALIBRATION run only (the test run is never read): the run is cut into
 * contiguous time blocks; each block is tracked with a model fitted on the other blocks (or with
 * no fit, for the default model). Used to accept or reject engine changes and to check that
 * confidence ranks error. Run:
 *   node --import tsx bench/lib/accuracy-cv.ts ['[["name", {trackerOptions}]]' ['{radioMapOptions}']]
 * e.g. '[["no support", {}]]' '{"supportM": 0}' to see what the calibrated map's support buys.
 */
import { pathToFileURL } from 'node:url';
import {
  createTracker,
  DEFAULT_LOCATE_SETTINGS,
  fitRadioMap,
  type RadioMapOptions,
  type TrackerOptions,
} from '@rtls/positioning';
import { loadDataset, type Dataset, type DatasetRow } from './dataset.ts';
import { quantile, spearman } from './stats.ts';

const settings = { ...DEFAULT_LOCATE_SETTINGS, minConfidence: 0 };

/** Errors and confidences of one configuration over every held-out block. */
export interface CvResult {
  median: number;
  p90: number;
  rho: number;
  /** Median error per confidence quintile, most confident first. */
  quintiles: number[];
}

/** Summarise errors and confidences. */
export function summarise(errors: readonly number[], confidences: readonly number[]): CvResult {
  const idx = errors.map((_, i) => i).sort((a, b) => confidences[b]! - confidences[a]!);
  const quintiles = [0, 1, 2, 3, 4].map((q) =>
    quantile(
      idx
        .slice(Math.floor((q * idx.length) / 5), Math.floor(((q + 1) * idx.length) / 5))
        .map((i) => errors[i]!),
      0.5,
    ),
  );
  return {
    median: quantile(errors, 0.5),
    p90: quantile(errors, 0.9),
    rho: spearman(confidences, errors),
    quintiles,
  };
}

/**
 * Blocked CV on the calibration run: `folds` contiguous blocks; `calibrated` fits a radio map on
 * the other blocks for each, else the default model is used as is (nothing fitted).
 */
export function crossValidate(
  ds: Dataset,
  options: TrackerOptions,
  calibrated: boolean,
  folds = 4,
  mapOptions: RadioMapOptions = {},
): CvResult {
  const rows = ds.calibration;
  const errors: number[] = [];
  const confidences: number[] = [];
  for (let f = 0; f < folds; f++) {
    const lo = Math.floor((f * rows.length) / folds);
    const hi = Math.floor(((f + 1) * rows.length) / folds);
    const held = rows.slice(lo, hi);
    const train: DatasetRow[] = [...rows.slice(0, lo), ...rows.slice(hi)];
    const radioMap = calibrated ? fitRadioMap(train, ds.anchors, mapOptions) : undefined;
    const tracker = createTracker({
      mode: 'mobile',
      settings,
      ...options,
      ...(radioMap ? { radioMap } : {}),
    });
    for (const r of held) {
      const e = tracker.update(r.observations, ds.anchors, r.tMs);
      if (!e) continue;
      errors.push(Math.hypot(e.x - r.x, e.y - r.y));
      confidences.push(e.confidence);
    }
  }
  return summarise(errors, confidences);
}

const fmt = (r: CvResult) =>
  `median ${r.median.toFixed(2)} p90 ${r.p90.toFixed(2)} Spearman ${r.rho.toFixed(2)} ` +
  `quintile medians ${r.quintiles.map((q) => q.toFixed(2)).join(' ')}`;

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const ds = loadDataset();
  if (!ds) throw new Error('dataset not found');
  const variants: [string, TrackerOptions][] = process.argv[2]
    ? (JSON.parse(process.argv[2]) as [string, TrackerOptions][])
    : [['current defaults', {}]];
  for (const [name, options] of variants) {
    console.log(`${name.padEnd(28)} default    ${fmt(crossValidate(ds, options, false))}`);
    const mapOptions = JSON.parse(process.argv[3] ?? '{}') as RadioMapOptions;
    console.log(
      `${''.padEnd(28)} calibrated ${fmt(crossValidate(ds, options, true, 4, mapOptions))}`,
    );
  }
}
