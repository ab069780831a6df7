/**
 * Live pipeline benchmark: real server processes on PGlite and on PostgreSQL; sustained HTTP ingest
 * throughput, end-to-end latency (report sent → matching device_update at a Socket.IO client) at a
 * fixed rate over many devices, and the server's memory sampled over the run. Prints figures only.
 *
 *   npm run bench:pipeline -- [--minutes 1] [--db pglite,postgres] [--instances 1]
 *                             [--devices 1000] [--rate 5000] [--throughput-seconds 20]
 *                             [--listener worker|main]
 *
 * --instances N (N > 1) runs one and N instances on PostgreSQL (with Redis), side by side.
 */
import os from 'node:os';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import type { Socket } from 'socket.io-client';
import { quantile } from './lib/stats.ts';
import {
  EMAIL,
  GATEWAYS,
  PASSWORD,
  postReports,
  reportSource,
  setUpFleet,
  type Fleet,
} from './lib/pipeline-fleet.ts';
import {
  connect,
  mainListener,
  workerListener,
  type Listener,
  type Update,
} from './lib/pipeline-listeners.ts';
import {
  addAccount,
  cpuSecondsOf,
  pgliteDir,
  rssOf,
  startServerProcess,
  throwawayDatabase,
  type ServerProcess,
} from './lib/server.ts';

const ADMIN_DB = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const MQTT_URL = process.env.BENCH_MQTT_URL ?? 'mqtt://127.0.0.1:1883';

function flag(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1]! : fallback;
}
function positive(name: string, fallback: number): number {
  const n = Number(flag(name, String(fallback)));
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} must be a positive number`);
  return n;
}

const opts = {
  minutes: positive('minutes', 1),
  instances: Math.round(positive('instances', 1)),
  devices: Math.round(positive('devices', 1000)),
  rate: positive('rate', 5000),
  throughputSeconds: positive('throughput-seconds', 20),
  /** Where device_updates are timed: a worker thread of its own (default) or the sending thread. */
  listener: flag('listener', 'worker') === 'main' ? ('main' as const) : ('worker' as const),
  dbs: flag('db', 'pglite,postgres')
    .split(',')
    .map((s) => s.trim())
    .filter((s): s is 'pglite' | 'postgres' => s === 'pglite' || s === 'postgres'),
};

// ---------------------------------------------------------------- socket

// ---------------------------------------------------------------- memory and CPU sampling

interface Sample {
  t: number;
  rss: number;
  heap: number | null;
  /** The server's event-loop delay over the 5 s before the sample (prom-client), ms. */
  loopP99: number | null;
  loopMax: number | null;
}

function sampler(servers: ServerProcess[]) {
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

interface Throughput {
  reportsPerS: number;
  batches: number;
  failed: number;
  concurrency: number;
  batchSize: number;
  serverCores: number;
}

/** Many concurrent HTTP batches as fast as they are answered, for `seconds`. */
async function throughputPhase(
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

/** Sum and count of the server's own report-to-publish latency histogram (seconds). */
async function serverLatency(
  s: ServerProcess,
): Promise<{ sum: number; count: number; within50: number }> {
  const text = await (await fetch(`${s.url}/metrics`)).text();
  const num = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);
  return {
    sum: num('rtls_ingest_to_update_seconds_sum'),
    count: num('rtls_ingest_to_update_seconds_count'),
    within50: num('rtls_ingest_to_update_seconds_bucket\\{le="0.05"\\}'),
  };
}

interface Latency {
  /** Mean ms from the server taking a report to publishing its update (server's own histogram). */
  serverMean: number;
  /** Share of reports the server published within 50 ms of taking them (its histogram). */
  serverWithin50: number;
  sent: number;
  matched: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  achievedRate: number;
  failed: number;
  serverCores: number;
  /** The bench client's own event-loop delay during the phase (p99, max; ms). */
  clientLoopP99: number;
  clientLoopMax: number;
}

/**
 * Reports at `rate`/s in small HTTP batches every 10 ms, each report its own device, to `target`;
 * the latency of a report is measured by `listener` (see mainListener and workerListener).
 */
async function latencyPhase(
  target: ServerProcess,
  listener: Listener,
  fleet: Fleet,
  rate: number,
  seconds: number,
  watched: ServerProcess[],
): Promise<Latency> {
  const next = reportSource(fleet);
  listener.start();
  const tickMs = 10;
  const clientLoop = monitorEventLoopDelay({ resolution: 5 });
  clientLoop.enable();
  const start = performance.now();
  const cpu0 = watched.map((s) => cpuSecondsOf(s.pid) ?? 0);
  const server0 = await serverLatency(target);
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
    const owed = Math.round(((performance.now() - start) / 1000) * rate) - sent;
    if (owed <= 0) continue;
    const batch = next(owed);
    listener.sent(batch.devices, batch.stamps);
    sent += owed;
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
  await Promise.all(inflight);
  await new Promise((r) => setTimeout(r, 1_000));
  const { values: latencies } = await listener.stop();
  clientLoop.disable();
  const server1 = await serverLatency(target);
  const elapsed = (performance.now() - start) / 1000;
  const cpu = watched.reduce((a, s, i) => a + ((cpuSecondsOf(s.pid) ?? 0) - cpu0[i]!), 0);
  for (const [cause, n] of causes) console.log(`    failed batches: ${n} × ${cause}`);
  return {
    serverMean: ((server1.sum - server0.sum) / (server1.count - server0.count)) * 1000,
    serverWithin50: (server1.within50 - server0.within50) / (server1.count - server0.count),
    sent,
    matched: latencies.length,
    p50: quantile(latencies, 0.5),
    p95: quantile(latencies, 0.95),
    p99: quantile(latencies, 0.99),
    max: quantile(latencies, 1),
    achievedRate: sent / (seconds || 1),
    failed,
    serverCores: cpu / elapsed,
    clientLoopP99: clientLoop.percentile(99) / 1e6,
    clientLoopMax: clientLoop.max / 1e6,
  };
}

// ---------------------------------------------------------------- one run

interface RunResult {
  label: string;
  throughput: Throughput | null;
  latency: Latency | null;
  memory: Sample[][];
  note?: string;
}

const mb = (b: number | null | undefined) => (b == null ? '—' : `${(b / 1048576).toFixed(0)} MB`);

async function runOne(
  label: string,
  db: 'pglite' | 'postgres',
  instances: number,
): Promise<RunResult> {
  const dbEnv: Record<string, string> = {};
  let drop: (() => Promise<void>) | null = null;
  if (db === 'pglite') dbEnv.DATA_DIR = pgliteDir();
  else {
    const tmp = await throwawayDatabase(ADMIN_DB);
    dbEnv.DATABASE_URL = tmp.url;
    dbEnv.DATA_DIR = pgliteDir(); // uploads only
    drop = tmp.drop;
  }
  const servers: ServerProcess[] = [];
  try {
    await addAccount(dbEnv, EMAIL, PASSWORD);
    const first = await startServerProcess(dbEnv);
    servers.push(first);
    const fleet = await setUpFleet(first.url, opts.devices);
    let target = first;
    let watcher = first;
    if (instances > 1) {
      await first.stop();
      servers.length = 0;
      const env = { ...dbEnv, REDIS_URL, MQTT_URL, MQTT_INGEST_KEY: fleet.key };
      for (let i = 0; i < instances; i++) servers.push(await startServerProcess(env));
      target = servers[0]!;
      watcher = servers[servers.length - 1]!;
    }
    const socket = await connect(watcher.url, fleet.token);
    let listener: Listener | null = null;
    try {
      if (instances > 1 && !(await crossesInstances(target, socket, fleet))) {
        return {
          label,
          throughput: null,
          latency: null,
          memory: [],
          note:
            `${instances} instances: a report sent to instance A did not reach a Socket.IO ` +
            'client on instance B within 5 s — multi-instance delivery is not working yet, no figures.',
        };
      }
      if (opts.listener === 'worker') {
        socket.disconnect(); // one client: the listener's
        listener = await workerListener(watcher.url, fleet.token);
      } else listener = mainListener(socket);
      const mem = sampler(servers);
      console.log(`  ${label}: throughput phase (${opts.throughputSeconds} s)…`);
      const throughput = await throughputPhase(servers, fleet, opts.throughputSeconds);
      await new Promise((r) => setTimeout(r, 3_000)); // let the backlog drain
      console.log(`  ${label}: latency phase (${opts.minutes} min at ${opts.rate}/s)…`);
      const latency = await latencyPhase(
        target,
        listener,
        fleet,
        opts.rate,
        opts.minutes * 60,
        servers,
      );
      mem.stop();
      return { label, throughput, latency, memory: mem.samples };
    } finally {
      socket.disconnect();
      await listener?.close();
    }
  } finally {
    for (const s of servers) await s.stop();
    await drop?.();
  }
}

/** Does a report sent to `target` reach `socket` (connected to another instance)? */
async function crossesInstances(target: ServerProcess, socket: Socket, fleet: Fleet) {
  const device = fleet.devices[0]!;
  const arrived = new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), 5_000);
    socket.on('device_update', (u: Update) => {
      if (u.mac === device) {
        clearTimeout(timer);
        resolve(true);
      }
    });
  });
  const body = JSON.stringify([
    { gateway: fleet.gateways[0], device, rssi: -60, timestamp: Date.now() },
  ]);
  await postReports(target.url, fleet.key, body);
  const ok = await arrived;
  socket.off('device_update');
  return ok;
}

// ---------------------------------------------------------------- printing

function table(rows: string[][]) {
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

function memoryLine(samples: Sample[]): string[] {
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

async function main() {
  const cpu = os.cpus();
  console.log('Pipeline benchmark');
  console.log(
    `  machine: ${cpu.length} × ${cpu[0]?.model ?? 'cpu'}, ${mb(os.totalmem())} RAM, Node ${process.version}, ` +
      `load average at start ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
  );
  console.log(
    `  fleet: ${opts.devices} monitored devices, ${GATEWAYS} gateways on one map; instances: ${opts.instances}; ` +
      `the bench client runs on the same machine and competes for its CPU`,
  );
  // With --instances N: one instance and N instances on PostgreSQL, side by side.
  const runs: { db: 'pglite' | 'postgres'; instances: number; label: string }[] =
    opts.instances > 1
      ? [
          { db: 'postgres', instances: 1, label: 'postgres ×1' },
          { db: 'postgres', instances: opts.instances, label: `postgres ×${opts.instances}` },
        ]
      : opts.dbs.map((db) => ({ db, instances: 1, label: db }));
  const results: RunResult[] = [];
  for (const { db, instances, label } of runs) {
    try {
      results.push(await runOne(label, db, instances));
    } catch (err) {
      results.push({
        label,
        throughput: null,
        latency: null,
        memory: [],
        note: `${label}: failed — ${(err as Error).message.split('\n')[0]}`,
      });
    }
  }

  console.log(
    '\nThroughput: concurrent HTTP POST /api/ingest batches (8 in flight × 1000 reports)',
  );
  table([
    ['database', 'reports/s', 'batches', 'failed', 'server CPU (cores)'],
    ...results.map((r) =>
      r.throughput
        ? [
            r.label,
            r.throughput.reportsPerS.toFixed(0),
            String(r.throughput.batches),
            String(r.throughput.failed),
            r.throughput.serverCores.toFixed(2),
          ]
        : [r.label, '—', '—', '—', '—'],
    ),
  ]);
  console.log(
    `\nLatency: ${opts.rate} reports/s over ${opts.devices} devices (HTTP batches every 10 ms), ` +
      (opts.listener === 'worker'
        ? 'report timestamp → its device_update at a Socket.IO client in a worker thread of its own, ms'
        : 'report sent → matching device_update at a Socket.IO client in the sending thread, ms'),
  );
  table([
    [
      'database',
      'sent',
      'matched',
      'p50',
      'p95',
      'p99',
      'max',
      'failed',
      'server CPU',
      'server-side mean',
      'server-side ≤ 50 ms',
      'client loop p99/max',
    ],
    ...results.map((r) =>
      r.latency
        ? [
            r.label,
            String(r.latency.sent),
            `${((100 * r.latency.matched) / Math.max(1, r.latency.sent)).toFixed(1)} %`,
            r.latency.p50.toFixed(1),
            r.latency.p95.toFixed(1),
            r.latency.p99.toFixed(1),
            r.latency.max.toFixed(1),
            String(r.latency.failed),
            r.latency.serverCores.toFixed(2),
            r.latency.serverMean.toFixed(1),
            `${(100 * r.latency.serverWithin50).toFixed(1)} %`,
            `${r.latency.clientLoopP99.toFixed(1)}/${r.latency.clientLoopMax.toFixed(1)}`,
          ]
        : [r.label, '—', '—', '—', '—', '—', '—', '—', '—', '—', '—', '—'],
    ),
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
    ...results.flatMap((r) =>
      r.memory.map((s, i) => [
        r.memory.length > 1 ? `${r.label} #${i + 1}` : r.label,
        ...memoryLine(s),
      ]),
    ),
  ]);
  console.log(
    '\nTargets: ≥ 20,000 reports/s on PostgreSQL; p99 ≤ 50 ms at 5,000 reports/s over 1,000 devices.',
  );
  for (const r of results) if (r.note) console.log(`Note: ${r.note}`);
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
