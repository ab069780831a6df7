/**
 * The pipeline bench's measurements: server memory/CPU sampling, the throughput phase and the
 * latency phase (report sent → matching device_update), against running server processes.
 */
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { quantile } from './stats.ts';
import { postReports, reportSource, type Fleet } from './pipeline-fleet.ts';
import type { Listener } from './pipeline-listeners.ts';
import { cpuSecondsOf, rssOf, type ServerProcess } from './server.ts';

// ---------------------------------------------------------------- memory and CPU sampling

export interface Sample {
  t: number;
  rss: number;
  heap: number | null;
  /** The server's event-loop delay over the 5 s before the sample (prom-client), ms. */
  loopP99: number | null;
  loopMax: number | null;
}

export function sampler(servers: ServerProcess[]) {
  const samples: Sample[][] = servers.map(() => []);
  const t0 = performance.now();
  const timer = setInterval(() => {
    servers.forEach((s, i) => {
      const rss = rssOf(s.pid);
      if (rss === null) return;
      const entry: Sample = {
        t: (performance.now() - t0) / 1000,
        rss,
        heap: null,
        loopP99: null,
        loopMax: null,
      };
      samples[i]!.push(entry);
      fetch(`${s.url}/metrics`)
        .then((r) => r.text())
        .then((text) => {
          const read = (name: string) => {
            const m = new RegExp(`^${name} (\\S+)$`, 'm').exec(text);
            return m ? Number(m[1]) : null;
          };
          entry.heap = read('nodejs_heap_size_used_bytes');
          const p99 = read('nodejs_eventloop_lag_p99_seconds');
          const max = read('nodejs_eventloop_lag_max_seconds');
          entry.loopP99 = p99 === null ? null : p99 * 1000;
          entry.loopMax = max === null ? null : max * 1000;
        })
        .catch(() => undefined);
    });
  }, 5_000);
  return {
    samples,
    stop: () => clearInterval(timer),
  };
}

// ---------------------------------------------------------------- phases

export interface Throughput {
  reportsPerS: number;
  batches: number;
  failed: number;
  concurrency: number;
  batchSize: number;
  serverCores: number;
}

/** Many concurrent HTTP batches as fast as they are answered, for `seconds`. */
export async function throughputPhase(
  targets: ServerProcess[],
  fleet: Fleet,
  seconds: number,
): Promise<Throughput> {
  const next = reportSource(fleet);
  const concurrency = 8;
  const batchSize = 1000;
  let accepted = 0;
  let batches = 0;
  let failed = 0;
  const cpu0 = targets.map((s) => cpuSecondsOf(s.pid) ?? 0);
  const start = performance.now();
  const end = start + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, w) => {
      const target = targets[w % targets.length]!;
      while (performance.now() < end) {
        const { body } = next(batchSize);
        const r = await postReports(target.url, fleet.key, body).catch(() => null);
        if (r && r.status === 200) {
          accepted += r.accepted;
          batches++;
        } else failed++;
      }
    }),
  );
  const elapsed = (performance.now() - start) / 1000;
  const cpu = targets.reduce((a, s, i) => a + ((cpuSecondsOf(s.pid) ?? 0) - cpu0[i]!), 0);
  return {
    reportsPerS: accepted / elapsed,
    batches,
    failed,
    concurrency,
    batchSize,
    serverCores: cpu / elapsed,
  };
}

/** Sum and count of the servers' own report-to-publish latency histograms (seconds). */
export async function serverLatency(servers: ServerProcess[]): Promise<{
  sum: number;
  count: number;
  within50: number;
  locates: number;
  locatingS: number;
  fixes: number;
}> {
  const total = { sum: 0, count: 0, within50: 0, locates: 0, locatingS: 0, fixes: 0 };
  for (const s of servers) {
    const text = await (await fetch(`${s.url}/metrics`)).text();
    const num = (name: string) =>
      Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);
    total.sum += num('rtls_ingest_to_update_seconds_sum');
    total.count += num('rtls_ingest_to_update_seconds_count');
    total.within50 += num('rtls_ingest_to_update_seconds_bucket\\{le="0.05"\\}');
    total.locates += num('rtls_positions_locates_total');
    total.locatingS += num('rtls_positions_locating_seconds_total');
    total.fixes += num('rtls_positions_fixes_total');
  }
  return total;
}

/** The steady part of a latency phase starts this long after its start (ms). */
const STEADY_FROM_MS = 5_000;
/** …and ends this long before the sending ended (ms). */
export const STEADY_UNTIL_END_MS = 1_000;

export interface Latency {
  /** Mean ms from the server taking a report to publishing its update (server's own histogram). */
  serverMean: number;
  /** Share of reports the server published within 50 ms of taking them (its histogram). */
  serverWithin50: number;
  /** Locates the servers ran per second, and the new fixes they gave (their metrics). */
  serverLocatesPerS: number;
  serverFixesPerS: number;
  /** What one locate took on the servers' locating threads (µs; their metrics). */
  serverUsPerLocate: number;
  sent: number;
  matched: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  achievedRate: number;
  failed: number;
  serverCores: number;
  /** Positioned updates (a position on the bench map) and their latency from lastSeen, ms. */
  positioned: number;
  positionedP50: number;
  positionedP99: number;
  /** The same for reports of the steady part (see STEADY_FROM_MS and STEADY_UNTIL_END_MS). */
  steadyP50: number;
  steadyP99: number;
  /** Distinct located devices per second: median and lowest over the phase's whole seconds. */
  locatedPerS: number;
  locatedMinPerS: number;
  /** The bench client's own event-loop delay during the phase (p99, max; ms). */
  clientLoopP99: number;
  clientLoopMax: number;
  /** Per second of the phase (by the report's time), the p99 of positioned latency (ms). */
  positionedP99BySecond: number[];
  /** Devices positioned at all, and their longest waits for a position (Heard.gaps; ms). */
  devicesPositioned: number;
  gapP99: number;
  gapMax: number;
  /** Devices that waited longer than 5 s for a position at some point of the phase. */
  devicesOver5s: number;
}

/**
 * Reports at `rate`/s in small HTTP batches every 10 ms, the batches in turn to each of `targets`
 * (so a device's reports are split between instances); the latency of a report is measured by
 * `listener` (see mainListener and workerListener).
 */
export async function latencyPhase(
  targets: ServerProcess[],
  listener: Listener,
  fleet: Fleet,
  rate: number,
  seconds: number,
): Promise<Latency> {
  const watched = targets;
  const next = reportSource(fleet);
  listener.start();
  const tickMs = 10;
  const clientLoop = monitorEventLoopDelay({ resolution: 5 });
  clientLoop.enable();
  const start = performance.now();
  const wallStart = Date.now();
  const cpu0 = watched.map((s) => cpuSecondsOf(s.pid) ?? 0);
  const server0 = await serverLatency(targets);
  let sent = 0;
  let failed = 0;
  const causes = new Map<string, number>();
  const inflight = new Set<Promise<void>>();
  for (let tick = 0; ; tick++) {
    const due = start + tick * tickMs;
    if (due > start + seconds * 1000) break;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    // Catch up when behind, so the offered rate is the asked one.
    // Catching up never sends more than one batch the server takes (1 MB, INGEST_MAX_BATCH).
    const owed = Math.min(4_000, Math.round(((performance.now() - start) / 1000) * rate) - sent);
    if (owed <= 0) continue;
    const batch = next(owed);
    listener.sent(batch.devices, batch.stamps);
    sent += owed;
    const target = targets[tick % targets.length]!;
    const p = postReports(target.url, fleet.key, batch.body).then(
      (r) => {
        if (r.status !== 200) {
          failed += owed;
          causes.set(`HTTP ${r.status}`, (causes.get(`HTTP ${r.status}`) ?? 0) + 1);
        }
      },
      (err: Error) => {
        failed += owed;
        causes.set(err.message, (causes.get(err.message) ?? 0) + 1);
      },
    );
    inflight.add(p);
    void p.finally(() => inflight.delete(p));
  }
  const sendEnded = Date.now();
  await Promise.all(inflight);
  await new Promise((r) => setTimeout(r, 1_000));
  const heard = await listener.stop();
  const latencies = heard.values;
  // The first seconds fill the trackers and the live window: count from the third.
  const locatedPerS = heard.locatedPerS.slice(2);
  // Latencies of reports sent in the steady part: not the throughput phase's backlog, and not the
  // last second, whose devices get no next report and are located late by design.
  const steady = heard.positioned.filter((_, i) => {
    const at = heard.positionedAt[i]!;
    return at >= wallStart + STEADY_FROM_MS && at <= sendEnded - STEADY_UNTIL_END_MS;
  });
  clientLoop.disable();
  const bySecond: number[][] = [];
  heard.positioned.forEach((ms, i) => {
    const s = Math.floor((heard.positionedAt[i]! - wallStart) / 1000);
    if (s >= 0) (bySecond[s] ??= []).push(ms);
  });
  const server1 = await serverLatency(targets);
  const elapsed = (performance.now() - start) / 1000;
  const cpu = watched.reduce((a, s, i) => a + ((cpuSecondsOf(s.pid) ?? 0) - cpu0[i]!), 0);
  for (const [cause, n] of causes) console.log(`    failed batches: ${n} × ${cause}`);
  return {
    serverMean: ((server1.sum - server0.sum) / (server1.count - server0.count)) * 1000,
    serverWithin50: (server1.within50 - server0.within50) / (server1.count - server0.count),
    serverLocatesPerS: (server1.locates - server0.locates) / elapsed,
    serverFixesPerS: (server1.fixes - server0.fixes) / elapsed,
    serverUsPerLocate:
      ((server1.locatingS - server0.locatingS) * 1e6) / (server1.locates - server0.locates),
    sent,
    matched: latencies.length,
    p50: quantile(latencies, 0.5),
    p95: quantile(latencies, 0.95),
    p99: quantile(latencies, 0.99),
    max: quantile(latencies, 1),
    achievedRate: sent / (seconds || 1),
    positioned: heard.positioned.length,
    positionedP50: quantile(heard.positioned, 0.5),
    positionedP99: quantile(heard.positioned, 0.99),
    steadyP50: quantile(steady, 0.5),
    steadyP99: quantile(steady, 0.99),
    locatedPerS: quantile(locatedPerS, 0.5),
    locatedMinPerS: locatedPerS.length ? Math.min(...locatedPerS) : 0,
    failed,
    serverCores: cpu / elapsed,
    clientLoopP99: clientLoop.percentile(99) / 1e6,
    clientLoopMax: clientLoop.max / 1e6,
    positionedP99BySecond: Array.from(bySecond, (v) => (v ? quantile(v, 0.99) : NaN)),
    devicesPositioned: heard.gaps.length,
    gapP99: quantile(heard.gaps, 0.99),
    gapMax: quantile(heard.gaps, 1),
    devicesOver5s: heard.gaps.filter((g) => g > 5_000).length,
  };
}
