/** The pipeline bench's printing: plain aligned tables, event-loop and memory lines. */
import type { Latency, Sample, Throughput } from './pipeline-phases.ts';

/** One configuration's figures (a database, a number of instances). */
export interface RunResult {
  label: string;
  throughput: Throughput | null;
  latency: Latency | null;
  memory: Sample[][];
  note?: string;
}

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

/** A server's name in the memory lines: the run's label, numbered when the run had several. */
const serverLabel = (r: RunResult, i: number) =>
  r.memory.length > 1 ? `${r.label} #${i + 1}` : r.label;

/** The RSS at the start and at the end of each minute of the run, in MB. */
function rssByMinute(samples: Sample[]): string {
  const marks = samples.filter(
    (s, i) =>
      i === 0 ||
      i === samples.length - 1 ||
      Math.floor(s.t / 60) > Math.floor(samples[i - 1]!.t / 60),
  );
  return marks.map((s) => (s.rss / 1048576).toFixed(0)).join(' ');
}

const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : '—');

/**
 * The servers' CPU per report (µs): CPU-seconds per second over reports per second. Everything the
 * server does for a report counts: parsing, storing, the live update and its share of locating.
 */
const perReport = (cores: number, reportsPerS: number) =>
  reportsPerS > 0 ? ((1e6 * cores) / reportsPerS).toFixed(0) : '—';

/** The three tables: throughput, latency and located devices, memory; then targets and notes. */
export function printResults(
  results: RunResult[],
  opts: { devices: number; listener: 'worker' | 'main' },
) {
  console.log(
    '\nThroughput: concurrent HTTP POST /api/ingest batches (8 in flight × 1000 reports, spread over the instances)',
  );
  table([
    ['run', 'reports/s', 'batches', 'failed', 'server CPU (cores)', 'CPU µs/report'],
    ...results.map((r) =>
      r.throughput
        ? [
            r.label,
            r.throughput.reportsPerS.toFixed(0),
            String(r.throughput.batches),
            String(r.throughput.failed),
            r.throughput.serverCores.toFixed(2),
            perReport(r.throughput.serverCores, r.throughput.reportsPerS),
          ]
        : [r.label, '—', '—', '—', '—', '—'],
    ),
  ]);
  console.log(
    `\nLatency at a fixed rate over ${opts.devices} devices (HTTP batches every 10 ms, spread over ` +
      'the instances); ' +
      (opts.listener === 'worker'
        ? 'report timestamp → device_update at a Socket.IO client in a worker thread of its own, ms'
        : 'report sent → matching device_update at a Socket.IO client in the sending thread, ms'),
  );
  table([
    [
      'run',
      'rate/s',
      'sent',
      'matched',
      'p50',
      'p95',
      'p99',
      'max',
      'failed',
      'server CPU',
      'CPU µs/report',
    ],
    ...results.map((r) => {
      const l = r.latency;
      if (!l) return [r.label, ...Array.from({ length: 10 }, () => '—')];
      return [
        r.label,
        l.achievedRate.toFixed(0),
        String(l.sent),
        `${((100 * l.matched) / Math.max(1, l.sent)).toFixed(1)} %`,
        ms(l.p50),
        ms(l.p95),
        ms(l.p99),
        ms(l.max),
        String(l.failed),
        l.serverCores.toFixed(2),
        perReport(l.serverCores, l.achievedRate),
      ];
    }),
  ]);
  console.log(
    '\nPositions: device_updates with a new position on the watched map (updates that only refresh ' +
      'signals repeat the last position and are left out); latency = arrival − the ' +
      "device's newest report (lastSeen), ms; steady = reports from the phase's 5th second to 1 s " +
      'before the sending ended (the throughput phase backlog and the stream end left out); ' +
      'located/s = distinct devices positioned per second (median and lowest over the phase, ' +
      'first 2 s left out); server locates/s and fixes/s = locates run and the new fixes they gave ' +
      '(the rest kept the last position), µs/locate = the time one locate took on the locating ' +
      "thread (its CPU time while it has a core to itself), from the servers' metrics",
  );
  table([
    [
      'run',
      'positioned',
      'p50',
      'p99',
      'steady p50',
      'steady p99',
      'located/s',
      'lowest',
      'server locates/s',
      'fixes/s',
      'µs/locate',
      'server mean',
      'server ≤ 50 ms',
      'client loop p99/max',
    ],
    ...results.map((r) => {
      const l = r.latency;
      if (!l) return [r.label, ...Array.from({ length: 13 }, () => '—')];
      return [
        r.label,
        String(l.positioned),
        ms(l.positionedP50),
        ms(l.positionedP99),
        ms(l.steadyP50),
        ms(l.steadyP99),
        Number.isFinite(l.locatedPerS) ? String(l.locatedPerS) : '0',
        String(l.locatedMinPerS),
        l.serverLocatesPerS.toFixed(0),
        l.serverFixesPerS.toFixed(0),
        Number.isFinite(l.serverUsPerLocate) ? l.serverUsPerLocate.toFixed(0) : '—',
        ms(l.serverMean),
        `${(100 * l.serverWithin50).toFixed(1)} %`,
        `${l.clientLoopP99.toFixed(1)}/${l.clientLoopMax.toFixed(1)}`,
      ];
    }),
  ]);
  console.log('\nServer memory over the run (sampled every 5 s)');
  table([
    [
      'server',
      'RSS start → middle → end',
      'RSS min..max',
      'heap start → end',
      'heap max',
      'loop delay p99 (median of 5 s) / max',
    ],
    ...results.flatMap((r) => r.memory.map((s, i) => [serverLabel(r, i), ...memoryLine(s)])),
  ]);
  for (const r of results)
    r.memory.forEach((s, i) =>
      console.log(`  ${serverLabel(r, i)} RSS by minute: ${rssByMinute(s)}`),
    );
  console.log(
    '\nTargets (a quiet machine): PostgreSQL 20,000 reports/s with every device located every ' +
      'second (2,500 tags × 8 gateways at 1 Hz), positioned p99 ≤ 100 ms, RSS flat; PGlite ' +
      '10,000 reports/s at p99 ≤ 150 ms.',
  );
}
