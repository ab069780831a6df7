/** One small SQL interface over embedded PGlite and a real PostgreSQL pool. */
import fs from 'node:fs/promises';
import path from 'node:path';
import { lockDataDir, type LockRole } from './data-dir-lock.ts';
import { unavailable } from './errors.ts';
import { withArrayLiterals } from './pg-arrays.ts';

export type Row = Record<string, unknown>;

export interface Sql {
  readonly kind: 'pglite' | 'postgres';
  query<R = Row>(text: string, params?: readonly unknown[]): Promise<R[]>;
  /** Run fn inside one transaction; everything or nothing is written. */
  transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T>;
  /** Run several statements without parameters (migrations). */
  exec(text: string): Promise<void>;
  /**
   * Run fn while holding a PostgreSQL session-level advisory lock, so several instances starting
   * together take turns (PGlite has one process: fn simply runs).
   */
  withAdvisoryLock<T>(lockId: number, fn: () => Promise<T>): Promise<T>;
  /** Pool state for metrics; null for the embedded database. */
  poolStats(): { total: number; idle: number; waiting: number } | null;
  close(): Promise<void>;
}

/**
 * Most rows one bulk statement should write. PGlite runs its statements on the server's thread, so
 * there they are kept short: live updates, requests and positions wait behind each one.
 */
export function statementRows(sql: Pick<Sql, 'kind'>): number {
  return sql.kind === 'postgres' ? 5000 : 500;
}

/**
 * Open the configured database: PostgreSQL when a URL is given, otherwise PGlite at dataDir, locked
 * for this process (`role` says who holds it, for the sentence a second process is refused with).
 * An in-memory PGlite starts from `image` (see pgliteImage) when one is given.
 */
export async function openDatabase(
  opts: { databaseUrl: string | null; dataDir: string; image?: Blob },
  role: LockRole = 'server',
): Promise<Sql> {
  return opts.databaseUrl
    ? openPostgres(opts.databaseUrl)
    : (await openPglite(opts.dataDir, role, opts.image)).sql;
}

/**
 * An in-memory PGlite migrated from migrationsDir, as an image of its data dir: databases opened
 * from it (openDatabase's `image`) skip initdb and the migrations, which take seconds each time.
 */
export async function pgliteImage(migrationsDir: string): Promise<Blob> {
  const { db, sql } = await openPglite('memory://');
  try {
    await migrate(sql, migrationsDir);
    return await db.dumpDataDir('none');
  } finally {
    await sql.close();
  }
}

async function openPglite(dataDir: string, role: LockRole = 'server', image?: Blob) {
  const { PGlite } = await import('@electric-sql/pglite');
  const inMemory = dataDir.startsWith('memory://');
  const lock = inMemory ? null : lockDataDir(dataDir, role);
  const db = await (
    inMemory && image
      ? PGlite.create({ loadDataDir: image })
      : PGlite.create(inMemory ? undefined : path.join(dataDir, 'pg'))
  ).catch((err: unknown) => {
    lock?.release();
    throw err;
  });
  type Queryable = Pick<typeof db, 'query' | 'exec'>;
  const wrap = (q: Queryable, inTx: boolean): Sql => ({
    kind: 'pglite',
    async query<R>(text: string, params: readonly unknown[] = []) {
      const res = await q.query<R>(text, params as unknown[]);
      return res.rows;
    },
    async transaction<T>(fn: (tx: Sql) => Promise<T>) {
      if (inTx) return fn(wrap(q, true));
      return db.transaction((tx) => fn(wrap(tx, true)));
    },
    async exec(text: string) {
      await q.exec(text);
    },
    async close() {
      await db.close();
      lock?.release();
    },
    withAdvisoryLock: (_lockId, fn) => fn(),
    poolStats: () => null,
  });
  return { db, sql: wrap(db, false) };
}

/** SQLSTATE classes that mean the database cannot serve now, not that the query was wrong. */
const UNAVAILABLE_CLASSES = new Set(['08', '53', '57', '58']);

/**
 * True when a PostgreSQL client error means the database is unreachable or refusing work (down,
 * restarting, out of connections), rather than a problem with the statement. A protocol violation
 * (08P01) is a bug, not an outage. The driver's own connection errors carry a system error code
 * (ECONNREFUSED, ECONNRESET, ...) or no code at all (terminated, timed out).
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code))
    return UNAVAILABLE_CLASSES.has(code.slice(0, 2)) && code !== '08P01';
  if (typeof code === 'string') return /^E[A-Z]+$/.test(code);
  return /connection|terminated|timeout|timed out|not queryable|ended/i.test(err.message);
}

/** Run a database call; an outage becomes a 503 with Retry-After for whoever asked. */
async function guarded<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (!isDatabaseUnavailable(err)) throw err;
    throw Object.assign(unavailable('The database is unreachable right now; retry later'), {
      cause: err,
    });
  }
}

async function openPostgres(url: string): Promise<Sql> {
  const pg = await import('pg');
  // Keep bigint counts and timestamps as JS values the API can serialise.
  pg.default.types.setTypeParser(20, (v: string) => Number(v));
  // A connection attempt gives up after 5 s, so a request during an outage answers 503, not hangs.
  const pool = new pg.default.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5000,
  });
  pool.on('error', () => {
    /* idle client errors surface on the next query */
  });
  await pool.query('select 1');
  type Client = { query: (t: string, p?: unknown[]) => Promise<{ rows: Row[] }> };
  const wrap = (c: Client, inTx: boolean): Sql => ({
    kind: 'postgres',
    async query<R>(text: string, params: readonly unknown[] = []) {
      const res = await guarded(() => c.query(text, withArrayLiterals(params)));
      return res.rows as R[];
    },
    async transaction<T>(fn: (tx: Sql) => Promise<T>) {
      if (inTx) return fn(wrap(c, true));
      const client = await guarded(() => pool.connect());
      try {
        await guarded(() => client.query('BEGIN'));
        const out = await fn(wrap(client, true));
        await guarded(() => client.query('COMMIT'));
        return out;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    async exec(text: string) {
      await c.query(text);
    },
    async close() {
      await pool.end();
    },
    async withAdvisoryLock<T>(lockId: number, fn: () => Promise<T>) {
      // The lock belongs to one connection: hold that connection while fn runs on the pool.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [lockId]);
        try {
          return await fn();
        } finally {
          await client.query('select pg_advisory_unlock($1)', [lockId]).catch(() => undefined);
        }
      } finally {
        client.release();
      }
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  });
  return wrap(pool, false);
}

/** The server's numbered SQL migrations, applied in order by migrate(). */
export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../migrations');

/** Advisory lock id that serialises migrations across instances (any constant bigint works). */
export const MIGRATION_LOCK_ID = 0x72746c73; // "rtls"

/**
 * Apply numbered SQL files from migrationsDir that have not run yet, each in a transaction. Several
 * instances may start at once: an advisory lock lets one migrate while the others wait, and they
 * then find nothing left to do.
 */
export function migrate(sql: Sql, migrationsDir: string): Promise<string[]> {
  return sql.withAdvisoryLock(MIGRATION_LOCK_ID, () => migrateLocked(sql, migrationsDir));
}

async function migrateLocked(sql: Sql, migrationsDir: string): Promise<string[]> {
  await sql.exec(
    'create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())',
  );
  const done = new Set(
    (await sql.query<{ name: string }>('select name from schema_migrations')).map((r) => r.name),
  );
  const files = (await fs.readdir(migrationsDir)).filter((f) => /^\d+.*\.sql$/.test(f)).sort();
  const applied: string[] = [];
  for (const file of files) {
    if (done.has(file)) continue;
    const text = await fs.readFile(path.join(migrationsDir, file), 'utf8');
    await sql.transaction(async (tx) => {
      await tx.exec(text);
      await tx.query('insert into schema_migrations (name) values ($1)', [file]);
    });
    applied.push(file);
  }
  return applied;
}
