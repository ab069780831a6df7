/** Does confidence mean something? Error by confidence bucket, and a rank correlation. */
import type { RealResult } from './real.ts';
import { quantile, spearman } from './stats.ts';

/** Lines reporting median/p90 error per confidence quintile and Spearman(1 − confidence, error). */
export function confidenceReport(r: RealResult, buckets = 5): string[] {
  const idx = r.errors.map((_, i) => i).sort((a, b) => r.confidences[b]! - r.confidences[a]!);
  const lines = [
    `error by confidence, ${r.name} (real test run), quintiles, most confident first:`,
  ];
  for (let q = 0; q < buckets; q++) {
    const part = idx.slice(
      Math.floor((q * idx.length) / buckets),
      Math.floor(((q + 1) * idx.length) / buckets),
    );
    const errs = part.map((i) => r.errors[i]!);
    const confs = part.map((i) => r.confidences[i]!);
    lines.push(
      `  conf ${Math.min(...confs).toFixed(2)}–${Math.max(...confs).toFixed(2)}: n=${part.length}` +
        ` median ${quantile(errs, 0.5).toFixed(2)} m, p90 ${quantile(errs, 0.9).toFixed(2)} m`,
    );
  }
  const rho = spearman(
    r.confidences.map((c) => 1 - c),
    r.errors,
  );
  lines.push(
    `  Spearman(1 − confidence, error) = ${rho.toFixed(2)} (> 0: lower confidence, larger error)`,
  );
  return lines;
}
