/** The pipeline bench's printing: plain aligned tables, event-loop and memory lines. */
import type { Sample } from './pipeline-phases.ts';

export const mb = (b: number | null | undefined) =>
  b == null ? '—' : `${(b / 1048576).toFixed(0)} MB`;

// ---------------------------------------------------------------- printing

export function table(rows: string[][]) {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => (r[c] ?? '').length)));
  for (const r of rows) console.log('  ' + r.map((v, c) => v.padEnd(widths[c]!)).join('  '));
}

/** The server's event-loop delay: median of the 5-s p99s, and the largest delay seen (ms). */
function loopLine(samples: Sample[]): string {
  const p99s = samples
    .map((s) => s.loopP99)
    .filter((v): v is number => v !== null)
    .sort((a, b) => a - b);
  const maxes = samples.map((s) => s.loopMax).filter((v): v is number => v !== null);
  if (p99s.length === 0) return '—';
  return `${p99s[Math.floor(p99s.length / 2)]!.toFixed(1)} / ${Math.max(...maxes).toFixed(1)} ms`;
}

export function memoryLine(samples: Sample[]): string[] {
  if (samples.length === 0) return ['—', '—', '—', '—', '—'];
  const q = (f: number) => samples[Math.min(samples.length - 1, Math.floor(f * samples.length))]!;
  const rss = samples.map((s) => s.rss);
  const heaps = samples.map((s) => s.heap).filter((h): h is number => h !== null);
  return [
    `${mb(q(0).rss)} → ${mb(q(0.5).rss)} → ${mb(samples[samples.length - 1]!.rss)}`,
    `${mb(Math.min(...rss))}..${mb(Math.max(...rss))}`,
    heaps.length ? `${mb(heaps[0])} → ${mb(heaps[heaps.length - 1])}` : '—',
    heaps.length ? `${mb(Math.max(...heaps))}` : '—',
    loopLine(samples),
  ];
}
