/**
 * Leave one dataset out: every candidate configuration (lodo-candidates.ts) runs once on every
 * stream set; then for each set the configuration with the best mean, over the other sets, of its
 * ratios to the 1 s weighted centroid (median and p90 averaged) is chosen, and that set's figures
 * with that choice are reported beside the defaults'. What a constant chosen elsewhere does on a
 * site it was not chosen on. Run alone:
 *   node --import tsx bench/lib/lodo.ts
 */
import { pathToFileURL } from 'node:url';
import { cpus, loadavg } from 'node:os';
import { LODO_CANDIDATES } from './lodo-candidates.ts';
import { evaluateStreams, type StreamOptions } from './stream-eval.ts';
import { streamSets } from './stream-report.ts';
import type { StreamSet } from './streams.ts';
import { quantile } from './stats.ts';

/** One configuration's figures on one set (m). */
interface Figures {
  med: number;
  p90: number;
  bmed: number;
  bp90: number;
}

/** The mean of the median and p90 ratios to the centroid: what a configuration is chosen by. */
const score = (f: Figures) => (f.med / f.bmed + f.p90 / f.bp90) / 2;

/** The held-out set's row: the configuration chosen on the others, and what it scored there. */
export interface LodoRow {
  set: string;
  chosen: string;
  /** The chosen configuration's mean score over the other sets. */
  trainScore: number;
  figures: Figures;
  defaults: Figures;
}

export interface LodoResult {
  rows: LodoRow[];
  /** Per candidate, its figures on each set (in the sets' order). */
  matrix: { name: string; figures: Figures[] }[];
  seconds: number;
}

/** Run every candidate on every set once, then choose for each set on the others. */
export function leaveOneDatasetOut(
  sets: readonly StreamSet[],
  candidates: readonly (readonly [string, StreamOptions])[] = LODO_CANDIDATES,
): LodoResult {
  const started = performance.now();
  const matrix = candidates.map(([name, options]) => ({
    name,
    figures: sets.map((set): Figures => {
      const r = evaluateStreams(set, options);
      return {
        med: quantile(r.errors, 0.5),
        p90: quantile(r.errors, 0.9),
        bmed: quantile(r.baseline, 0.5),
        bp90: quantile(r.baseline, 0.9),
      };
    }),
  }));
  const rows = sets.map((set, held): LodoRow => {
    let best = matrix[0]!;
    let bestScore = Infinity;
    for (const c of matrix) {
      const others = c.figures.filter((_, i) => i !== held).map(score);
      const s = others.reduce((a, b) => a + b, 0) / Math.max(1, others.length);
      // Strictly better only: a tie keeps the earlier candidate (the defaults first).
      if (s < bestScore) [best, bestScore] = [c, s];
    }
    return {
      set: set.name,
      chosen: best.name,
      trainScore: bestScore,
      figures: best.figures[held]!,
      defaults: matrix[0]!.figures[held]!,
    };
  });
  return { rows, matrix, seconds: (performance.now() - started) / 1000 };
}

const f = (v: number) => (Number.isFinite(v) ? v.toFixed(2) : '-');

function table(head: string[], body: string[][]): string[] {
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((r) => r[i]!.length)));
  const line = (r: readonly string[]) =>
    r
      .map((c, i) => c.padEnd(widths[i]!))
      .join(' | ')
      .trimEnd();
  return [line(head), widths.map((w) => '-'.repeat(w)).join('-|-'), ...body.map(line)];
}

/** The table as printed: two rows per set (chosen, defaults), then every candidate's ratios. */
export function formatLodo(result: LodoResult, sets: readonly StreamSet[]): string[] {
  const row = (set: string, config: string, x: Figures, train: string) => [
    set,
    config,
    f(x.med),
    f(x.p90),
    f(x.bmed),
    f(x.bp90),
    f(x.med / x.bmed),
    f(x.p90 / x.bp90),
    train,
  ];
  const body = result.rows.flatMap((r) => [
    row(r.set, `chosen: ${r.chosen}`, r.figures, f(r.trainScore)),
    row('', 'defaults', r.defaults, ''),
  ]);
  const mean = (pick: (r: LodoRow) => number) =>
    result.rows.reduce((a, r) => a + pick(r), 0) / Math.max(1, result.rows.length);
  const lines = table(
    [
      'held-out set',
      'configuration',
      'median',
      'p90',
      'centroid median',
      'centroid p90',
      'ratio median',
      'ratio p90',
      'mean ratio on the others',
    ],
    body,
  );
  lines.push(
    'floors: ' +
      sets
        .map((s) =>
          s.floor
            ? `${s.name} ${s.floor.walls.length} walls${s.floor.outline ? ' and an outline' : ''}`
            : `${s.name} none`,
        )
        .join('; '),
  );
  lines.push(
    `mean over the held-out sets of (ratio median + ratio p90) / 2: chosen ${f(mean((r) => score(r.figures)))}, ` +
      `defaults ${f(mean((r) => score(r.defaults)))}`,
  );
  lines.push('');
  lines.push('every candidate on every set, ratio to the centroid median / p90:');
  const names = sets.map((s) => s.name);
  lines.push(
    ...table(
      ['configuration', ...names, 'mean of (median + p90) / 2'],
      result.matrix.map((c) => [
        c.name,
        ...c.figures.map((x) => `${f(x.med / x.bmed)} / ${f(x.p90 / x.bp90)}`),
        f(c.figures.reduce((a, x) => a + score(x), 0) / Math.max(1, c.figures.length)),
      ]),
    ),
  );
  lines.push(
    `${result.matrix.length} configurations × ${sets.length} sets, each run once: ${result.seconds.toFixed(0)} s`,
  );
  return lines;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(
    `machine: ${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores, node ${process.version}, ` +
      `load average ${loadavg()[0]!.toFixed(1)}`,
  );
  const sets = streamSets();
  for (const line of formatLodo(leaveOneDatasetOut(sets), sets)) console.log(line);
}
