/**
 * Live pipeline benchmark: real server processes on PGlite and on PostgreSQL; sustained HTTP ingest
 * throughput; then a fixed rate over many devices (by default 2,500 tags × 8 gateways at 1 Hz =
 * 20,000 reports/s on PostgreSQL, 10,000/s on PGlite) with the latency of every device_update and
 * of positioned ones (report → position on the watched map), located devices per second, and the
 * server's memory sampled over the run. Prints figures only.
 *
 *   npm run bench:pipeline -- [--minutes 1] [--db pglite,postgres] [--instances 1]
 *                             [--devices 2500] [--rate <per db>] [--throughput-seconds 20]
 *                             [--listener worker|main] [--walls none] [--floors 3]
 *
 * The bench map has walls and doors (benchFloorModel: 146 wall segments on the 60 × 40 m floor)
 * unless --walls none. --floors N (N > 1) puts the fleet in a building of N such storeys with 20
 * gateways each (pipeline-building.ts): every device heard on its own storey and, weaker, on the
 * ones next to it, and the offered rate (unless --rate) one report per device and hearing gateway
 * a second.
 * --instances N (N > 1) runs one and N instances on PostgreSQL, side by side; the N instances
 * share Redis and the positions stream (RabbitMQ, BENCH_AMQP_URL), under queue names of this run.
 */
import { randomBytes } from 'node:crypto';
import type { Socket } from 'socket.io-client';
import {
  EMAIL,
  GATEWAYS,
  PASSWORD,
  postReports,
  setUpFleet,
  type Fleet,
} from './lib/pipeline-fleet.ts';
import { FLOOR_GATEWAYS, oneHertzRate, setUpBuildingFleet } from './lib/pipeline-building.ts';
import { deleteQueues } from './lib/stream-queues.ts';
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
import { latencyPhase, sampler, throughputPhase } from './lib/pipeline-phases.ts';
import { printResults, type RunResult } from './lib/pipeline-print.ts';
import { machineLine } from './lib/machine.ts';
import { flag, positiveFlag } from './lib/args.ts';

const ADMIN_DB = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const MQTT_URL = process.env.BENCH_MQTT_URL ?? 'mqtt://127.0.0.1:1883';
const AMQP_URL = process.env.BENCH_AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672';
/** The offered rate when --rate is not given: the targets per database. */
const DEFAULT_RATE = { postgres: 20_000, pglite: 10_000 } as const;

const opts = {
  minutes: positiveFlag('minutes', 1),
  instances: Math.round(positiveFlag('instances', 1)),
  devices: Math.round(positiveFlag('devices', 2500)),
  rate: process.argv.includes('--rate') ? positiveFlag('rate', 1) : null,
  throughputSeconds: positiveFlag('throughput-seconds', 20),
  /** Where device_updates are timed: a worker thread of its own (default) or the sending thread. */
  listener: flag('listener', 'worker') === 'main' ? ('main' as const) : ('worker' as const),
  walls: flag('walls', 'bench') !== 'none',
  floors: Math.round(positiveFlag('floors', 1)),
  dbs: flag('db', 'pglite,postgres')
    .split(',')
    .map((s) => s.trim())
    .filter((s): s is 'pglite' | 'postgres' => s === 'pglite' || s === 'postgres'),
};

// ---------------------------------------------------------------- one run

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
  const streamPrefix = `rtls.bench.${randomBytes(4).toString('hex')}`;
  try {
    await addAccount(dbEnv, EMAIL, PASSWORD);
    const first = await startServerProcess(dbEnv);
    servers.push(first);
    const fleet =
      opts.floors > 1
        ? await setUpBuildingFleet(first.url, opts.devices, opts.floors, opts.walls)
        : await setUpFleet(first.url, opts.devices, opts.walls);
    let target = first;
    let watcher = first;
    if (instances > 1) {
      await first.stop();
      servers.length = 0;
      const env = {
        ...dbEnv,
        REDIS_URL,
        MQTT_URL,
        MQTT_INGEST_KEY: fleet.key,
        POSITIONS_STREAM_URL: AMQP_URL,
        POSITIONS_STREAM_PREFIX: streamPrefix,
      };
      for (let i = 0; i < instances; i++) servers.push(await startServerProcess(env));
      target = servers[0]!;
      watcher = servers[servers.length - 1]!;
    }
    const socket = await connect(watcher.url, fleet.token, fleet.mapIds);
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
        listener = await workerListener(watcher.url, fleet.token, fleet.mapIds);
      } else listener = mainListener(socket, fleet.mapIds);
      const mem = sampler(servers);
      console.log(`  ${label}: throughput phase (${opts.throughputSeconds} s)…`);
      const throughput = await throughputPhase(servers, fleet, opts.throughputSeconds);
      await new Promise((r) => setTimeout(r, 3_000)); // let the backlog drain
      const rate = opts.rate ?? (opts.floors > 1 ? oneHertzRate(fleet) : DEFAULT_RATE[db]);
      console.log(`  ${label}: latency phase (${opts.minutes} min at ${rate}/s)…`);
      const latency = await latencyPhase(servers, listener, fleet, rate, opts.minutes * 60);
      mem.stop();
      const stream = instances > 1 ? await streamShares(servers) : undefined;
      return { label, throughput, latency, memory: mem.samples, note: stream };
    } finally {
      socket.disconnect();
      await listener?.close();
    }
  } finally {
    for (const s of servers) await s.stop();
    await drop?.();
    if (instances > 1) await deleteQueues(AMQP_URL, streamPrefix).catch(() => undefined);
  }
}

/** How the positions stream carried the reports, per instance, from /metrics. */
async function streamShares(servers: ServerProcess[]) {
  const lines = await Promise.all(
    servers.map(async (s, i) => {
      const text = await (await fetch(`${s.url}/metrics`)).text();
      const n = (state: string) =>
        Number(
          new RegExp(
            `^rtls_positions_stream_reports_total\\{state="${state}"\\} (\\S+)$`,
            'm',
          ).exec(text)?.[1] ?? 0,
        );
      return `#${i + 1} sent ${n('sent')}, delivered ${n('delivered')}, dropped ${n('dropped')}, observed ${n('observed')}`;
    }),
  );
  return `positions stream (reports): ${lines.join('; ')}`;
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
  console.log('Pipeline benchmark');
  console.log(`  ${machineLine()}`);
  const where =
    opts.floors > 1
      ? `${FLOOR_GATEWAYS} gateways on each of ${opts.floors} storeys of a building`
      : `${GATEWAYS} gateways on one map`;
  console.log(
    `  fleet: ${opts.devices} monitored devices, ${where} ` +
      `(${opts.walls ? 'walls and doors: 146 wall segments' : 'no walls'}); instances: ${opts.instances}; ` +
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

  printResults(results, { devices: opts.devices, listener: opts.listener });
  for (const r of results) if (r.note) console.log(`Note: ${r.note}`);
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
