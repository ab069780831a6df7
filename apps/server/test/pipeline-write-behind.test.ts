/** The derived-table write-behind: first sightings go with the batch, refreshes later; failures retry. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { OwnedReport } from '../src/modules/ingest/repository.ts';
import { createWriteBehind } from '../src/modules/ingest/write-behind.ts';
import type { Sql } from '../src/plugins/db.ts';
import { openTestDatabase, type TestDatabase } from './helpers.ts';

let db: TestDatabase;
let failNext = false;
const flaky = (sql: Sql): Sql => ({
  ...sql,
  transaction(fn) {
    if (failNext) {
      failNext = false;
      return Promise.reject(new Error('injected failure'));
    }
    return sql.transaction(fn);
  },
});

beforeAll(async () => {
  db = await openTestDatabase('pglite');
  await db.sql.query(
    `insert into users (id, email, slug, password_hash) values ('u1', 'wb@example.com', 'wb', 'x')`,
  );
});
afterAll(() => db.close());

const item = (rssi: number, at: number): OwnedReport => ({
  ownerId: 'u1',
  report: {
    gateway: 'AC:23:3F:00:00:01',
    device: 'C3:00:00:00:00:01',
    rssi,
    receivedAt: at,
    ip: null,
    name: null,
  },
});
const latest = async () =>
  (
    await db.sql.query<{ rssi: number }>('select rssi from latest_signals where owner_id = $1', [
      'u1',
    ])
  )[0]?.rssi;

it('takes only rows already written, keeps the newest per key, and retries after a failure', async () => {
  const errors: unknown[] = [];
  const wb = createWriteBehind(flaky(db.sql), {
    intervalMs: 60_000,
    onError: (e) => errors.push(e),
  });
  try {
    const key = 'u1|C3:00:00:00:00:01|AC:23:3F:00:00:01';
    const t = Date.now();
    expect(wb.knows('signals', key)).toBe(false);
    expect(wb.defer('signals', key, item(-70, t))).toBe(false); // first sighting: the batch writes it
    await db.sql.query(
      `insert into latest_signals (owner_id, device_mac, gateway_mac, rssi, received_at) values ('u1', 'C3:00:00:00:00:01', 'AC:23:3F:00:00:01', -70, $1)`,
      [new Date(t).toISOString()],
    );
    wb.written('signals', [key]);
    expect(wb.knows('signals', key)).toBe(true);

    expect(wb.defer('signals', key, item(-60, t + 2))).toBe(true);
    expect(wb.defer('signals', key, item(-65, t + 1))).toBe(true); // older: does not replace
    expect(wb.pending()).toBe(1);

    failNext = true;
    await wb.flush();
    expect(errors).toHaveLength(1);
    expect(await latest()).toBe(-70);
    expect(wb.pending()).toBe(1);

    await wb.flush();
    expect(await latest()).toBe(-60);
    expect(wb.pending()).toBe(0);

    expect(wb.defer('signals', key, item(-50, t + 3))).toBe(true);
    await wb.close(); // close writes what is pending
    expect(await latest()).toBe(-50);
  } finally {
    await wb.close();
  }
});
