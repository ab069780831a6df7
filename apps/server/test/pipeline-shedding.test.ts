/**
 * A database that cannot keep up: past the pipeline's ceiling of reports waiting to be stored, an
 * HTTP-style caller is refused (to retry) and an MQTT-style caller waits; nothing taken is lost.
 */
import { expect, it } from 'vitest';
import type { Sql } from '../src/lib/db.ts';
import {
  createPipeline,
  PipelineBusyError,
  type LiveIntake,
} from '../src/modules/ingest/pipeline.ts';
import { useAccountDatabase } from './account-database.ts';

const db = useAccountDatabase('shed');

const report = (i: number) => ({
  gateway: 'AC:23:3F:00:00:01',
  device: `C3:00:00:00:01:${String(i).padStart(2, '0')}`,
  rssi: -60,
  timestamp: Date.now(),
});
const reports = (from: number, n: number) => Array.from({ length: n }, (_, i) => report(from + i));
const stored = async () =>
  (await db.sql.query<{ n: number }>('select count(*)::int as n from signal_history'))[0]!.n;

/** The test database behind a gate: while it is shut, every statement waits. */
function gated(sql: Sql) {
  let open = () => undefined as void;
  let gate = new Promise<void>((r) => (open = r));
  const wrapped: Sql = {
    ...sql,
    kind: sql.kind,
    query: async (text, params) => {
      await gate;
      return sql.query(text, params);
    },
    transaction: async (fn) => {
      await gate;
      return sql.transaction(fn);
    },
  };
  return {
    sql: wrapped,
    open() {
      open();
      gate = Promise.resolve();
    },
  };
}

const liveAlwaysReady: LiveIntake = { full: () => null, take: () => undefined };

/** Let every pending promise callback run (no timer: the gate alone decides what settles). */
const settle = () => new Promise((r) => setImmediate(r));

it('refuses a caller past the ceiling, holds back a waiting one, and loses nothing taken', async () => {
  const database = gated(db.sql);
  const pipeline = createPipeline({
    sql: database.sql,
    live: liveAlwaysReady,
    maxDelayMs: 1,
    maxPending: 4,
  });
  try {
    const first = pipeline.submit('u1', reports(1, 3), 'refuse');
    await settle();
    expect(pipeline.stats.pending).toBe(3);

    // Two more do not fit under 4: refused at once, counted as shed, never taken.
    await expect(pipeline.submit('u1', reports(10, 2), 'refuse')).rejects.toBeInstanceOf(
      PipelineBusyError,
    );
    expect(pipeline.stats.shed).toBe(2);
    expect(pipeline.stats.pending).toBe(3);

    // A waiting caller is held back until the backlog has been stored.
    let waited = false;
    const second = pipeline.submit('u1', reports(20, 2), 'wait').then((r) => {
      waited = true;
      return r;
    });
    await settle();
    expect(waited).toBe(false);
    expect(pipeline.stats.pending).toBe(3);

    database.open();
    expect((await first).accepted).toBe(3);
    expect((await second).accepted).toBe(2);
    expect(waited).toBe(true);
    expect(pipeline.stats.pending).toBe(0);
    expect(await stored()).toBe(5);

    // The refused reports, sent again once there is room, are stored.
    expect((await pipeline.submit('u1', reports(10, 2), 'refuse')).accepted).toBe(2);
    expect(await stored()).toBe(7);
  } finally {
    database.open();
    await pipeline.close();
  }
});

it('takes a batch larger than the ceiling when nothing else waits', async () => {
  const pipeline = createPipeline({ sql: db.sql, live: liveAlwaysReady, maxPending: 2 });
  try {
    expect((await pipeline.submit('u1', reports(40, 5), 'refuse')).accepted).toBe(5);
    expect(pipeline.stats.shed).toBe(0);
  } finally {
    await pipeline.close();
  }
});
