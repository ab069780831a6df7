/**
 * Accuracy benchmark, one table: simulation vs the CRLB (static and moving tags), the Kolakowski
 * 2021 dataset's test run (default and calibrated models, with baselines, and error by confidence),
 * per dataset (Kolakowski, UJI library and office, realistic simulation) the live path against the
 * 1 s weighted centroid, speeds with 8 gateways, and the predicted-accuracy layer on the demo
 * building (redraw CPU time, prediction against the simulator) and on the Kolakowski test run
 * (prediction from its known layout against the live path's errors). Run: npm run bench:accuracy
 * With --lodo, then the leave-one-dataset-out table (lib/lodo.ts): each set's figures with the
 * configuration chosen on the other sets, beside the defaults'.
 */
import { parseArgs } from 'node:util';
import { crossValidate } from './lib/accuracy-cv.ts';
import { confidenceRows, type Row } from './lib/confidence.ts';
import { loadDataset } from './lib/dataset.ts';
import { evaluateReal, MAIN_CALIBRATED, MAIN_DEFAULT, type RealResult } from './lib/real.ts';
import { movingRun, staticRun } from './lib/sim.ts';
import { benchLayout, solveSpeed, trackerSpeed } from './lib/speed.ts';
import { planSpeed, planVersusMeasured } from './lib/plan.ts';
import { formatLodo, leaveOneDatasetOut } from './lib/lodo.ts';
import { planVersusReal } from './lib/plan-real.ts';
import { KOLAKOWSKI_TEST, streamSets } from './lib/stream-report.ts';
import { streamRows } from './lib/stream-rows.ts';
import { machineLine } from './lib/machine.ts';

const { values: flags } = parseArgs({ options: { lodo: { type: 'boolean', default: false } } });
const started = performance.now();
const rows: Row[] = [];
const add = (...cells: Row) => rows.push(cells);
const m = (v: number) => (Number.isFinite(v) ? v.toFixed(2) : '-');
const ratio = (a: number, b: number) => `ratio ${(a / b).toFixed(2)}`;
// Three decimals, so a ratio just past 1.25 does not read "ratio 1.25 … NOT MET".
const within25 = (v: { predictedP90: number; measuredP90: number }) => {
  const r = v.predictedP90 / v.measuredP90;
  return `p90 ratio ${r.toFixed(3)}; target within 25 % ${Math.abs(r - 1) <= 0.25 ? 'MET' : 'NOT MET'}`;
};

// 1. Simulation with known truth (8 gateways, σ 5 dB, iid shadowing): RMSE vs CRLB.
const EPOCHS = 60;
const st = staticRun(EPOCHS, 100);
add(
  'sim static',
  'ML one epoch: RMSE vs CRLB',
  m(st.single),
  m(st.crlb1),
  ratio(st.single, st.crlb1),
);
add(
  'sim static',
  `static mode, ${EPOCHS} epochs: RMSE vs CRLB/√N`,
  m(st.averaged),
  m(st.crlbN),
  ratio(st.averaged, st.crlbN),
);
const mv = movingRun(300);
const moving = 'sim moving 1 m/s';
add(moving, 'ML one epoch: RMSE vs CRLB', m(mv.single), m(mv.crlb1), ratio(mv.single, mv.crlb1));
add(
  moving,
  'Kalman on ML fixes: RMSE vs CRLB',
  m(mv.trackedKalman),
  m(mv.crlb1),
  ratio(mv.trackedKalman, mv.crlb1),
);
add(
  moving,
  'grid filter, random walk: RMSE vs CRLB',
  m(mv.trackedWalk),
  m(mv.crlb1),
  ratio(mv.trackedWalk, mv.crlb1),
);
add(
  moving,
  'grid filter, constant velocity (default): RMSE vs CRLB',
  m(mv.tracked),
  m(mv.crlb1),
  ratio(mv.tracked, mv.crlb1),
);

// 2. Real dataset: median | p90 error (m) on the test run.
const ds = loadDataset();
const targets: string[] = [];
// Three decimals here, so a miss by millimetres does not read "1.40 (target ≤ 1.4) NOT MET".
const verdict = (r: RealResult, med: number, p90: number) =>
  `${r.model} model, ${r.name}: median ${r.median.toFixed(3)} (target ≤ ${med}), ` +
  `p90 ${r.p90.toFixed(3)} (target ≤ ${p90}) → ` +
  (r.median <= med && r.p90 <= p90 ? 'MET' : 'NOT MET');
const confidence: Row[] = [];
if (!ds) {
  add(
    'real',
    'kolakowski-ble-2021 not found (looked for ../shared/datasets/...): skipped',
    '',
    '',
    '',
  );
} else {
  for (const r of evaluateReal(ds)) {
    add(
      `real, ${r.model} model`,
      r.name,
      m(r.median),
      m(r.p90),
      `${r.fixes}/${ds.test.length} fixes`,
    );
    if (r.name === MAIN_DEFAULT) {
      targets.push(verdict(r, 1.4, 2.8));
      confidence.push(...confidenceRows(r, 'default model'));
    }
    if (r.name === MAIN_CALIBRATED) {
      targets.push(verdict(r, 1.0, 2.0));
      confidence.push(...confidenceRows(r, 'calibrated'));
    }
  }
}
rows.push(...confidence);

// The same engine cross-validated on the CALIBRATION run (4 contiguous blocks, each tracked with a
// map fitted on the other three): the figures every engine change is accepted or rejected by.
if (ds) {
  for (const calibrated of [false, true]) {
    const cv = crossValidate(ds, {}, calibrated);
    const label = calibrated ? 'calibrated, map per fold' : 'default model';
    add(
      'calibration-run CV',
      `${label}: median | p90`,
      m(cv.median),
      m(cv.p90),
      `Spearman(confidence, error) ${cv.rho.toFixed(2)}`,
    );
    add(
      'calibration-run CV',
      `${label}: median by confidence quintile (top first)`,
      cv.quintiles.map(m).join(' '),
      '',
      cv.quintiles.every((q, i) => i === 0 || q >= cv.quintiles[i - 1]!)
        ? 'monotonic'
        : 'NOT monotonic',
    );
  }
}

// 3. Per dataset, as the product runs: every report through the link windows and the locator,
// against the 1 s weighted centroid on the same reports.
const sets = streamSets();
const streams = streamRows(sets);
rows.push(...streams.rows);

// 4. Speeds, 8 gateways, per core (CPU time of this process).
for (const a of ['weighted-centroid', 'least-squares', 'maximum-likelihood', 'auto'] as const) {
  const v = solveSpeed(a);
  add(
    'speed, 8 gateways',
    `${a}: solves/s on one core`,
    Math.round(v).toLocaleString('en-US'),
    '',
    v >= 100_000 ? 'target ≥ 100,000 MET' : 'target ≥ 100,000 NOT MET',
  );
}
const steps = trackerSpeed();
add(
  'speed, 8 gateways',
  'live tracker update (80 packets at 10 Hz/link + summaries + grid fix): updates/s on one core',
  Math.round(steps).toLocaleString('en-US'),
  '',
  steps >= 10_000 ? 'target ≥ 10,000 MET' : 'target ≥ 10,000 NOT MET',
);
const benchOpen = trackerSpeed(benchLayout(false));
const benchWalls = trackerSpeed(benchLayout(true));
add(
  'speed, 8 gateways',
  'the same on the pipeline bench floor (60 × 40 m): no walls / 146 wall segments and 142 doors, updates/s on one core',
  `${Math.round(benchOpen).toLocaleString('en-US')} / ${Math.round(benchWalls).toLocaleString('en-US')}`,
  '',
  `walls at ${Math.round((100 * benchWalls) / benchOpen)} % of the rate without`,
);

const planned = planSpeed();
add(
  'speed, 19 gateways',
  `predicted-accuracy redraw of the demo floor (58 × 38 m, walls, 0.5 m grid of ${planned.cells.toLocaleString('en-US')} cells): CPU ms per redraw / per proposal (1 m grid, spots 2 m apart)`,
  planned.redrawMs.toFixed(1),
  planned.proposalMs.toFixed(0),
  planned.redrawMs <= 200 ? 'redraw target ≤ 200 ms MET' : 'redraw target ≤ 200 ms NOT MET',
);
const vs = planVersusMeasured();
add(
  'plan, demo building',
  'predicted (pooled over the floor) vs measured (simulator, 8 tags, 10 min): median / p90',
  `${m(vs.predictedMedian)} / ${m(vs.measuredMedian)}`,
  `${m(vs.predictedP90)} / ${m(vs.measuredP90)}`,
  within25(vs),
);
const kTest = sets.find((s) => s.name === KOLAKOWSKI_TEST);
if (kTest) {
  const vr = planVersusReal(kTest);
  add(
    'plan, Kolakowski test run',
    `predicted (default radio model, ${vr.width.toFixed(1)} × ${vr.height.toFixed(1)} m, ` +
      `${vr.readingsPerSecond.toFixed(2)} readings/s per gateway, pooled over ${vr.positions} true positions) ` +
      'vs measured (default tracker, live path): median / p90',
    `${m(vr.predictedMedian)} / ${m(vr.measuredMedian)}`,
    `${m(vr.predictedP90)} / ${m(vr.measuredP90)}`,
    within25(vr),
  );
}

const head: Row = ['section', 'case', 'RMSE or median', 'CRLB or p90', 'note'];
const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (r: readonly string[]) =>
  r
    .map((c, i) => c.padEnd(widths[i]!))
    .join(' | ')
    .trimEnd();
console.log(`${machineLine()}; speeds are per CPU-second of this process`);
console.log(line(head));
console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
for (const r of rows) console.log(line(r));
console.log(
  'Metres throughout. sim: RMSE against the Cramér–Rao bound for the same data (tag offset unknown, prior σ 4 dB);',
);
console.log(
  '  static mode averages N epochs, so its bound is CRLB/√N. real: error on the TEST run; "calibrated" rows are',
);
console.log(
  '  fitted on the calibration run only; nothing in the engine was tuned on the test run (bench/lib/tune.ts).',
);
console.log(
  '  confidence rows: test-run fixes of the main tracker split into quintiles by confidence, most confident first.',
);
console.log(
  '  per-dataset rows: every report replayed through the link windows and the device locator at 1 s ticks (the',
);
console.log(
  '  live path), tracks one after another on one site so the self-calibration carries over; constants were',
);
console.log(
  '  chosen only on the rows marked "(constants chosen here)"; the others are reported, never tuned on.',
);
console.log(
  '  Spearman rows: rank correlation of the predicted with the real error, its 90 % interval and how often the',
);
console.log(
  '  quintile medians fall monotonically when whole minutes of each track are resampled (errors outlast a tick).',
);
console.log(
  '  plan rows: the predicted p90 per cell (planAccuracy: Cramér–Rao bound of one link window, the plan as prior) pooled',
);
console.log(
  "  with each cell's error circular, over the floor's cells (demo) or the test run's true positions (Kolakowski: default",
);
console.log(
  '  radio model, its light walls, the packet rate its readings came at), against the live path on the same run.',
);
for (const t of targets) console.log(`target: ${t}`);
for (const v of streams.verdicts) console.log(`baseline: ${v}`);
console.log(`took ${((performance.now() - started) / 1000).toFixed(0)} s`);
if (flags.lodo) {
  console.log('');
  console.log(
    `Leave one dataset out: each set with the configuration chosen on the other ${sets.length - 1}`,
  );
  for (const l of formatLodo(leaveOneDatasetOut(sets), sets)) console.log(l);
}
