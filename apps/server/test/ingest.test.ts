/**
 * HTTP ingest: keys, per-report validation, batch limits, idempotent redelivery, all-or-nothing,
 * and graceful shutdown (accepted reports are stored on close).
 */
import { INGEST_MAX_BATCH, INGEST_MAX_FUTURE_MS, INGEST_MAX_PAST_MS } from '@rtls/contract';
import { expect, it } from 'vitest';
import { PipelineClosedError } from '../src/modules/ingest/pipeline.ts';
import type { Row, Sql } from '../src/lib/db.ts';
import {
  bearer,
  countRows,
  createIngestKey,
  createSignedInUser,
  describeEachDb,
  type SignedIn,
} from './helpers.ts';

const GW = 'AC:23:3F:00:00:01';
const GW2 = 'AC:23:3F:00:00:02';
const DEV = 'C3:00:00:00:00:01';

/** Statements matching `failOn` throw, as a database that breaks halfway through a batch would. */
let failOn: RegExp | null = null;
function faultySql(sql: Sql): Sql {
  return {
    ...sql,
    query<R = Row>(text: string, params?: readonly unknown[]) {
      if (failOn?.test(text)) return Promise.reject(new Error('injected database failure'));
      return sql.query<R>(text, params);
    },
    transaction: (fn) => sql.transaction((tx) => fn(faultySql(tx))),
  };
}

describeEachDb(
  'ingest over HTTP',
  (t) => {
    let owner: SignedIn;
    let key: string;
    /** A distinct timestamp per report so tests never collide on the redelivery key. */
    let clock = Date.now() - 60_000;
    const at = () => ++clock;

    t.setup(async () => {
      owner = await createSignedInUser(t.built, 'gateway-owner');
      key = await createIngestKey(t.built, owner.id);
    });

    const post = (payload: unknown, headers: Record<string, string> = { 'x-ingest-key': key }) =>
      t.app.inject({
        method: 'POST',
        url: '/api/ingest',
        headers: { 'content-type': 'application/json', ...headers },
        payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
      });
    const history = () => countRows(t.sql, 'signal_history', owner.id);

    it('refuses a missing, unknown, malformed or revoked key with 401 and stores nothing', async () => {
      const report = { gateway: GW, device: DEV, rssi: -60, timestamp: at() };
      const revokedKey = await t.built.repos.keys.create(owner.id, 'old');
      await t.built.repos.keys.revoke(owner.id, revokedKey.id);
      const before = await history();
      for (const headers of [
        {} as Record<string, string>,
        { 'x-ingest-key': 'ik_not-a-key' },
        { 'x-ingest-key': key.slice(3) },
        { 'x-ingest-key': revokedKey.key },
        bearer(revokedKey.key),
        bearer(owner.token), // a session token is not an ingest key
      ]) {
        const res = await post([report], headers);
        expect(res.statusCode, JSON.stringify(headers)).toBe(401);
        expect(res.json()).toMatchObject({ success: false, status: 'error' });
      }
      expect(await history()).toBe(before);
    });

    it('refuses a key at once once it is revoked, though it was just used', async () => {
      const used = await t.built.repos.keys.create(owner.id, 'rotated');
      const report = () => [{ gateway: GW, device: DEV, rssi: -60, timestamp: at() }];
      for (let i = 0; i < 2; i++)
        expect((await post(report(), { 'x-ingest-key': used.key })).statusCode).toBe(200);
      await t.built.repos.keys.revoke(owner.id, used.id);
      const before = await history();
      expect((await post(report(), { 'x-ingest-key': used.key })).statusCode).toBe(401);
      expect(await history()).toBe(before);
    });

    it('accepts the key as x-ingest-key or as Authorization: Bearer ik_...', async () => {
      const byHeader = await post([{ gateway: GW, device: DEV, rssi: -60, timestamp: at() }]);
      expect(byHeader.statusCode).toBe(200);
      expect(byHeader.json()).toEqual({ accepted: 1, rejected: 0, reasons: {} });
      const byBearer = await post(
        [{ gateway: GW, device: DEV, rssi: -60, timestamp: at() }],
        bearer(key),
      );
      expect(byBearer.statusCode).toBe(200);
      expect(byBearer.json()).toMatchObject({ accepted: 1 });
    });

    it('keeps the good reports of a mixed batch and counts each reject reason', async () => {
      const now = Date.now();
      const before = await history();
      const good = [
        { gateway: GW, device: DEV, rssi: -70, timestamp: at() },
        { gateway: 'ac-23-3f-00-00-02', device: 'c3:00:00:00:00:02', rssi: '-71.5' },
        { gw: GW, mac: 'C3:00:00:00:00:03', rssi: -127, ts: new Date(at()).toISOString() },
        { gateway: GW, device: 'C3:00:00:00:00:04', rssi: 20, timestamp: Math.floor(at() / 1000) },
      ];
      const bad = [
        { gateway: 'not-a-mac', device: DEV, rssi: -60 },
        { gateway: GW, device: 'C3:00:00:00:00', rssi: -60 },
        { gateway: GW, device: DEV, rssi: 'loud' },
        { gateway: GW, device: DEV, rssi: -128 },
        { gateway: GW, device: DEV, rssi: 21 },
        { gateway: GW, device: DEV },
        { gateway: GW, device: DEV, rssi: -60, timestamp: 'yesterday-ish' },
        { gateway: GW, device: DEV, rssi: -60, timestamp: now - INGEST_MAX_PAST_MS - 60_000 },
        { gateway: GW, device: DEV, rssi: -60, timestamp: now + INGEST_MAX_FUTURE_MS + 60_000 },
        'a string',
        null,
        [1, 2],
      ];
      const res = await post([
        bad[0],
        good[0],
        ...bad.slice(1, 6),
        good[1],
        good[2],
        ...bad.slice(6),
        good[3],
      ]);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        accepted: 4,
        rejected: bad.length,
        reasons: {
          bad_gateway_mac: 1,
          bad_device_mac: 1,
          bad_rssi: 4,
          bad_timestamp: 1,
          timestamp_too_old: 1,
          timestamp_in_future: 1,
          not_an_object: 3,
        },
      });
      expect(await history()).toBe(before + 4);
      // MACs are stored normalised: upper case with colons.
      const rows = await t.sql.query<{ gateway_mac: string; device_mac: string; rssi: number }>(
        `select gateway_mac, device_mac, rssi from signal_history
         where owner_id = $1 and device_mac = 'C3:00:00:00:00:02'`,
        [owner.id],
      );
      expect(rows).toEqual([{ gateway_mac: GW2, device_mac: 'C3:00:00:00:00:02', rssi: -71.5 }]);
    });

    it('accepts a single report object and a {"reports": [...]} wrapper', async () => {
      const single = await post({ gateway: GW, device: DEV, rssi: -50, timestamp: at() });
      expect(single.json()).toMatchObject({ accepted: 1, rejected: 0 });
      const wrapped = await post({
        reports: [
          { gateway: GW, device: DEV, rssi: -50, timestamp: at() },
          { gateway: GW2, device: DEV, rssi: -50, timestamp: at() },
        ],
      });
      expect(wrapped.json()).toMatchObject({ accepted: 2, rejected: 0 });
    });

    it('answers 400 to invalid JSON and to a body that is no report at all', async () => {
      const before = await history();
      for (const body of ['{"gateway": "AC:23', '[{"a":1},', '42', '"text"', 'null']) {
        const res = await post(body);
        expect(res.statusCode, body).toBe(400);
        expect(res.json()).toMatchObject({ success: false, status: 'error' });
      }
      expect(await history()).toBe(before);
    });

    it('counts invalid JSON from a gateway as invalid_json, but not from a caller without a key', async () => {
      const counted = () => t.built.pipeline.stats.rejected.invalid_json ?? 0;
      const before = counted();
      for (const body of ['{"gateway": "AC:23', '[{"a":1},', '']) {
        const res = await post(body);
        expect(res.statusCode, body).toBe(400);
        expect(res.json().message).toBe('The body is not valid JSON');
      }
      expect(counted()).toBe(before + 3);
      const stranger = await post('{not json', { 'x-ingest-key': 'ik_not-a-key' });
      expect(stranger.statusCode).toBe(401);
      expect(counted()).toBe(before + 3);
      const metrics = await t.app.inject({ method: 'GET', url: '/metrics' });
      expect(metrics.body).toMatch(new RegExp(`reason="invalid_json"[^\\n]* ${before + 3}`));
    });

    it(`refuses more than ${INGEST_MAX_BATCH} reports with 413 and stores none of them`, async () => {
      const before = await history();
      const base = Date.now() - 3_600_000;
      const many = Array.from({ length: INGEST_MAX_BATCH + 1 }, (_, i) => ({
        gateway: GW,
        device: DEV,
        rssi: -60,
        timestamp: base + i,
      }));
      const res = await post(many);
      expect(res.statusCode).toBe(413);
      expect(res.json().message).toMatch(String(INGEST_MAX_BATCH));
      expect(await history()).toBe(before);

      const exactly = await post(many.slice(1));
      expect(exactly.statusCode).toBe(200);
      expect(exactly.json()).toMatchObject({ accepted: INGEST_MAX_BATCH, rejected: 0 });
      expect(await history()).toBe(before + INGEST_MAX_BATCH);
    });

    it('stores a redelivered batch once and counts the copies as duplicates', async () => {
      const stats = t.built.pipeline.stats;
      const batch = [
        { gateway: GW, device: DEV, rssi: -60, timestamp: at() },
        { gateway: GW2, device: DEV, rssi: -62, timestamp: at() },
        { gateway: GW, device: 'C3:00:00:00:00:09', rssi: -70, timestamp: at() },
      ];
      const before = { rows: await history(), ...stats };

      expect((await post(batch)).json()).toMatchObject({ accepted: 3 });
      // A retry answers the same (the caller's reports are safe), without storing them again.
      expect((await post(batch)).json()).toMatchObject({ accepted: 3, rejected: 0 });
      // A copy inside one batch is stored once too.
      expect((await post([batch[0], batch[0]])).json()).toMatchObject({ accepted: 2 });

      expect(await history()).toBe(before.rows + 3);
      expect(stats.accepted - before.accepted).toBe(3);
      expect(stats.duplicates - before.duplicates).toBe(5);
    });

    it('stores and counts once when the same batch arrives twice at the same time', async () => {
      const stats = t.built.pipeline.stats;
      const batch = [
        { gateway: GW, device: DEV, rssi: -60, timestamp: at() },
        { gateway: GW2, device: DEV, rssi: -62, timestamp: at() },
      ];
      const before = { rows: await history(), ...stats };
      const [a, b, c] = await Promise.all([post(batch), post(batch), post(batch)]);
      for (const res of [a, b, c]) expect(res.json()).toMatchObject({ accepted: 2 });
      expect(await history()).toBe(before.rows + 2);
      expect(stats.accepted - before.accepted).toBe(2);
      expect(stats.duplicates - before.duplicates).toBe(4);
    });

    it('refreshes latest signals and last-seen times of known devices in the background', async () => {
      const device = 'C3:00:00:00:00:66';
      const latest = async () =>
        (
          await t.sql.query<{ rssi: number; received_at: Date }>(
            'select rssi, received_at from latest_signals where owner_id = $1 and device_mac = $2',
            [owner.id, device],
          )
        )[0];
      const lastSeen = async () =>
        new Date(
          (
            await t.sql.query<{ last_seen: Date }>(
              'select last_seen from heard_devices where owner_id = $1 and mac = $2',
              [owner.id, device],
            )
          )[0]!.last_seen,
        ).getTime();
      const first = at();
      await post([{ gateway: GW, device, rssi: -70, timestamp: first }]);
      // Seen for the first time: written with its batch.
      expect(await latest()).toMatchObject({ rssi: -70 });
      expect(await lastSeen()).toBe(first);
      const second = at();
      const res = await post([{ gateway: GW, device, rssi: -55, timestamp: second }]);
      expect(res.json()).toMatchObject({ accepted: 1 });
      await t.built.pipeline.derived.flush();
      expect(await latest()).toMatchObject({ rssi: -55 });
      expect(await lastSeen()).toBe(second);
    });

    it('writes nothing of a batch when the database fails halfway, and 503 asks for a retry', async () => {
      const counts = async () => ({
        history: await history(),
        latest: await countRows(t.sql, 'latest_signals', owner.id),
        gateways: await countRows(t.sql, 'heard_gateways', owner.id),
        devices: await countRows(t.sql, 'heard_devices', owner.id),
      });
      const batch = [
        { gateway: 'AC:23:3F:00:00:77', device: 'C3:00:00:00:00:77', rssi: -60, timestamp: at() },
      ];
      const before = await counts();
      failOn = /insert into heard_devices/;
      let res;
      try {
        res = await post(batch);
      } finally {
        failOn = null;
      }
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBeDefined();
      expect(res.json().message).not.toMatch(/injected/);
      expect(await counts()).toEqual(before);

      const retry = await post(batch);
      expect(retry.json()).toMatchObject({ accepted: 1 });
      expect(await counts()).toEqual({
        history: before.history + 1,
        latest: before.latest + 1,
        gateways: before.gateways + 1,
        devices: before.devices + 1,
      });
    });

    // Last on purpose: it closes this suite's app (afterAll then only closes the database).
    it('on app.close() stores the reports accepted just before, then refuses new ones', async () => {
      const base = Date.now() - 30_000;
      const batch = (from: number, n: number) =>
        Array.from({ length: n }, (_, i) => ({
          gateway: GW,
          device: 'C3:00:00:00:00:55',
          rssi: -60,
          timestamp: base + from + i,
        }));
      const before = await history();
      // Not awaited: close() must finish them.
      const pending = [
        t.built.pipeline.submit(owner.id, batch(0, 40)),
        t.built.pipeline.submit(owner.id, batch(40, 25)),
        t.built.pipeline.submit(owner.id, batch(65, 1)),
      ];
      await t.app.close();
      // Stored when close() returns, not later (main closes the database right after).
      expect(await history()).toBe(before + 66);
      const results = await Promise.all(pending);
      expect(results.map((r) => r.accepted)).toEqual([40, 25, 1]);

      await expect(t.built.pipeline.submit(owner.id, batch(100, 1))).rejects.toBeInstanceOf(
        PipelineClosedError,
      );
      expect(await history()).toBe(before + 66);
    });
  },
  { wrapSql: faultySql },
);
