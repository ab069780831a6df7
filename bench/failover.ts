/**
 * bench:failover — an instance dies and the fleet does not notice. Two instances (A, B) share
 * PostgreSQL (a throwaway database), Redis, the MQTT broker and the positions stream (RabbitMQ),
 * behind a TCP load balancer that sends each new connection to the first instance that accepts it
 * (A first). 10,000 reports/s (half HTTP batches through the load balancer, half MQTT messages,
 * QoS 1) go to 1,000 devices × 8 gateways, a tenth of them walking in and out of a zone with an
 * enter rule and a webhook; one console watches the map through the load balancer (it lands on A)
 * and one on B. 15 s in, A is killed with SIGKILL, and the bench prints:
 *
 * - per device being located at the kill: time until its next position (median, p95, max, how
 *   many later than 5 s or never);
 * - acknowledged reports (2xx answers, PUBACKs) against the rows stored, with A still dead and
 *   after A's restart (its broker session holds what the broker had given it);
 * - zone entries, alerts and webhook deliveries, and any of them twice;
 * - when the console behind the load balancer reconnected by itself, and its first update;
 * - the machine (speed index, load average) and the instances' CPU.
 *
 * Prints figures; asserts nothing.
 *
 *   npm run bench:failover -- [--devices 1000] [--rate 10000] [--seconds 40] [--kill-at 15]
 *                             [--walls none]
 */
import { freePort } from '../e2e/support/server.ts';
import {
  allEvents,
  api,
  EMAIL,
  GATEWAYS,
  PASSWORD,
  setUpFleet,
  type Fleet,
} from './lib/pipeline-fleet.ts';
import { connect } from './lib/pipeline-listeners.ts';
import {
  addAccount,
  cpuSecondsOf,
  pgliteDir,
  startServerProcess,
  throwawayDatabase,
  type ServerProcess,
} from './lib/server.ts';
import { webhookReceiver, type WebhookReceiver } from './lib/webhook-receiver.ts';
import { machineLine } from './lib/machine.ts';
import { flag, positiveFlag } from './lib/args.ts';
import { startFailoverProxy, type FailoverProxy } from './lib/failover-proxy.ts';
import { offerLoad, type LoadResult } from './lib/failover-load.ts';
import {
  locatedAgain,
  notePositions,
  reconnectingConsole,
  type ConsoleLog,
} from './lib/failover-consoles.ts';
import {
  alertFigures,
  instanceCounters,
  missingReports,
  ownerId,
  partitionsOf,
  settledReports,
  webhooksDrained,
} from './lib/failover-checks.ts';
import {
  clusterNames,
  instanceEnv,
  setUpAlerting,
  startReady,
  stopAll,
  walkSpot,
} from './lib/failover-setup.ts';
import { deleteQueues } from './lib/stream-queues.ts';
import { printFailover, type FailoverFigures } from './lib/failover-print.ts';
import type { Alert } from '@rtls/contract';

const ADMIN_DB = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const URLS = {
  redis: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379',
  mqtt: process.env.BENCH_MQTT_URL ?? 'mqtt://127.0.0.1:1883',
  amqp: process.env.BENCH_AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672',
};

const opts = {
  devices: Math.round(positiveFlag('devices', 1000)),
  rate: positiveFlag('rate', 10_000),
  seconds: positiveFlag('seconds', 40),
  killAt: positiveFlag('kill-at', 15),
  walls: flag('walls', 'bench') !== 'none',
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Things to undo at the end, last first, whatever happened. */
type Cleanup = (() => Promise<unknown>)[];

/** CPU (% of one core) a process used between two samples of cpuSecondsOf. */
const cpuPercent = (from: number | null, to: number | null, ms: number) =>
  from === null || to === null ? null : ((to - from) / (ms / 1000)) * 100;

/** The console behind the load balancer after the kill: its next connect and first update. */
function consoleAfterKill(log: ConsoleLog, killAt: number) {
  const i = log.connects.findIndex((t) => t > killAt);
  const first = i < 0 ? null : log.firstUpdate[i];
  return {
    reconnectedMs: i < 0 ? null : log.connects[i]! - killAt,
    firstUpdateMs: first == null ? null : first - killAt,
  };
}

interface Cluster {
  db: Awaited<ReturnType<typeof throwawayDatabase>>;
  receiver: WebhookReceiver;
  fleet: Fleet;
  envOf: (name: string) => Record<string, string>;
  servers: { a: ServerProcess | null; b: ServerProcess | null };
  a: ServerProcess;
  b: ServerProcess;
  /** The load balancer of the gateways' HTTP, and the consoles' one. */
  balancer: FailoverProxy;
  consoleBalancer: FailoverProxy;
  topicPrefix: string;
}

/** The database, fleet, zone, rule and webhook; then A and B, ready, behind two load balancers. */
async function setUp(cleanup: Cleanup): Promise<Cluster> {
  const db = await throwawayDatabase(ADMIN_DB);
  cleanup.push(db.drop);
  const dbEnv = { DATABASE_URL: db.url, DATA_DIR: pgliteDir() };
  const receiver = webhookReceiver(await freePort());
  await receiver.up();
  cleanup.push(() => receiver.down());
  await addAccount(dbEnv, EMAIL, PASSWORD);
  const first = await startServerProcess(dbEnv);
  cleanup.push(() => first.stop());
  const fleet = await setUpFleet(first.url, opts.devices, opts.walls);
  await setUpAlerting(first.url, fleet, receiver);
  await first.stop();

  const names = clusterNames();
  cleanup.push(() => deleteQueues(URLS.amqp, names.streamPrefix));
  const envOf = (name: string) => instanceEnv(dbEnv, URLS, names, fleet.key, name);
  const servers: Cluster['servers'] = { a: null, b: null };
  cleanup.push(() => stopAll([servers.a, servers.b]));
  const a = (servers.a = await startReady(envOf('a')));
  const b = (servers.b = await startReady(envOf('b')));
  const balancer = await startFailoverProxy([a.port, b.port]);
  const consoleBalancer = await startFailoverProxy([a.port, b.port]);
  cleanup.push(
    () => balancer.close(),
    () => consoleBalancer.close(),
  );
  const topicPrefix = names.topicPrefix;
  return { db, receiver, fleet, envOf, servers, a, b, balancer, consoleBalancer, topicPrefix };
}

/** The consoles connect, the load runs, A is killed at opts.killAt. */
async function loadAndKill(c: Cluster, cleanup: Cleanup) {
  const { fleet, a, b } = c;
  const proxied = await reconnectingConsole(c.consoleBalancer.url, fleet.token, fleet.mapIds);
  const onB = await connect(b.url, fleet.token, fleet.mapIds);
  cleanup.push(
    async () => void proxied.socket.disconnect(),
    async () => void onB.disconnect(),
  );
  const positioned = notePositions(onB, fleet.mapIds);
  const firstOn = c.consoleBalancer.forwarded.get(a.port) ? 'A' : 'B';
  console.log(`  load: ${opts.rate}/s for ${opts.seconds} s, A killed at ${opts.killAt} s…`);
  const t0 = Date.now();
  const cpu0 = { a: cpuSecondsOf(a.pid), b: cpuSecondsOf(b.pid) };
  let killAt = 0;
  let cpuAtKill = { a: null as number | null, b: null as number | null };
  const load = await offerLoad({
    fleet,
    httpUrl: c.balancer.url,
    mqttUrl: URLS.mqtt,
    topicPrefix: c.topicPrefix,
    ratePerS: opts.rate,
    seconds: opts.seconds,
    spot: walkSpot,
    at: {
      atS: opts.killAt,
      run: () => {
        cpuAtKill = { a: cpuSecondsOf(a.pid), b: cpuSecondsOf(b.pid) };
        killAt = Date.now();
        a.process.kill('SIGKILL');
      },
    },
  });
  const [tEnd, cpuEnd] = [Date.now(), cpuSecondsOf(b.pid)];
  const cpu = [
    { label: 'A before the kill', percent: cpuPercent(cpu0.a, cpuAtKill.a, killAt - t0) },
    { label: 'B before the kill', percent: cpuPercent(cpu0.b, cpuAtKill.b, killAt - t0) },
    { label: 'B after the kill', percent: cpuPercent(cpuAtKill.b, cpuEnd, tEnd - killAt) },
  ];
  return { load, killAt, cpu, positioned, proxied, firstOn };
}

/** Events, alerts and webhook deliveries once the webhook queue has drained. */
async function alertsOf(c: Cluster) {
  const { b, fleet, receiver } = c;
  const pending = await webhooksDrained(b.url, fleet.token, 30_000);
  const events = await allEvents(b.url, fleet.token, fleet.mapId);
  const { alerts } = await api<{ alerts: Alert[] }>(
    `${b.url}/api/alerts?mapId=${fleet.mapId}&limit=1000`,
    fleet.token,
    'GET',
  );
  return alertFigures(events, alerts, receiver.received, pending, receiver.badSignatures);
}

/** A back on its port and MQTT session: what it stores then, and both instances' stream counts. */
async function restartA(c: Cluster, keys: LoadResult['keys']) {
  console.log('  restarting A (same MQTT client id: its broker session)…');
  c.servers.a = await startReady(c.envOf('a'), c.a.port);
  const stored = await settledReports(c.db.url, keys);
  const counters = await Promise.all([c.servers.a.url, c.b.url].map(instanceCounters));
  const line = counters
    .map((k, i) =>
      k
        ? `${i === 0 ? 'A (restarted)' : 'B'}: stream sent ${k.streamSent}, received ` +
          `${k.streamReceived}, dropped ${k.streamDropped}`
        : '',
    )
    .join('; ');
  return { stored, rejoin: `after A's restart: ${line}` };
}

async function run(cleanup: Cleanup): Promise<FailoverFigures> {
  const c = await setUp(cleanup);
  const m = await loadAndKill(c, cleanup);
  await sleep(5_000); // what B holds is stored
  const stored = await missingReports(c.db.url, m.load.keys);
  const alerts = await alertsOf(c);
  const afterKill = consoleAfterKill(m.proxied, m.killAt);
  const thenOn = c.consoleBalancer.forwarded.get(c.b.port) ? 'B' : 'nowhere';
  const restarted = await restartA(c, m.load.keys);
  const relocated = locatedAgain(m.positioned, m.killAt);
  return {
    load: m.load,
    loadSeconds: opts.seconds,
    killAtS: opts.killAt,
    killAtMs: m.killAt,
    relocated,
    baseline: locatedAgain(m.positioned, m.killAt - 5_000),
    latePartitions: partitionsOf(await ownerId(c.db.url, EMAIL), relocated.late),
    unlocated: relocated.unlocated.map((mac) => `${mac} (#${c.fleet.devices.indexOf(mac)})`),
    stored,
    storedAfterRestart: restarted.stored,
    alerts,
    console: { firstOn: m.firstOn, ...afterKill, thenOn },
    cpu: m.cpu,
    rejoin: restarted.rejoin,
  };
}

async function main() {
  console.log('Failover benchmark');
  console.log(`  ${machineLine()}`);
  console.log(
    `  fleet: ${opts.devices} devices × ${GATEWAYS} gateways (${opts.walls ? 'walls and doors' : 'no walls'}), ` +
      'two instances on PostgreSQL, Redis, Mosquitto and RabbitMQ; the bench client runs on the ' +
      'same machine and competes for its CPU',
  );
  const cleanup: Cleanup = [];
  try {
    printFailover(await run(cleanup));
  } finally {
    for (const undo of cleanup.reverse()) await undo().catch(() => undefined);
  }
  console.log(`  ${machineLine()}`);
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
