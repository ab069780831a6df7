/**
 * Per dataset: the default tracker against the 1 s weighted centroid on the same reports, their
 * ratio, confidence quintiles and the share of errors within the predicted radius. Run alone:
 *   node --import tsx bench/lib/stream-report.ts [choose]   ("choose": only the parts constants
 *   may be chosen on: Kolakowski calibration run, UJI library, the choosing simulation)
 */
import { pathToFileURL } from 'node:url';
import { loadDataset } from './dataset.ts';
import { kolakowskiFloor } from './floors.ts';
import { simulatedSet } from './sim-stream.ts';
import { CONFIDENCE_RADIUS_M } from '@rtls/positioning';
import { evaluateStreams, type StreamOptions, type StreamResult } from './stream-eval.ts';
import { findUjiDir, loadUjiZone, rowsAsTracks, type StreamSet } from './streams.ts';
import { blockBootstrap, quantile, spearman } from './stats.ts';

/**
 * Tags per simulated site: enough that a verdict does not hang on a few draws. With 12 tags (4 of
 * them standing, each a fixed shadowing bias for its whole recording) the same channel gave
 * tracker/baseline median ratios from 0.81 to 1.41 across seeds; with 60 the spread is 0.77–0.98.
 */
const SIM_TAGS = 60;

/** Name of the Kolakowski test run's set (bench:accuracy also sets the plan against it). */
export const KOLAKOWSKI_TEST = 'Kolakowski test run';

/** Every stream dataset found: chosen-on parts first. */
export function streamSets(): StreamSet[] {
  const sets: StreamSet[] = [];
  const ds = loadDataset();
  const floor = ds ? kolakowskiFloor(ds.dir) : null;
  const flat = floor ? { floor } : {};
  /** One run of the Kolakowski dataset, on its floor when its walls were found. */
  const kolakowski = (
    name: string,
    { anchors }: { anchors: StreamSet['anchors'] },
    tracks: StreamSet['tracks'],
    choose: boolean,
  ): StreamSet => ({ name, anchors, tracks, choose, ...flat });
  if (ds) {
    const cal = rowsAsTracks('kolakowski-cal', ds.calibration);
    sets.push(kolakowski('Kolakowski calibration run', ds, cal, true));
  }
  const uji = findUjiDir();
  if (uji) sets.push(loadUjiZone(uji, 'lib', true));
  sets.push(simulatedSet('simulation A', 11, true, {}, SIM_TAGS));
  if (ds) {
    const test = rowsAsTracks('kolakowski-test', ds.test);
    sets.push(kolakowski(KOLAKOWSKI_TEST, ds, test, false));
  }
  if (uji) sets.push(loadUjiZone(uji, 'geo', false));
  sets.push(simulatedSet('simulation B', 23, false, { exponent: 2.7, riceK: 0.5 }, SIM_TAGS));
  return sets;
}

/** Median error per confidence quintile, most confident first (of the ticks `of`, or all). */
export function quintiles(r: StreamResult, of?: readonly number[]): number[] {
  const all = of ?? r.errors.map((_, i) => i);
  const idx = [...all].sort((a, b) => r.confidences[b]! - r.confidences[a]!);
  return [0, 1, 2, 3, 4].map((q) =>
    quantile(
      idx
        .slice(Math.floor((q * idx.length) / 5), Math.floor(((q + 1) * idx.length) / 5))
        .map((i) => r.errors[i]!),
      0.5,
    ),
  );
}

const isMonotonic = (q: readonly number[]) => q.every((v, i) => i === 0 || v >= q[i - 1]!);

/** Resamples behind the ranking figures (200 give the 5 % and 95 % points to about ±0.02). */
const RESAMPLES = 200;

/**
 * How well confidence ranks the errors, and how sure that is: the Spearman correlation of the
 * predicted with the real error (0 when confidence says nothing of the error), its 90 % interval,
 * and the share of resamples whose quintile medians fall monotonically; resampled by blocks of
 * one track's ticks (BLOCK_MS), as an error outlasts a tick.
 */
export function ranking(r: StreamResult): {
  rho: number;
  lo: number;
  hi: number;
  monotonicShare: number;
} {
  const draws = blockBootstrap(r.blocks, RESAMPLES, 7, (idx) => ({
    rho: spearman(
      idx.map((i) => r.predicted[i]!),
      idx.map((i) => r.errors[i]!),
    ),
    monotonic: isMonotonic(quintiles(r, idx)),
  }));
  const rhos = draws.map((d) => d.rho);
  return {
    rho: spearman(r.predicted, r.errors),
    lo: quantile(rhos, 0.05),
    hi: quantile(rhos, 0.95),
    monotonicShare: draws.filter((d) => d.monotonic).length / draws.length,
  };
}

/** Share of errors within the predicted RMS radius (≈ 63–68 % when calibrated). */
export function within(r: StreamResult): number {
  let n = 0;
  r.errors.forEach((e, i) => {
    if (e <= r.predicted[i]!) n++;
  });
  return n / Math.max(1, r.errors.length);
}

/**
 * Confidence as a probability: its mean, and the share of errors within CONFIDENCE_RADIUS_M
 * (what it predicts; equal when calibrated).
 */
export function asProbability(r: StreamResult): { predicted: number; actual: number } {
  const n = Math.max(1, r.errors.length);
  return {
    predicted: r.confidences.reduce((a, b) => a + b, 0) / n,
    actual: r.errors.filter((e) => e <= CONFIDENCE_RADIUS_M).length / n,
  };
}

/** One line per set: tracker and baseline median | p90, ratios, quintiles, coverage. */
export function describe(set: StreamSet, r: StreamResult) {
  const med = quantile(r.errors, 0.5);
  const p90 = quantile(r.errors, 0.9);
  const bmed = quantile(r.baseline, 0.5);
  const bp90 = quantile(r.baseline, 0.9);
  const q = quintiles(r);
  return {
    med,
    p90,
    bmed,
    bp90,
    ratioMed: med / bmed,
    ratioP90: p90 / bp90,
    quintiles: q,
    monotonic: isMonotonic(q),
    ranking: ranking(r),
    within: within(r),
    probability: asProbability(r),
    n: r.errors.length,
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const onlyChoose = process.argv[2] === 'choose';
  const options = JSON.parse(process.argv[3] ?? '{}') as StreamOptions;
  for (const set of streamSets()) {
    if (onlyChoose && !set.choose) continue;
    const d = describe(set, evaluateStreams(set, options));
    const f = (v: number) => v.toFixed(2);
    console.log(
      `${set.name.padEnd(28)} tracker ${f(d.med)} | ${f(d.p90)}  baseline ${f(d.bmed)} | ${f(d.bp90)}  ratio ${f(d.ratioMed)} | ${f(d.ratioP90)}  quintiles ${d.quintiles.map(f).join(' ')}${d.monotonic ? '' : ' (NOT monotonic)'}  Spearman ${f(d.ranking.rho)} (${f(d.ranking.lo)}…${f(d.ranking.hi)}, monotonic in ${(100 * d.ranking.monotonicShare).toFixed(0)} % of resamples)  within 1σ ${(100 * d.within).toFixed(0)}%  confidence ${f(d.probability.predicted)} vs within ${CONFIDENCE_RADIUS_M} m ${f(d.probability.actual)}  n=${d.n}`,
    );
  }
}
