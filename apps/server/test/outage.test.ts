/**
 * Outages answer 503 with Retry-After, never 500: a PostgreSQL server of the test's own is stopped
 * (never the machine's), and every route is walked with and without valid input, the ingest key
 * lookup included; then it comes back and so does the service. Likewise with Redis cut off.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuiltApp } from '../src/app.ts';
import { migrate, MIGRATIONS_DIR, openDatabase, type Sql } from '../src/lib/db.ts';
import {
  bearer,
  buildTestApp,
  createIngestKey,
  DB_KINDS,
  openTestDatabase,
  seedAccount,
} from './helpers.ts';
import { redisRelay } from './redis-relay.ts';
import { describeProbes, realParamsOf, walkRoutes, type Probe } from './route-walker.ts';
import { testServices } from './services.ts';
import {
  postgresBinDir,
  startThrowawayPostgres,
  type ThrowawayPostgres,
} from './throwaway-postgres.ts';

const PG_BIN = postgresBinDir();
if (!PG_BIN)
  process.stderr.write(
    'server tests: PostgreSQL server binaries (Debian package postgresql) not found: the database outage test is skipped\n',
  );
const REDIS_URL = testServices().redis;

/** Probes that broke the rule: a 500, or a 5xx other than 503 with Retry-After. */
const broken = (probes: Probe[]) =>
  probes.filter((p) => p.status >= 500 && (p.status !== 503 || !p.retryAfter));

const report = [{ gateway: 'AA:BB:CC:00:20:01', device: 'C4:00:00:00:20:01', rssi: -60 }];

/** The app and an account on `sql`, in the shape the route walker's helpers take. */
async function appOn(sql: Sql, redisUrl: string | null = null) {
  const built = await buildTestApp(sql, { config: { redisUrl } });
  await built.app.ready();
  const owner = await seedAccount(built, { devices: 2, gateways: 2 });
  const key = await createIngestKey(built, owner.id);
  const real = await realParamsOf(built, sql, owner);
  return { built, owner, key, real };
}

const ingest = (built: BuiltApp, key: string) =>
  built.app.inject({
    method: 'POST',
    url: '/api/ingest',
    headers: { 'x-ingest-key': key },
    payload: report,
  });

describe.skipIf(!PG_BIN)('database outage', () => {
  let pg: ThrowawayPostgres;
  let sql: Sql;
  let app: Awaited<ReturnType<typeof appOn>>;
  beforeAll(async () => {
    pg = await startThrowawayPostgres(PG_BIN!);
    sql = await openDatabase({ databaseUrl: pg.url, dataDir: 'memory://' });
    await migrate(sql, MIGRATIONS_DIR);
    app = await appOn(sql);
  }, 120_000);
  afterAll(async () => {
    await app?.built.app.close();
    await sql?.close();
    await pg?.destroy();
  });

  it('answers 503 with Retry-After on every route while PostgreSQL is down, and recovers', async () => {
    const { built, owner, key, real } = app;
    expect((await ingest(built, key)).statusCode).toBe(200);
    await pg.stop();

    const res = await ingest(built, key);
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBeDefined();
    const maps = await built.app.inject({ url: '/api/maps', headers: bearer(owner.token) });
    expect(maps.statusCode).toBe(503);
    expect(maps.headers['retry-after']).toBeDefined();
    expect((await built.app.inject('/readyz')).statusCode).toBe(503);
    expect((await built.app.inject('/healthz')).statusCode).toBe(200);

    const probes = await walkRoutes(built, {
      headers: bearer(owner.token),
      real,
      skip: (r) => r.endsWith('/signout'),
    });
    expect(describeProbes(broken(probes))).toBe('');
    expect(probes.filter((p) => p.status === 503).length).toBeGreaterThan(100);

    await pg.start();
    const deadline = Date.now() + 20_000;
    while (
      (await built.app.inject({ url: '/api/maps', headers: bearer(owner.token) })).statusCode !==
      200
    ) {
      if (Date.now() > deadline)
        throw new Error('the API did not recover after PostgreSQL returned');
      await new Promise((r) => setTimeout(r, 200));
    }
    expect((await ingest(built, key)).statusCode).toBe(200);
  }, 300_000);
});

describe.skipIf(!REDIS_URL)('Redis outage', () => {
  it('answers no route with a 500 while Redis is cut off', async () => {
    const relay = await redisRelay(REDIS_URL!);
    // The machine's PostgreSQL when reachable, else PGlite: the walk sends thousands of requests,
    // and PostgreSQL answers their queries for a fraction of the CPU the embedded one spends.
    const db = await openTestDatabase(DB_KINDS.includes('postgres') ? 'postgres' : 'pglite');
    const { sql } = db;
    const { built, owner, key, real } = await appOn(sql, relay.url);
    try {
      relay.cut();
      expect((await ingest(built, key)).statusCode).toBe(200);
      const probes = await walkRoutes(built, {
        headers: bearer(owner.token),
        real,
        skip: (r) => r.endsWith('/signout'),
      });
      expect(describeProbes(broken(probes))).toBe('');
      const signIn = await built.app.inject({
        method: 'POST',
        url: '/api/user/signin',
        payload: { email: owner.email, password: owner.password },
      });
      expect(signIn.statusCode).toBe(200);
    } finally {
      await built.app.close();
      await db.close();
      await relay.close();
    }
  }, 300_000);
});
