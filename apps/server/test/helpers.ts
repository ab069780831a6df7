/**
 * Builds the server for integration tests on PGlite (always) and on PostgreSQL (TEST_DATABASE_URL
 * or the local one, when reachable), one app per suite, closed and dropped after it.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import type { MapSettings } from '@rtls/contract';
import { afterAll, beforeAll, beforeEach, describe, inject } from 'vitest';
import { buildApp, type BuildOptions, type BuiltApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { migrate, MIGRATIONS_DIR, openDatabase, type Sql } from '../src/lib/db.ts';
import { sharedSchemaCompilers } from '../src/lib/schema-compilers.ts';
import { seedDemo } from '../src/simulator/demo-seed.ts';
import { gatewayLayout } from '../src/simulator/simulator.ts';
import { testServices } from './services.ts';

export type DbKind = 'pglite' | 'postgres';

const POSTGRES_URL = testServices().postgres;
/** PGlite always; PostgreSQL too when it is reachable (see services.ts). */
export const DB_KINDS: readonly DbKind[] = POSTGRES_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface TestDatabase {
  kind: DbKind;
  sql: Sql;
  /** Close the connection and, on PostgreSQL, drop the database. */
  close(): Promise<void>;
}

let image: Blob | undefined;
/** The migrated PGlite image global-setup.ts made for this run, read once per test file. */
export function migratedPglite(): Blob {
  image ??= new Blob([fs.readFileSync(inject('pgliteImage'))]);
  return image;
}

/** A fresh, migrated database: PGlite in memory, or a uniquely named PostgreSQL database. */
export async function openTestDatabase(kind: DbKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const sql = await openDatabase({
      databaseUrl: null,
      dataDir: 'memory://',
      image: migratedPglite(),
    });
    // Nothing left to apply on the image; kept so a database opened here is always migrated.
    await migrate(sql, MIGRATIONS_DIR);
    return { kind, sql, close: () => sql.close() };
  }
  const adminUrl = POSTGRES_URL;
  if (!adminUrl) throw new Error('PostgreSQL is unreachable; its tests cannot run');
  const name = `rtls_test_${process.pid}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let sql: Sql;
  try {
    sql = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://' });
    await migrate(sql, MIGRATIONS_DIR);
  } catch (err) {
    await admin.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
    await admin.end();
    throw err;
  }
  return {
    kind,
    sql,
    async close() {
      try {
        await sql.close();
        await admin.query(`drop database if exists ${name} with (force)`);
      } finally {
        await admin.end();
      }
    },
  };
}

/** The query string of these parameters (numbers as their text). */
export const queryOf = (o: Record<string, string | number>) =>
  new URLSearchParams(
    Object.entries(o).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    // The cheapest password hashes the server allows: tests create many accounts.
    ...loadConfig({
      DATA_DIR: 'memory://',
      WEB_DIST: '',
      PASSWORD_HASH_COST: '10',
    } as NodeJS.ProcessEnv),
    positionsWorkerFile: inject('locatorWorker'),
    ...overrides,
  };
}

export interface TestAppOptions {
  /** Listen on a real port (127.0.0.1:0), for sockets. */
  listen?: boolean;
  config?: Partial<Config>;
  /** Wrap the database the app sees (e.g. to inject failures); tests still get the real one. */
  wrapSql?: (sql: Sql) => Sql;
  /** The clock of the sign-in limits. */
  now?: () => number;
}

export interface TestApp {
  kind: DbKind;
  built: BuiltApp;
  app: BuiltApp['app'];
  /** The unwrapped database, for assertions. */
  sql: Sql;
  /** http://127.0.0.1:<port> when listening, else ''. */
  baseUrl: string;
  close(): Promise<void>;
  /**
   * A suite's own beforeAll (seeding). It is passed over when the app could not start, so each
   * test fails with the start error instead of the whole suite being skipped.
   */
  setup(fn: () => Promise<void>): void;
}

/**
 * The test files of a worker share their modules, so their apps share compiled schemas: compiling
 * them took most of an app's start, and the server tests build hundreds of apps.
 */
export const testSchemaCompilers = sharedSchemaCompilers();

/**
 * The server on `sql` as the tests build it: the tests' config with `config` over it, silent
 * unless a logger is given, and the worker's shared schema compilers.
 */
export function buildTestApp(
  sql: Sql,
  opts: Omit<BuildOptions, 'config' | 'sql' | 'schemaCompilers'> & {
    config?: Partial<Config>;
  } = {},
): Promise<BuiltApp> {
  const { config, logger = false, ...rest } = opts;
  return buildApp({
    ...rest,
    config: testConfig(config),
    sql,
    logger,
    schemaCompilers: testSchemaCompilers,
  });
}

export async function startTestApp(kind: DbKind, opts: TestAppOptions = {}): Promise<TestApp> {
  const db = await openTestDatabase(kind);
  try {
    const built = await buildTestApp(opts.wrapSql ? opts.wrapSql(db.sql) : db.sql, {
      config: opts.config,
      now: opts.now,
    });
    let baseUrl = '';
    if (opts.listen) {
      const address = await built.app.listen({ port: 0, host: '127.0.0.1' });
      baseUrl = `http://127.0.0.1:${new URL(address).port}`;
    } else {
      await built.app.ready();
    }
    let closed = false;
    return {
      kind,
      built,
      app: built.app,
      sql: db.sql,
      baseUrl,
      async close() {
        if (closed) return;
        closed = true;
        try {
          await built.app.close();
        } finally {
          await db.close();
        }
      },
      setup: (fn) => beforeAll(fn),
    };
  } catch (err) {
    await db.close();
    throw err;
  }
}

/**
 * Register beforeAll/afterAll for one app on `kind` and return it. Its fields may be read only
 * inside tests and hooks (after beforeAll has run).
 */
export function useTestApp(kind: DbKind, opts: TestAppOptions = {}): TestApp {
  let current: TestApp | null = null;
  let startError: unknown = null;
  beforeAll(async () => {
    try {
      current = await startTestApp(kind, opts);
    } catch (err) {
      // An unreachable TEST_DATABASE_URL must fail the tests, not skip them.
      startError = err;
    }
  });
  beforeEach(() => {
    if (startError) throw startError;
  });
  afterAll(async () => {
    await current?.close();
  });
  const get = (): TestApp => {
    if (startError) throw startError;
    if (!current) throw new Error('The test app is used before beforeAll has built it');
    return current;
  };
  return {
    kind,
    get built() {
      return get().built;
    },
    get app() {
      return get().app;
    },
    get sql() {
      return get().sql;
    },
    get baseUrl() {
      return get().baseUrl;
    },
    close: () => get().close(),
    setup: (fn) =>
      beforeAll(async () => {
        if (!startError) await fn();
      }),
  };
}

/** One suite per database kind, each with its own app: `describeEachDb('maps', (t) => {...})`. */
export function describeEachDb(
  name: string,
  body: (t: TestApp) => void,
  opts: TestAppOptions = {},
): void {
  describe.each(DB_KINDS)(`${name} [%s]`, (kind) => {
    body(useTestApp(kind, opts));
  });
}

let userSeq = 0;
/** A unique e-mail for this process. */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${process.pid}-${++userSeq}-${randomBytes(3).toString('hex')}@example.com`;
}

export const TEST_PASSWORD = 'correct horse battery';

export interface SignedIn {
  id: string;
  email: string;
  password: string;
  token: string;
}

export async function createUser(
  built: BuiltApp,
  input: { email?: string; password?: string; firstName?: string; lastName?: string } = {},
) {
  return built.auth.createUser({
    email: input.email ?? uniqueEmail(),
    password: input.password ?? TEST_PASSWORD,
    firstName: input.firstName ?? 'Test',
    lastName: input.lastName ?? 'User',
  });
}

/** Sign in over HTTP and return the token; throws with the response when it fails. */
export async function signIn(app: BuiltApp['app'], email: string, password: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/user/signin',
    payload: { email, password },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { data: { token: string } }).data.token;
}

/** A new account, signed in over HTTP. */
export async function createSignedInUser(built: BuiltApp, prefix = 'user'): Promise<SignedIn> {
  const email = uniqueEmail(prefix);
  const user = await createUser(built, { email });
  const token = await signIn(built.app, email, TEST_PASSWORD);
  return { id: user.id, email, password: TEST_PASSWORD, token };
}

/** A new active ingest key of the user; the clear key. */
export async function createIngestKey(built: BuiltApp, userId: string, name = 'test') {
  return (await built.repos.keys.create(userId, name)).key;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Requests as the holder of `token`: `call('POST', '/api/maps', body)`. */
export function caller(app: BuiltApp['app'], token: string) {
  return (method: Method, url: string, payload?: unknown) =>
    app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
}

/** A signed-in account seeded like the demo: one private map, gateways on it, monitored tags. */
export async function seedAccount(
  built: BuiltApp,
  opts: { devices?: number; gateways?: number } = {},
) {
  const email = uniqueEmail('seeded');
  const userId = await seedDemo(
    { auth: built.auth, ...built.repos },
    {
      email,
      password: TEST_PASSWORD,
      devices: opts.devices ?? 3,
      gateways: gatewayLayout(opts.gateways ?? 8),
    },
  );
  const token = await signIn(built.app, email, TEST_PASSWORD);
  return { id: userId, email, password: TEST_PASSWORD, token };
}

/** Count rows of a table, optionally for one owner. */
export async function countRows(sql: Sql, table: string, ownerId?: string): Promise<number> {
  const rows = await sql.query<{ n: number | string }>(
    `select count(*)::int as n from ${table}${ownerId ? ' where owner_id = $1' : ''}`,
    ownerId ? [ownerId] : [],
  );
  return Number(rows[0]?.n ?? 0);
}

/** A new map of `ownerId` (a plan of `settings`), shared with these editors and viewers; its id. */
export async function insertMap(
  built: BuiltApp,
  ownerId: string,
  opts: { settings: MapSettings; editors?: string[]; viewers?: string[]; isPublic?: boolean },
): Promise<string> {
  const { maps } = built.repos;
  const mapId = randomUUID();
  await maps.insert({
    id: mapId,
    ownerId,
    name: 'Floor',
    description: '',
    isPublic: opts.isPublic ?? false,
    metadata: {},
    settings: opts.settings,
  });
  for (const id of opts.editors ?? []) await maps.setCollaborator(mapId, id, 'editor');
  for (const id of opts.viewers ?? []) await maps.setCollaborator(mapId, id, 'viewer');
  return mapId;
}
