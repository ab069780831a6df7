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
import { Worker } from 'node:worker_threads';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { io, type Socket } from 'socket.io-client';
import { quantile } from './lib/stats.ts';
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
const EMAIL = 'bench@example.com';
const PASSWORD = 'bench-password-1234';
const GATEWAYS = 8;
const PPM = 20;

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

// ---------------------------------------------------------------- account and fleet over the API

interface Fleet {
  token: string;
  key: string;
  devices: string[];
  gateways: string[];
}

async function api<T>(url: string, token: string | null, method: string, body?: unknown) {
  const res = await fetch(url, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const hex = (n: number, width: number) => n.toString(16).toUpperCase().padStart(width, '0');
const macOf = (prefix: string, i: number) => {
  const h = hex(i, 6);
  return `${prefix}:${h.slice(0, 2)}:${h.slice(2, 4)}:${h.slice(4)}`;
};

/** A map with 8 placed gateways and `devices` monitored tags, and an ingest key. */
async function setUpFleet(base: string, devices: number): Promise<Fleet> {
  const { data } = await api<{ data: { token: string } }>(`${base}/api/user/signin`, null, 'POST', {
    email: EMAIL,
    password: PASSWORD,
  });
  const token = data.token;
  const { map } = await api<{ map: { _id: string } }>(`${base}/api/maps`, token, 'POST', {
    name: 'Bench floor',
    settings: { pixelsPerMetre: PPM, imageSize: { width: 60 * PPM, height: 40 * PPM } },
  });
  const gateways = Array.from({ length: GATEWAYS }, (_, i) => macOf('AC:23:3F', i + 1));
  for (const [i, mac] of gateways.entries()) {
    await api(`${base}/api/gateways`, token, 'POST', {
      mac,
      name: `Bench GW ${i + 1}`,
      mapId: map._id,
      position: { x: (5 + (i % 4) * 16) * PPM, y: (8 + Math.floor(i / 4) * 24) * PPM },
      customSettings: { maxRSSI: -59, logicThreshold: -95 },
    });
  }
  const macs = Array.from({ length: devices }, (_, i) => macOf('C3:00:00', i + 1));
  for (let i = 0; i < macs.length; i += 16) {
    await Promise.all(
      macs
        .slice(i, i + 16)
        .map((m) => api(`${base}/api/devices/monitor/${encodeURIComponent(m)}`, token, 'POST', {})),
    );
  }
  const { key } = await api<{ key: string }>(`${base}/api/ingest-keys`, token, 'POST', {
    name: 'bench',
  });
  return { token, key, devices: macs, gateways };
}

// ---------------------------------------------------------------- report generation

/** Reports over the fleet: each device in turn, gateways in turn, unique timestamps per device. */
function reportSource(fleet: Fleet) {
  const last = new Map<string, number>();
  let cursor = 0;
  return (n: number): { body: string; devices: string[]; stamps: number[] } => {
    const now = Date.now();
    const parts: string[] = [];
    const devices: string[] = [];
    const stamps: number[] = [];
    for (let i = 0; i < n; i++, cursor++) {
      const device = fleet.devices[cursor % fleet.devices.length]!;
      const gateway =
        fleet.gateways[Math.floor(cursor / fleet.devices.length) % fleet.gateways.length]!;
      const ts = Math.max(now, (last.get(device) ?? 0) + 1);
      last.set(device, ts);
      const rssi = -55 - Math.round(Math.random() * 35);
      parts.push(`{"gateway":"${gateway}","device":"${device}","rssi":${rssi},"timestamp":${ts}}`);
      devices.push(device);
      stamps.push(ts);
    }
    return { body: `[${parts.join(',')}]`, devices, stamps };
  };
}

async function postReports(base: string, key: string, body: string) {
  const res = await fetch(`${base}/api/ingest`, {
    method: 'POST',
    headers: { 'x-ingest-key': key, 'content-type': 'application/json' },
    body,
  });
  const json = (await res.json()) as { accepted?: number };
  return { status: res.status, accepted: json.accepted ?? 0 };
}

// ---------------------------------------------------------------- socket

interface Update {
  mac: string;
  lastSeen: string;
}

function connect(base: string, token: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const s = io(base, {
      path: '/sqws',
      transports: ['websocket'],
      auth: { token },
      reconnection: false,
      forceNew: true,
    });
    s.once('connect', () => resolve(s));
    s.once('connect_error', reject);
  });
}

// ---------------------------------------------------------------- latency listeners

/** Times device_updates against the reports sent during a latency phase. */
interface Listener {
  /** Reports just handed to fetch (the main-thread listener times from here). */
  sent(devices: string[], stamps: number[]): void;
  start(): void;
  stop(): Promise<{ values: number[]; updates: number }>;
  close(): Promise<void>;
}

/**
 * In the sending thread: from just before a report's POST to the device_update whose device and
 * lastSeen are the report's (arrivals wait behind the sending work of this thread).
 */
function mainListener(socket: Socket): Listener {
  let pending = new Map<string, number>();
  let values: number[] = [];
  let calls = 0;
  const onUpdate = (u: Update) => {
    const key = `${u.mac}|${Date.parse(u.lastSeen)}`;
    const at = pending.get(key);
    if (at !== undefined) {
      values.push(performance.now() - at);
      pending.delete(key);
    }
  };
  return {
    sent(devices, stamps) {
      const now = performance.now();
      for (let i = 0; i < devices.length; i++) pending.set(`${devices[i]}|${stamps[i]}`, now);
      // Drop what can no longer match (coalesced by the server, or lost): bounded memory.
      if (++calls % 100 === 0)
        for (const [k, at] of pending) if (at < now - 10_000) pending.delete(k);
    },
    start() {
      [pending, values] = [new Map(), []];
      socket.on('device_update', onUpdate);
    },
    stop() {
      socket.off('device_update', onUpdate);
      return Promise.resolve({ values, updates: values.length });
    },
    close: () => Promise.resolve(void socket.disconnect()),
  };
}

/** In a worker thread of its own: report timestamp (lastSeen) → arrival, on one clock. */
async function workerListener(url: string, token: string): Promise<Listener> {
  const worker = new Worker(new URL('./lib/update-listener.mjs', import.meta.url), {
    workerData: { url, token },
  });
  const next = (type: string) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const onMessage = (m: Record<string, unknown>) => {
        if (m.type === 'error') reject(new Error(String(m.message)));
        else if (m.type === type) resolve(m);
        else return;
        worker.off('message', onMessage);
      };
      worker.on('message', onMessage);
    });
  await next('connected');
  return {
    sent: () => undefined,
    start: () => worker.postMessage({ type: 'start' }),
    async stop() {
      const answer = next('latencies');
      worker.postMessage({ type: 'stop' });
      const m = await answer;
      return { values: m.values as number[], updates: m.updates as number };
    },
    async close() {
      worker.postMessage({ type: 'close' });
      await new Promise((r) => setTimeout(r, 100));
      await worker.terminate();
    },
  };
}

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
