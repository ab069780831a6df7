/**
 * Write-behind for the derived tables (latest signals, heard gateways and devices). Every report
 * is stored in signal_history inside its batch's transaction; a row of a derived table that this
 * process wrote recently is only refreshed, at most once per interval, in background transactions
 * of at most `chunkRows` rows per table, with a turn of the event loop between them (one big
 * statement's parameters would block live updates for tens of milliseconds). A device, gateway or gateway-device pair seen for the first time is still written
 * with its batch, so "available" lists show it as soon as the ingest call returns.
 */
import { statementRows, type Sql } from '../../lib/db.ts';
import { upsertDerived, type Derived, type DerivedSink, type OwnedReport } from './repository.ts';

const TABLES: readonly Derived[] = ['signals', 'gateways', 'devices'];

export interface WriteBehindOptions {
  intervalMs?: number;
  /** A key not written for this long is written with its batch again (bounds memory). */
  forgetMs?: number;
  /** Most rows per table in one background transaction. */
  chunkRows?: number;
  onError?: (err: unknown) => void;
}

export function createWriteBehind(
  sql: Sql,
  {
    intervalMs = 3_000,
    forgetMs = 10 * 60_000,
    chunkRows = Math.min(1_000, statementRows(sql)),
    onError,
  }: WriteBehindOptions = {},
): DerivedSink & { flush(): Promise<void>; close(): Promise<void>; pending(): number } {
  const known: Record<Derived, Map<string, number>> = {
    signals: new Map(),
    gateways: new Map(),
    devices: new Map(),
  };
  let dirty: Record<Derived, Map<string, OwnedReport>> = {
    signals: new Map(),
    gateways: new Map(),
    devices: new Map(),
  };
  let writing: Promise<void> = Promise.resolve();

  function keepLatest(table: Derived, key: string, item: OwnedReport) {
    const prev = dirty[table].get(key);
    if (!prev || item.report.receivedAt >= prev.report.receivedAt) dirty[table].set(key, item);
  }

  function flush(): Promise<void> {
    writing = writing.then(async () => {
      const taken = dirty;
      if (TABLES.every((t) => taken[t].size === 0)) return;
      dirty = { signals: new Map(), gateways: new Map(), devices: new Map() };
      // In key order, like the batches, so concurrent writers cannot deadlock.
      const keys = (t: Derived) => [...taken[t].keys()].sort();
      const sorted = {
        signals: keys('signals'),
        gateways: keys('gateways'),
        devices: keys('devices'),
      };
      const rows = (t: Derived) => sorted[t].map((k) => taken[t].get(k)!);
      const [signals, gateways, devices] = [rows('signals'), rows('gateways'), rows('devices')];
      const chunks = Math.ceil(
        Math.max(signals.length, gateways.length, devices.length) / chunkRows,
      );
      const part = (list: OwnedReport[], i: number) =>
        list.slice(i * chunkRows, (i + 1) * chunkRows);
      let done = 0;
      try {
        for (; done < chunks; done++) {
          if (done > 0) await new Promise((r) => setImmediate(r));
          await sql.transaction((tx) =>
            upsertDerived(tx, part(signals, done), part(gateways, done), part(devices, done)),
          );
        }
        const now = Date.now();
        for (const t of TABLES) for (const k of taken[t].keys()) known[t].set(k, now);
      } catch (err) {
        onError?.(err);
        // Keep the unwritten ones for the next round, unless newer ones came in meanwhile.
        for (const t of TABLES) {
          const written = sorted[t].slice(0, done * chunkRows);
          for (const k of written) known[t].set(k, Date.now());
          for (const k of sorted[t].slice(done * chunkRows)) keepLatest(t, k, taken[t].get(k)!);
        }
      }
    });
    return writing;
  }

  let ticks = 0;
  const timer = setInterval(() => {
    void flush();
    if (++ticks % 60 !== 0) return;
    const old = Date.now() - forgetMs;
    for (const t of TABLES) for (const [k, at] of known[t]) if (at < old) known[t].delete(k);
  }, intervalMs);
  timer.unref();

  return {
    knows: (table, key) => known[table].has(key),
    enqueue: keepLatest,
    defer(table, key, item) {
      if (!known[table].has(key)) return false;
      keepLatest(table, key, item);
      return true;
    },
    written(table, keys) {
      const now = Date.now();
      for (const k of keys) known[table].set(k, now);
    },
    flush,
    pending: () => TABLES.reduce((n, t) => n + dirty[t].size, 0),
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}
export type WriteBehind = ReturnType<typeof createWriteBehind>;
