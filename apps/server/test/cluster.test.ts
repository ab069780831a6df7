/**
 * Two server processes on this machine's PostgreSQL, Redis, Mosquitto and RabbitMQ
 * (TEST_DATABASE_URL, TEST_REDIS_URL, TEST_MQTT_URL, TEST_AMQP_URL, or the local ones): reports
 * published to the broker are processed once across the two, a client of instance B hears reports
 * processed on A, and SIGKILL of one instance mid-stream loses no report the broker acknowledged
 * (its restart resumes its broker session) while the other takes over delivering the killed one's
 * devices (the positions stream fails over); an instance stopped normally hands its share over to
 * the other; a device heard through both instances gets one full signal map.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import amqp from 'amqplib';
import mqtt, { type MqttClient } from 'mqtt';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SOCKET_PROTOCOL_VERSION, type DeviceUpdate } from '@rtls/contract';
import { memoryFailureLimiter } from '../src/lib/failure-limiter.ts';
import { authRepository } from '../src/modules/auth/repository.ts';
import { authService } from '../src/modules/auth/service.ts';
import { signInThrottle } from '../src/modules/auth/sign-in-throttle.ts';
import { DEFAULT_PARTITIONS } from '../src/modules/live/positions-stream.ts';
import { ingestKeys } from '../src/modules/ingest/keys.ts';
import { migrate, MIGRATIONS_DIR, openDatabase, type Sql } from '../src/lib/db.ts';
import { freePort, sleep } from './mqtt-helpers.ts';
import { serverEntryArgs } from './server-bundle.ts';
import { testServices } from './services.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const DEVICES = 200;
const REPORTS_PER_DEVICE = 3;
const PASSWORD = 'cluster password 1';
/** How long an instance may take to answer /readyz (ms). */
const READY_MS = 180_000;

const SERVICES = testServices();
/** The services this test needs; it is skipped when one is unreachable. */
const services = () => ({
  database: SERVICES.postgres!,
  redis: SERVICES.redis!,
  mqtt: SERVICES.mqtt!,
  amqp: SERVICES.amqp!,
});

/** Remove the partition queues of this run's positions stream. */
async function deleteQueues(prefix: string) {
  const c = await amqp.connect(SERVICES.amqp!);
  const ch = await c.createChannel();
  for (let k = 0; k < DEFAULT_PARTITIONS; k++) await ch.deleteQueue(`${prefix}.${k}`);
  await c.close();
}

/** Waits are generous: beside the rest of the suite a busy 2-core machine stretches them. */
async function until(what: string, check: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(100);
  }
}

interface Instance {
  name: string;
  url: string;
  process: ChildProcess;
  output: () => string;
}

/** Start the run's bundled server (serverEntryArgs) and wait until /readyz answers 200. */
async function startInstance(name: string, port: number, env: Record<string, string>) {
  let out = '';
  const child = spawn(process.execPath, serverEntryArgs('main', inject('serverBundle')), {
    cwd: ROOT,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      MQTT_CLIENT_ID: `${env.MQTT_SHARE_GROUP}-${name}`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const instance: Instance = {
    name,
    url: `http://127.0.0.1:${port}`,
    process: child,
    output: () => out,
  };
  // A loaded machine (the rest of the suite beside it) may take long to transpile and start one.
  let readiness = 'no answer';
  await until(
    `instance ${name} to be ready`,
    async () => {
      if (child.exitCode !== null) throw new Error(`instance ${name} exited:\n${out}`);
      const res = await fetch(`${instance.url}/readyz`).catch(() => null);
      if (res) readiness = await res.text().catch(() => readiness);
      return res?.status === 200;
    },
    READY_MS,
  ).catch((err: unknown) => {
    child.kill('SIGKILL');
    throw new Error(
      `${(err as Error).message}; its last /readyz: ${readiness}; its output:\n${out}`,
    );
  });
  return instance;
}

function stopInstance(i: Instance | undefined, signal: NodeJS.Signals = 'SIGTERM') {
  return new Promise<void>((resolve) => {
    if (!i || i.process.exitCode !== null || i.process.signalCode !== null) return resolve();
    i.process.once('exit', () => resolve());
    i.process.kill(signal);
  });
}

/** This instance's counters from /metrics. */
async function counters(i: Instance) {
  const text = await (await fetch(`${i.url}/metrics`)).text();
  const read = (name: string) => Number(new RegExp(`^${name} (\\d+)`, 'm').exec(text)?.[1] ?? NaN);
  return {
    accepted: read('rtls_ingest_reports_accepted_total'),
    duplicates: read('rtls_ingest_reports_duplicate_total'),
  };
}

/**
 * Device MACs of this test run: two random leading bytes keep them apart from anything else that
 * publishes to the same broker at the same time (the subscription sees every `rtls/…` message).
 */
const RUN_PREFIX = randomBytes(2)
  .toString('hex')
  .toUpperCase()
  .replace(/(..)(..)/, '$1:$2');
const batchPrefix = (batch: number) => `${RUN_PREFIX}:0${batch}:`;
const hex = (n: number) => n.toString(16).padStart(2, '0').toUpperCase();
const deviceMac = (batch: number, d: number) =>
  `${batchPrefix(batch)}00:${hex(d >> 8)}:${hex(d & 0xff)}`;

/** One generic-format message per report, each with its own timestamp (so each is distinct). */
function reports(batch: number) {
  const base = Date.now() - 60_000;
  const out: { topic: string; payload: string }[] = [];
  for (let r = 0; r < REPORTS_PER_DEVICE; r++)
    for (let d = 0; d < DEVICES; d++)
      out.push({
        topic: `rtls/cluster-gw-${r}`,
        payload: JSON.stringify({
          gateway: `AA:00:00:00:00:0${r}`,
          device: deviceMac(batch, d),
          rssi: -50 - ((d + r) % 40),
          timestamp: new Date(base + r * 1000 + d).toISOString(),
        }),
      });
  return out;
}

describe.skipIf(!SERVICES.postgres || !SERVICES.redis || !SERVICES.mqtt || !SERVICES.amqp)(
  'two server instances on PostgreSQL, Redis, Mosquitto and RabbitMQ',
  () => {
    const run = randomBytes(4).toString('hex');
    const dbName = `rtls_cluster_${process.pid}_${run}`;
    const group = `rtlscluster${run}`;
    let admin: pg.Client | null = null;
    let sql: Sql | null = null;
    let env: Record<string, string> = {};
    const ports: number[] = [];
    let a: Instance | undefined;
    let b: Instance | undefined;
    let publisher: MqttClient | null = null;
    let socket: Socket | null = null;
    const heard = new Set<string>();
    let setupError: unknown = null;

    const rows = async (prefix: string) =>
      Number(
        (
          await sql!.query<{ n: number }>(
            'select count(*)::int as n from signal_history where device_mac like $1',
            [`${prefix}%`],
          )
        )[0]!.n,
      );

    beforeAll(async () => {
      try {
        const svc = services();
        admin = new pg.Client({ connectionString: svc.database });
        await admin.connect();
        await admin.query(`create database ${dbName}`);
        const url = new URL(svc.database);
        url.pathname = `/${dbName}`;
        // Two pools migrating at once, like instances starting together: the advisory lock lets
        // one apply the files while the other waits and then finds nothing to do.
        const [one, two] = await Promise.all([
          openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://' }),
          openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://' }),
        ]);
        const applied = await Promise.all([
          migrate(one, MIGRATIONS_DIR),
          migrate(two, MIGRATIONS_DIR),
        ]);
        expect(applied.flat().length).toBe(new Set(applied.flat()).size);
        expect(applied.flat().length).toBeGreaterThan(0);
        await two.close();
        sql = one;

        const auth = authService({
          repo: authRepository(sql),
          throttle: signInThrottle(() => memoryFailureLimiter(100, 60_000)),
          tokenTtlHours: 1,
        });
        const user = await auth.createUser({
          email: `cluster-${run}@example.com`,
          password: PASSWORD,
        });
        const key = (await ingestKeys(sql).create(user.id, 'cluster')).key;
        env = {
          HOST: '127.0.0.1',
          DATABASE_URL: url.toString(),
          REDIS_URL: svc.redis,
          MQTT_URL: svc.mqtt,
          MQTT_INGEST_KEY: key,
          MQTT_SHARE_GROUP: group,
          POSITIONS_STREAM_URL: svc.amqp,
          POSITIONS_STREAM_PREFIX: `rtls.${group}`,
          // Sessions left by this run disappear from the broker a minute after it ends.
          MQTT_SESSION_EXPIRY: '60',
          SIMULATOR: 'off',
          WEB_DIST: '',
          LOG_LEVEL: 'warn',
          DATA_DIR: 'memory://',
        };
        ports.push(await freePort(), await freePort());
        // Each is kept as soon as it is up, so that afterAll stops it even when the other fails.
        await Promise.all([
          startInstance('a', ports[0]!, env).then((i) => (a = i)),
          startInstance('b', ports[1]!, env).then((i) => (b = i)),
        ]);

        const bUrl = b!.url;
        const signIn = await fetch(`${bUrl}/api/user/signin`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: `cluster-${run}@example.com`, password: PASSWORD }),
        });
        const token = ((await signIn.json()) as { data: { token: string } }).data.token;
        socket = io(bUrl, {
          path: '/sqws',
          transports: ['websocket'],
          auth: { token, protocol: SOCKET_PROTOCOL_VERSION },
          reconnection: false,
          forceNew: true,
        });
        socket.on('device_update', (...us: DeviceUpdate[]) => us.forEach((u) => heard.add(u.mac)));
        await new Promise<void>((resolve, reject) => {
          socket!.once('connect', () => resolve());
          socket!.once('connect_error', reject);
        });
        publisher = await mqtt.connectAsync(svc.mqtt, { clientId: `${group}-publisher` });
      } catch (err) {
        setupError = err;
      }
    }, 3 * READY_MS);

    afterAll(async () => {
      socket?.disconnect();
      await publisher?.endAsync().catch(() => undefined);
      await Promise.all([stopInstance(a), stopInstance(b)]);
      await sql?.close().catch(() => undefined);
      await deleteQueues(`rtls.${group}`).catch(() => undefined);
      if (admin) {
        await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => undefined);
        await admin.end();
      }
    }, 30_000);

    const ready = () => {
      if (setupError) {
        const logs = [a, b].map((i) => (i ? `--- ${i.name}:\n${i.output()}` : '')).join('\n');
        throw new Error(`${(setupError as Error).message}\n${logs}`, { cause: setupError });
      }
    };

    it('processes each report once across the two, and B’s client hears reports processed on A', async () => {
      ready();
      // A report processed on A (over HTTP) reaches the socket connected to B.
      const marker = 'CA:FE:00:00:00:01';
      const res = await fetch(`${a!.url}/api/ingest`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-ingest-key': env.MQTT_INGEST_KEY! },
        body: JSON.stringify([{ gateway: 'AA:00:00:00:00:01', device: marker, rssi: -55 }]),
      });
      expect(res.status).toBe(200);
      await until(
        'B’s client to hear the report stored on A',
        async () => heard.has(marker),
        30_000,
      );

      // Many devices through the broker: the shared subscription splits them between A and B.
      const messages = reports(1);
      await Promise.all(
        messages.map((m) => publisher!.publishAsync(m.topic, m.payload, { qos: 1 })),
      );
      const total = DEVICES * REPORTS_PER_DEVICE;
      await until(
        'every report to be stored',
        async () => (await rows(batchPrefix(1))) >= total,
        60_000,
      );
      expect(await rows(batchPrefix(1))).toBe(total);

      const [ca, cb] = await Promise.all([counters(a!), counters(b!)]);
      // Each report once: all stored (above), none processed a second time by either instance. (The
      // counters also count anything else published to the shared broker meanwhile, hence ≥.)
      expect(ca.duplicates + cb.duplicates).toBe(0);
      expect(ca.accepted + cb.accepted).toBeGreaterThanOrEqual(total + 1); // + the marker
      expect(ca.accepted).toBeGreaterThan(total / 10); // both took a share of the traffic
      expect(cb.accepted).toBeGreaterThan(total / 10);
      await until(
        'B’s client to hear every device',
        async () =>
          Array.from({ length: DEVICES }, (_, d) => deviceMac(1, d)).every((m) => heard.has(m)),
        30_000,
      );
    }, 180_000);

    it('gives the full signal map when a device is heard by G1 on instance A and G2 on instance B', async () => {
      ready();
      const device = `${RUN_PREFIX}:0F:00:00:01`;
      const updates: DeviceUpdate[] = [];
      const onUpdate = (...us: DeviceUpdate[]) => {
        for (const u of us) if (u.mac === device) updates.push(u);
      };
      socket!.on('device_update', onUpdate);
      const ingest = async (target: Instance, gateway: string, rssi: number) => {
        const res = await fetch(`${target.url}/api/ingest`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-ingest-key': env.MQTT_INGEST_KEY! },
          body: JSON.stringify([{ gateway, device, rssi, timestamp: Date.now() }]),
        });
        expect(res.status).toBe(200);
      };
      const nextUpdate = async (count: number) => {
        await until(`update ${count} of ${device}`, async () => updates.length >= count, 30_000);
        return updates[count - 1]!;
      };
      try {
        await ingest(a!, 'AA:00:00:00:00:11', -61); // processed on A only
        expect(Object.keys((await nextUpdate(1)).signal)).toEqual(['AA:00:00:00:00:11']);
        await ingest(b!, 'AA:00:00:00:00:12', -72); // processed on B only
        const onB = await nextUpdate(2);
        expect(Object.keys(onB.signal).sort()).toEqual(['AA:00:00:00:00:11', 'AA:00:00:00:00:12']);
        expect(onB.signal['AA:00:00:00:00:11']!.rssi).toBe(-61);
        expect(onB.strongestGateway).toBe('AA:00:00:00:00:11');
        // And back on A: A has learned B's gateway too.
        await ingest(a!, 'AA:00:00:00:00:13', -80);
        const onA = await nextUpdate(3);
        expect(Object.keys(onA.signal).sort()).toEqual([
          'AA:00:00:00:00:11',
          'AA:00:00:00:00:12',
          'AA:00:00:00:00:13',
        ]);
        expect(onA.signal['AA:00:00:00:00:12']!.rssi).toBe(-72);
      } finally {
        socket!.off('device_update', onUpdate);
      }
    }, 90_000);

    it(
      'loses no acknowledged report when an instance is killed mid-stream',
      async () => {
        ready();
        const messages = reports(2);
        const total = messages.length;
        let acknowledged = 0;
        const half = Math.floor(total / 2);
        for (let i = 0; i < total; i += 50) {
          await Promise.all(
            messages
              .slice(i, i + 50)
              .map((m) => publisher!.publishAsync(m.topic, m.payload, { qos: 1 })),
          );
          acknowledged = Math.min(total, i + 50);
          if (i < half && i + 50 >= half) await stopInstance(a, 'SIGKILL');
        }
        expect(acknowledged).toBe(total);
        expect(a!.process.signalCode).toBe('SIGKILL');
        // B keeps working meanwhile; the broker keeps A's share in A's session until A is back.
        await until(
          'B to store its share',
          async () => (await rows(batchPrefix(2))) >= total / 4,
          45_000,
        );
        // The partitions A was delivering fail over to B: B's client hears devices of all of them.
        const fresh = Array.from({ length: 64 }, (_, d) => `${RUN_PREFIX}:0E:00:00:${hex(d)}`);
        const res = await fetch(`${b!.url}/api/ingest`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-ingest-key': env.MQTT_INGEST_KEY! },
          body: JSON.stringify(
            fresh.map((device) => ({ gateway: 'AA:00:00:00:00:21', device, rssi: -60 })),
          ),
        });
        expect(res.status).toBe(200);
        await until(
          'B’s client to hear A’s devices too',
          async () => fresh.every((m) => heard.has(m)),
          30_000,
        );
        a = await startInstance('a', ports[0]!, env);
        await until(
          'every acknowledged report to be stored',
          async () => (await rows(batchPrefix(2))) >= total,
          60_000,
        );
        expect(await rows(batchPrefix(2))).toBe(total);
      },
      2 * READY_MS,
    );

    it('hands its share over when an instance is stopped normally mid-stream', async () => {
      ready();
      const messages = reports(3);
      const total = messages.length;
      const half = Math.floor(total / 2);
      let stopped: Promise<void> | null = null;
      for (let i = 0; i < total; i += 50) {
        await Promise.all(
          messages
            .slice(i, i + 50)
            .map((m) => publisher!.publishAsync(m.topic, m.payload, { qos: 1 })),
        );
        if (i < half && i + 50 >= half) stopped = stopInstance(b, 'SIGTERM');
      }
      await stopped;
      expect(b!.process.exitCode).toBe(0);
      // No restart of B: A alone stores everything, B's share included.
      await until(
        'A to store every report',
        async () => (await rows(batchPrefix(3))) >= total,
        60_000,
      );
      expect(await rows(batchPrefix(3))).toBe(total);
    }, 180_000);
  },
);
