/** Does confidence mean something? Error by confidence quintile, and a rank correlation. */
import type { RealResult } from './real.ts';
import { quantile, spearman } from './stats.ts';

/** One table row: section, case, median, p90, note. */
export type Row = [string, string, string, string, string];

/**
 * Rows of median/p90 error per confidence quintile (most confident first) and
 * Spearman(confidence, error): it should be negative, and the medians should grow down the rows.
 */
export function confidenceRows(r: RealResult, label: string, buckets = 5): Row[] {
  const idx = r.errors.map((_, i) => i).sort((a, b) => r.confidences[b]! - r.confidences[a]!);
  const section = `confidence, ${label}`;
  const rows: Row[] = [];
  for (let q = 0; q < buckets; q++) {
    const part = idx.slice(
      Math.floor((q * idx.length) / buckets),
      Math.floor(((q + 1) * idx.length) / buckets),
    );
    const errs = part.map((i) => r.errors[i]!);
    const confs = part.map((i) => r.confidences[i]!);
    rows.push([
      section,
      `quintile ${q + 1}: confidence ${Math.min(...confs).toFixed(2)}–${Math.max(...confs).toFixed(2)}`,
      quantile(errs, 0.5).toFixed(2),
      quantile(errs, 0.9).toFixed(2),
      `n=${part.length}`,
    ]);
  }
  const rho = spearman(r.confidences, r.errors);
  rows.push([
    section,
    'Spearman(confidence, error)',
    rho.toFixed(2),
    '',
    rho < 0 ? 'negative: higher confidence, smaller error' : 'NOT negative',
  ]);
  return rows;
}
