/**
 * bench:accuracy's per-dataset section: on report streams replayed as the product runs them, the
 * default tracker against the 1 s weighted centroid (same reports), their ratio, confidence
 * quintiles, the share of errors within the predicted 1-σ radius, static and auto mode against
 * mobile, on the UJI points the single-epoch estimators; the simulation also against its CRLB.
 */
import { CONFIDENCE_RADIUS_M, crlb, DEFAULT_RADIO_MODEL } from '@rtls/positioning';
import type { Row } from './confidence.ts';
import { describe, streamSets } from './stream-report.ts';
import { evaluateStreams, TICK_MS, type StreamOptions } from './stream-eval.ts';
import type { StreamSet } from './streams.ts';
import { mean, quantile } from './stats.ts';

const f = (v: number) => (Number.isFinite(v) ? v.toFixed(2) : '-');
const GOAL = 0.75;

/** RMS CRLB (m) over the truth at every tick: σ of shadowing and gateway offsets together. */
function setCrlb(set: StreamSet): number {
  const model = { ...DEFAULT_RADIO_MODEL, sigmaDb: 5 };
  const b: number[] = [];
  for (const t of set.tracks) {
    const start = t.reports[0]?.tMs ?? 0;
    const end = t.reports[t.reports.length - 1]?.tMs ?? 0;
    for (let ms = start; ms <= end; ms += TICK_MS) {
      const p = t.truth(ms);
      b.push(crlb(set.anchors, p.x, p.y, { model, unknownOffset: true }) ** 2);
    }
  }
  return Math.sqrt(mean(b));
}

/**
 * Static and auto mode on every set, against mobile (the default tracker's median and p90): on a
 * moving tag neither may do worse; on the UJI points also the single-epoch estimators.
 */
function extraRows(set: StreamSet, mobile: { med: number; p90: number }): Row[] {
  const rows: Row[] = [];
  for (const mode of ['static', 'auto'] as const) {
    const r = evaluateStreams(set, { mode });
    const [med, p90] = [quantile(r.errors, 0.5), quantile(r.errors, 0.9)];
    // Compared as printed (to the centimetre): a smaller difference is no verdict.
    const cm = (v: number) => Math.round(100 * v);
    const ok = cm(med) <= cm(mobile.med) && cm(p90) <= cm(mobile.p90);
    rows.push([set.name, `${mode} mode`, f(med), f(p90), ok ? '≤ mobile' : 'WORSE than mobile']);
  }
  if (!set.name.startsWith('UJI')) return rows;
  const variants: [string, StreamOptions][] = [
    ['max likelihood, one epoch', { single: 'maximum-likelihood' }],
    ['least squares, one epoch', { single: 'least-squares' }],
    ['weighted centroid (product), one epoch', { single: 'weighted-centroid' }],
  ];
  for (const [name, o] of variants) {
    const r = evaluateStreams(set, o);
    rows.push([set.name, name, f(quantile(r.errors, 0.5)), f(quantile(r.errors, 0.9)), '']);
  }
  return rows;
}

/** The rows, and one verdict line per reported (not chosen-on) dataset. */
export function streamRows(sets: readonly StreamSet[] = streamSets()): {
  rows: Row[];
  verdicts: string[];
} {
  const rows: Row[] = [];
  const verdicts: string[] = [];
  for (const set of sets) {
    const d = describe(set, evaluateStreams(set));
    const tag = set.choose ? ' (constants chosen here)' : '';
    const name = set.name + tag;
    rows.push([name, 'default tracker (live path, 1 s ticks)', f(d.med), f(d.p90), `n=${d.n}`]);
    rows.push([name, '1 s weighted centroid, same reports', f(d.bmed), f(d.bp90), '']);
    const ok = d.ratioMed <= 1 && d.ratioP90 <= 1;
    const goal = d.ratioMed <= GOAL && d.ratioP90 <= GOAL;
    rows.push([
      name,
      'ratio tracker / baseline',
      f(d.ratioMed),
      f(d.ratioP90),
      goal
        ? 'goal ≤ 0.75 MET'
        : ok
          ? 'better than baseline; goal ≤ 0.75 NOT MET'
          : 'WORSE than baseline',
    ]);
    rows.push([
      name,
      'median by confidence quintile (top first)',
      d.quintiles.map(f).join(' '),
      '',
      d.monotonic ? 'monotonic' : 'NOT monotonic',
    ]);
    rows.push([
      name,
      'Spearman predicted vs real error (90 % interval)',
      `${f(d.ranking.rho)} (${f(d.ranking.lo)}…${f(d.ranking.hi)})`,
      '',
      `quintiles monotonic in ${(100 * d.ranking.monotonicShare).toFixed(0)} % of resamples (1 min blocks)`,
    ]);
    rows.push([
      name,
      'errors within predicted 1-σ radius',
      `${(100 * d.within).toFixed(0)} %`,
      '',
      'goal ≈ 68 %',
    ]);
    rows.push([
      name,
      `mean confidence | share within ${CONFIDENCE_RADIUS_M} m`,
      f(d.probability.predicted),
      f(d.probability.actual),
      'equal when confidence is calibrated',
    ]);
    rows.push(...extraRows(set, d));
    if (set.name.startsWith('simulation')) {
      rows.push([
        name,
        'RMSE vs one-epoch CRLB (σ 5 dB)',
        f(Math.sqrt(mean(evaluateStreams(set).errors.map((e) => e * e)))),
        f(setCrlb(set)),
        '',
      ]);
    }
    if (!set.choose) {
      verdicts.push(
        `${set.name}: tracker ${f(d.med)} | ${f(d.p90)} m vs 1 s weighted centroid ${f(d.bmed)} | ${f(d.bp90)} m, ratio ${f(d.ratioMed)} | ${f(d.ratioP90)} → ` +
          (goal
            ? 'goal MET'
            : ok
              ? 'better than baseline, goal ≤ 0.75 NOT MET'
              : 'NOT better than baseline'),
      );
    }
  }
  return { rows, verdicts };
}
