/** The derived-table write-behind: first sightings go with the batch, refreshes later; failures retry. */
import { expect, it } from 'vitest';
import type { OwnedReport } from '../src/modules/ingest/repository.ts';
import { createWriteBehind } from '../src/modules/ingest/write-behind.ts';
import type { Sql } from '../src/lib/db.ts';
import { useAccountDatabase } from './account-database.ts';

const db = useAccountDatabase('wb');
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

it('writes in chunks of chunkRows, and a failed chunk keeps only the unwritten rows', async () => {
  const errors: unknown[] = [];
  let transactions = 0;
  let failAt = -1;
  const counting: Sql = {
    ...db.sql,
    transaction(fn) {
      if (transactions++ === failAt) return Promise.reject(new Error('injected failure'));
      return db.sql.transaction(fn);
    },
  };
  const wb = createWriteBehind(counting, {
    intervalMs: 60_000,
    chunkRows: 2,
    onError: (e) => errors.push(e),
  });
  const gw = (i: number) => `AC:23:3F:00:01:0${i}`;
  const row = (i: number, rssi: number): OwnedReport => ({
    ownerId: 'u1',
    report: { ...item(rssi, Date.now() + i).report, gateway: gw(i) },
  });
  const stored = async () =>
    (
      await db.sql.query<{ gateway_mac: string; rssi: number }>(
        `select gateway_mac, rssi from latest_signals where gateway_mac like 'AC:23:3F:00:01:%' order by gateway_mac`,
      )
    ).map((r) => `${r.gateway_mac}=${r.rssi}`);
  try {
    for (let i = 1; i <= 5; i++)
      wb.enqueue('signals', `u1|C3:00:00:00:00:01|${gw(i)}`, row(i, -70));
    failAt = 1; // the second of three chunks fails
    await wb.flush();
    expect(errors).toHaveLength(1);
    expect(await stored()).toEqual([`${gw(1)}=-70`, `${gw(2)}=-70`]);
    expect(wb.pending()).toBe(3);
    expect(wb.knows('signals', `u1|C3:00:00:00:00:01|${gw(2)}`)).toBe(true);
    expect(wb.knows('signals', `u1|C3:00:00:00:00:01|${gw(3)}`)).toBe(false);
    transactions = 0;
    failAt = -1;
    await wb.flush();
    expect(transactions).toBe(2); // three rows left: chunks of two
    expect(await stored()).toHaveLength(5);
    expect(wb.pending()).toBe(0);
  } finally {
    await wb.close();
  }
});
