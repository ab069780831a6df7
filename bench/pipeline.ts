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
import type { Socket } from 'socket.io-client';
import {
  EMAIL,
  GATEWAYS,
  PASSWORD,
  postReports,
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
  pgliteDir,
  startServerProcess,
  throwawayDatabase,
  type ServerProcess,
} from './lib/server.ts';
import {
  latencyPhase,
  sampler,
  throughputPhase,
  type Latency,
  type Sample,
  type Throughput,
} from './lib/pipeline-phases.ts';
import { mb, memoryLine, table } from './lib/pipeline-print.ts';

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

// ---------------------------------------------------------------- one run

interface RunResult {
  label: string;
  throughput: Throughput | null;
  latency: Latency | null;
  memory: Sample[][];
  note?: string;
}

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
