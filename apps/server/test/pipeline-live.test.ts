/**
 * The live path does not wait for the database: reports go live as ingest takes them, while their
 * store is still running; a copy of a report already taken (a retry after a failed store, a
 * redelivery) is skipped there, and so is one older than its link's newest.
 */
import { expect, it } from 'vitest';
import type { Sql } from '../src/lib/db.ts';
import { createPipeline } from '../src/modules/ingest/pipeline.ts';
import { createLiveModule, type LivePositions } from '../src/modules/live/module.ts';
import { liveRepository } from '../src/modules/live/repository.ts';
import type { PublishedDevice } from '../src/modules/realtime/fan-out.ts';
import { useAccountDatabase } from './account-database.ts';

const db = useAccountDatabase('live');

const GW = 'AC:23:3F:00:00:01';
const report = (device: string, timestamp: number, rssi = -60) => ({
  gateway: GW,
  device,
  rssi,
  timestamp,
});

/** Positions that locate nothing; `observe` as given. */
const positionsObserving = (observe: LivePositions['observe']): LivePositions => ({
  observe,
  locatedOf: () => [],
  leftMaps: () => [],
  adoptRemote: () => undefined,
  onLocated: () => undefined,
});

/** Ingest and the live path in one process, as the app wires them. */
function ingestAndLive(
  sql: Sql,
  publish: (ownerId: string, devices: PublishedDevice[]) => void,
  positions = positionsObserving(async () => undefined),
) {
  const live = createLiveModule({
    repo: liveRepository(sql),
    positions,
    realtime: { publish, onRemoteUpdates: () => undefined },
    streamUrl: null,
  });
  const pipeline = createPipeline({ sql, live: live.intake, maxDelayMs: 1 });
  return {
    pipeline,
    async close() {
      await pipeline.close();
      await live.close();
    },
  };
}

/** The test database, whose statements wait for `gate` while it is set (a slow database). */
function gatedSql(base: Sql) {
  let gate: Promise<void> | null = null;
  const wrap = (s: Sql): Sql => ({
    ...s,
    kind: s.kind,
    query: async (text, params) => {
      if (gate) await gate;
      return s.query(text, params);
    },
    transaction: (fn) => s.transaction((tx) => fn(wrap(tx))),
  });
  return {
    sql: wrap(base),
    hold() {
      let open = () => undefined as void;
      gate = new Promise<void>((r) => (open = r));
      return () => {
        gate = null;
        open();
      };
    },
  };
}

it('publishes a report live while its store is still waiting for the database', async () => {
  const gated = gatedSql(db.sql);
  const published: PublishedDevice[] = [];
  const { pipeline, close } = ingestAndLive(gated.sql, (_owner, devices) =>
    published.push(...devices),
  );
  // The first report of an owner reads its device names once; after that the database is off the
  // live path.
  await pipeline.submit('u1', [report('C3:00:00:00:01:00', Date.now() - 1_000)]);
  published.length = 0;
  const release = gated.hold();
  try {
    const at = Date.now();
    let answered = false;
    const answer = pipeline.submit('u1', [report('C3:00:00:00:01:01', at)]).then((r) => {
      answered = true;
      return r;
    });
    await new Promise((r) => setTimeout(r, 100));
    // Live already, stored not yet: the caller still waits for its answer.
    expect(published.map((d) => d.update.mac)).toEqual(['C3:00:00:00:01:01']);
    expect(published[0]!.update.lastSeen).toBe(new Date(at).toISOString());
    expect(answered).toBe(false);
    release();
    expect((await answer).accepted).toBe(1);
  } finally {
    release();
    await close();
  }
});

it('skips, on the live path, copies of reports already taken and reports older than their link’s newest', async () => {
  const observed: number[] = [];
  const { pipeline, close } = ingestAndLive(
    db.sql,
    () => undefined,
    positionsObserving(async (_owner, reports) => {
      for (const r of reports) observed.push(r.receivedAt);
    }),
  );
  try {
    const t0 = Date.now() - 5_000;
    const device = 'C3:00:00:00:01:02';
    const first = [report(device, t0), report(device, t0 + 1_000)];
    expect((await pipeline.submit('u1', first)).accepted).toBe(2);
    // A retry of the same reports: stored once, and not counted twice by the locator.
    expect((await pipeline.submit('u1', first)).duplicates).toBe(2);
    // An older report of the same link is stored, but adds nothing live.
    expect((await pipeline.submit('u1', [report(device, t0 + 500)])).accepted).toBe(1);
    expect((await pipeline.submit('u1', [report(device, t0 + 2_000)])).accepted).toBe(1);
    await close();
    expect(observed).toEqual([t0, t0 + 1_000, t0 + 2_000]);
  } finally {
    await close().catch(() => undefined);
  }
});
