/**
 * Several instances through Redis (TEST_REDIS_URL or the local one): readiness names Redis and the
 * broker, live updates and revocations cross instances, sign-in limits are shared.
 */
import { randomBytes } from 'node:crypto';
import { SOCKET_PROTOCOL_VERSION, type DeviceUpdate } from '@rtls/contract';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuiltApp } from '../src/app.ts';
import { memoryFailureLimiter } from '../src/lib/failure-limiter.ts';
import { openRedis, redisFailureLimiter, type RedisLink } from '../src/lib/redis.ts';
import { tokenHash } from '../src/lib/secrets.ts';
import type { Sql } from '../src/lib/db.ts';
import type { ReadinessProbes } from '../src/plugins/health.ts';
import { buildTestApp, createSignedInUser, openTestDatabase } from './helpers.ts';
import { redisRelay } from './redis-relay.ts';
import { testServices } from './services.ts';

const REDIS_URL = testServices().redis;
/** The Redis the tests use (the suites are skipped when there is none). */
const redisUrl = (): string => REDIS_URL!;

interface Instance {
  built: BuiltApp;
  sql: Sql;
  baseUrl: string;
  readiness: ReadinessProbes;
  close(): Promise<void>;
}

/** One server instance on its own in-memory database, sharing TEST_REDIS_URL with the others. */
async function instance(url = redisUrl()): Promise<Instance> {
  const { sql } = await openTestDatabase('pglite');
  const readiness: ReadinessProbes = {};
  const built = await buildTestApp(sql, { config: { redisUrl: url }, readiness });
  const address = await built.app.listen({ port: 0, host: '127.0.0.1' });
  return {
    built,
    sql,
    readiness,
    baseUrl: `http://127.0.0.1:${new URL(address).port}`,
    async close() {
      await built.app.close();
      await sql.close();
    },
  };
}

const sample = (mac: string): DeviceUpdate => ({
  mac,
  name: mac,
  signal: { 'AA:00:00:00:00:01': { rssi: -61, received_at: new Date().toISOString(), ip: null } },
  lastSeen: new Date().toISOString(),
  timestamp: new Date().toISOString(),
  position: null,
  strongestGateway: 'AA:00:00:00:00:01',
  rssi: -61,
});

describe.skipIf(!REDIS_URL)('two instances sharing Redis', () => {
  let a: Instance;
  let b: Instance;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    a = await instance();
    b = await instance();
    // Two apps with their databases, Redis links and listeners: a loaded machine took over 30 s.
  }, 90_000);
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await Promise.allSettled([a?.close(), b?.close()]);
  });

  const connect = (baseUrl: string, token: string) =>
    new Promise<Socket>((resolve, reject) => {
      const s = io(baseUrl, {
        path: '/sqws',
        transports: ['websocket'],
        auth: { token, protocol: SOCKET_PROTOCOL_VERSION },
        reconnection: false,
        forceNew: true,
      });
      sockets.push(s);
      s.once('connect', () => resolve(s));
      s.once('connect_error', reject);
    });

  it('names Redis and the broker in /readyz', async () => {
    a.readiness.broker = async () => 'not connected to MQTT_URL';
    const down = await a.built.app.inject('/readyz');
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({
      status: 'not ready',
      checks: { database: 'ok', redis: 'ok', broker: 'not connected to MQTT_URL' },
    });
    a.readiness.broker = async () => 'ok';
    const up = await a.built.app.inject('/readyz');
    expect(up.statusCode).toBe(200);
    expect(up.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', redis: 'ok', broker: 'ok' },
    });
  });

  it('delivers an update published on instance A to a client of instance B', async () => {
    const user = await createSignedInUser(b.built, 'cross');
    const s = await connect(b.baseUrl, user.token);
    const got = new Promise<DeviceUpdate>((resolve) => s.once('device_update', resolve));
    // The adapter subscribes asynchronously; publish until B's client hears it.
    const mac = 'BB:00:00:00:0C:01';
    const timer = setInterval(
      () => a.built.hub.publish(user.id, [{ update: sample(mac), located: [] }]),
      100,
    );
    try {
      expect((await got).mac).toBe(mac);
    } finally {
      clearInterval(timer);
    }
  });

  it('closes a revoked token’s sockets on the other instance at once', async () => {
    const user = await createSignedInUser(b.built, 'revoke');
    const s = await connect(b.baseUrl, user.token);
    const closed = new Promise<string>((resolve) => s.once('disconnect', resolve));
    // What a sign-out on instance A announces.
    a.built.auth.events.emit('revoked', [tokenHash(user.token)]);
    expect(await closed).toBe('io server disconnect');
  });
});

describe.skipIf(!REDIS_URL)('shared sign-in limiter', () => {
  let link: RedisLink;
  beforeAll(async () => {
    link = await openRedis(redisUrl());
  });
  afterAll(async () => {
    await link?.close();
  });

  it('counts failures from every instance against one limit', async () => {
    const name = `test-${randomBytes(4).toString('hex')}`;
    const one = redisFailureLimiter(link.client, name, 3, 60_000, memoryFailureLimiter(3, 60_000));
    const two = redisFailureLimiter(link.client, name, 3, 60_000, memoryFailureLimiter(3, 60_000));
    await one.recordFailure('10.0.0.1');
    await two.recordFailure('10.0.0.1');
    expect(await one.waitMs('10.0.0.1')).toBe(0);
    await two.recordFailure('10.0.0.1');
    expect(await one.waitMs('10.0.0.1')).toBeGreaterThan(0);
    expect(await two.waitMs('10.0.0.1')).toBeGreaterThan(0);
    expect(await two.waitMs('10.0.0.2')).toBe(0);
    await one.reset('10.0.0.1');
    expect(await two.waitMs('10.0.0.1')).toBe(0);
  });

  it('answers the real wait: until the failure that reached the limit is a window old', async () => {
    const clock = { t: 1_000_000 };
    const now = () => clock.t;
    const name = `test-${randomBytes(4).toString('hex')}`;
    const limiter = redisFailureLimiter(
      link.client,
      name,
      2,
      60_000,
      memoryFailureLimiter(2, 60_000, now),
      now,
    );
    await limiter.recordFailure('k');
    clock.t += 5_000;
    await limiter.recordFailure('k');
    clock.t += 1_000;
    expect(await limiter.waitMs('k')).toBe(54_000);
    clock.t += 53_999;
    expect(await limiter.waitMs('k')).toBe(1);
    clock.t += 1;
    expect(await limiter.waitMs('k')).toBe(0);
  });

  it('falls back to the local limiter while Redis is unreachable', async () => {
    const broken = await openRedis(redisUrl());
    broken.client.disconnect();
    const limiter = redisFailureLimiter(
      broken.client,
      'fallback',
      2,
      60_000,
      memoryFailureLimiter(2, 60_000),
    );
    await limiter.recordFailure('k');
    await limiter.recordFailure('k');
    expect(await limiter.waitMs('k')).toBeGreaterThan(0);
    expect(await broken.ready()).toMatch(/^Redis unreachable/);
    await broken.close();
  });

  it('refuses to start with a clear sentence when REDIS_URL is unreachable', async () => {
    await expect(openRedis('redis://127.0.0.1:1', 2_000)).rejects.toThrow(
      /^REDIS_URL is set but Redis at 127\.0\.0\.1:1 is unreachable/,
    );
  });
});

describe.skipIf(!REDIS_URL)('an instance whose Redis goes away', () => {
  it('keeps serving its own clients, says not ready, and recovers when Redis returns', async () => {
    const relay = await redisRelay(redisUrl());
    const one = await instance(relay.url);
    const sockets: Socket[] = [];
    try {
      const user = await createSignedInUser(one.built, 'outage');
      const s = io(one.baseUrl, {
        path: '/sqws',
        transports: ['websocket'],
        auth: { token: user.token, protocol: SOCKET_PROTOCOL_VERSION },
        reconnection: false,
        forceNew: true,
      });
      sockets.push(s);
      await new Promise<void>((resolve, reject) => {
        s.once('connect', () => resolve());
        s.once('connect_error', reject);
      });

      relay.cut();
      const down = await one.built.app.inject('/readyz');
      expect(down.statusCode).toBe(503);
      expect(down.json().checks.redis).toMatch(/^Redis unreachable/);
      // Publishing (which also goes to Redis for the other instances) neither crashes nor stops
      // this instance's own clients from hearing the update.
      const got = new Promise<DeviceUpdate>((resolve) => s.once('device_update', resolve));
      one.built.hub.publish(user.id, [{ update: sample('BB:00:00:00:0D:01'), located: [] }]);
      expect((await got).mac).toBe('BB:00:00:00:0D:01');
      await new Promise((r) => setTimeout(r, 2_500)); // past the 2 s command timeout: it fails

      await relay.restore();
      const deadline = Date.now() + 10_000;
      while ((await one.built.app.inject('/readyz')).statusCode !== 200) {
        if (Date.now() > deadline) throw new Error('Redis did not come back in /readyz');
        await new Promise((r) => setTimeout(r, 200));
      }
    } finally {
      for (const s of sockets) s.disconnect();
      await one.close();
      await relay.close();
    }
  }, 90_000);
});
