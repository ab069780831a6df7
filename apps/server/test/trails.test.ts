/**
 * Trails and server-side positions: monitored devices' reports become positions in device_update
 * and trail points (at most one per second), old points are pruned, and the trail API answers only
 * for the caller's devices on maps they may see, with 400 for bad query parameters.
 */
import { TRAIL_POINT_MIN_GAP_MS, type DeviceUpdate } from '@rtls/contract';
import { expect, it } from 'vitest';
import { DEMO_GATEWAYS, DEMO_PIXELS_PER_METRE, demoDevice } from '../src/simulator/building.ts';
import { firstMapOf, postReports, reportsAt, seedReporter, SPOT } from './demo-reports.ts';
import {
  bearer,
  countRows,
  createSignedInUser,
  describeEachDb,
  seedAccount,
  type SignedIn,
} from './helpers.ts';
import { connectClient } from './live-client.ts';

const DEV = demoDevice(0).mac;
const UNMONITORED = 'C3:00:00:00:AA:01';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describeEachDb(
  'trails and server positions',
  (t) => {
    let owner: SignedIn;
    let key: string;
    let mapId: string;

    t.setup(async () => {
      ({ owner, key, mapId } = await seedReporter(t, { devices: 2, gateways: 8 }));
    });

    const ingest = (reports: unknown[]) => postReports(t.app, key, reports);
    const trail = (mac: string, query: string, token = owner.token) =>
      t.app.inject({
        method: 'GET',
        url: `/api/devices/${encodeURIComponent(mac)}/trail?${query}`,
        headers: bearer(token),
      });

    it('puts the position of a monitored device into device_update and records it as a trail point', async () => {
      const s = await connectClient(t.baseUrl, owner.token);
      try {
        const updates: DeviceUpdate[] = [];
        s.on('device_update', (...us) => updates.push(...us));
        expect(await s.emitWithAck('watch_maps', { mapIds: [mapId] })).toEqual({
          watching: [mapId],
          refused: [],
        });
        // Three rounds within one second, then one more after it: two trail points at most.
        for (let i = 0; i < 3; i++)
          expect((await ingest(reportsAt(DEV, Date.now()))).statusCode).toBe(200);
        await sleep(1_100);
        const lastRound = Date.now();
        expect((await ingest(reportsAt(DEV, lastRound))).statusCode).toBe(200);
        // Updates of rounds close together may be merged: wait for the last round's, positioned.
        const lastRoundOut = () =>
          updates.some((u) => u.mac === DEV && u.position && Date.parse(u.lastSeen) >= lastRound);
        await expect.poll(lastRoundOut).toBe(true);
        const located = updates.filter((u) => u.mac === DEV && u.position);
        expect(located.length).toBeGreaterThan(0);
        const last = located[located.length - 1]!;
        expect(last.mapId).toBe(mapId);
        expect(last.triangulationInfo).toMatchObject({ signalsUsed: expect.any(Number) });
        // Map pixels, within a few metres of where the tag stands.
        const ppm = DEMO_PIXELS_PER_METRE;
        expect(
          Math.hypot(last.position!.x / ppm - SPOT.x, last.position!.y / ppm - SPOT.y),
        ).toBeLessThan(8);
      } finally {
        s.disconnect();
      }

      await t.built.positions.recorder.flush();
      const res = await trail(DEV, `mapId=${mapId}`);
      expect(res.statusCode).toBe(200);
      const body = res.json() as {
        success: true;
        data: { mac: string; mapId: string; points: { x: number; y: number; timestamp: string }[] };
      };
      expect(body.data).toMatchObject({ mac: DEV, mapId });
      const points = body.data.points;
      expect(points.length).toBeGreaterThanOrEqual(1);
      expect(points.length).toBeLessThanOrEqual(2);
      for (let i = 1; i < points.length; i++)
        expect(
          Date.parse(points[i]!.timestamp) - Date.parse(points[i - 1]!.timestamp),
        ).toBeGreaterThanOrEqual(TRAIL_POINT_MIN_GAP_MS);
      expect(Number.isFinite(points[0]!.x) && Number.isFinite(points[0]!.y)).toBe(true);
    });

    it('records nothing for a device that is not monitored', async () => {
      const res = await ingest(reportsAt(UNMONITORED, Date.now()));
      expect(res.json()).toMatchObject({ accepted: DEMO_GATEWAYS.length });
      await t.built.positions.recorder.flush();
      const rows = await t.sql.query<{ n: number }>(
        'select count(*)::int as n from trail_points where device_mac = $1',
        [UNMONITORED],
      );
      expect(Number(rows[0]!.n)).toBe(0);
    });

    it('prunes points older than the retention and reads only the asked minutes, oldest first', async () => {
      const mac = demoDevice(1).mac;
      const now = Date.now();
      const at = (minutesAgo: number) => now - minutesAgo * 60_000;
      await t.built.positions.repo.insert(
        [90, 30, 5, 1].map((m, i) => ({ ownerId: owner.id, mac, mapId, x: i, y: i, at: at(m) })),
      );
      const all = await trail(mac, `mapId=${mapId}&minutes=1440`);
      expect(all.json().data.points.map((p: { x: number }) => p.x)).toEqual([0, 1, 2, 3]);
      const recent = await trail(mac, `mapId=${mapId}&minutes=10`);
      expect(recent.json().data.points.map((p: { x: number }) => p.x)).toEqual([2, 3]);
      const byDefault = await trail(mac, `mapId=${mapId}`);
      expect(byDefault.json().data.points).toHaveLength(2);

      const before = await countRows(t.sql, 'trail_points', owner.id);
      await t.built.positions.recorder.prune(now); // retention: the default 60 minutes
      expect(await countRows(t.sql, 'trail_points', owner.id)).toBe(before - 1);
      const after = await trail(mac, `mapId=${mapId}&minutes=1440`);
      expect(after.json().data.points.map((p: { x: number }) => p.x)).toEqual([1, 2, 3]);
    });

    it('answers 404 for someone else’s device or an invisible map, and 401 without a token', async () => {
      const stranger = await createSignedInUser(t.built, 'stranger');
      const theirs = await trail(DEV, `mapId=${mapId}`, stranger.token);
      expect(theirs.statusCode).toBe(404);
      expect(theirs.json()).toEqual({
        success: false,
        status: 'error',
        message: 'Device not found',
      });

      const otherOwner = await seedAccount(t.built, { devices: 1, gateways: 2 });
      const privateMap = await trail(DEV, `mapId=${await firstMapOf(t.sql, otherOwner.id)}`);
      expect(privateMap.statusCode).toBe(404);
      expect(privateMap.json().message).toBe('Map not found');
      expect((await trail(DEV, 'mapId=no-such-map')).statusCode).toBe(404);
      expect((await trail('C3:FF:FF:FF:FF:FF', `mapId=${mapId}`)).statusCode).toBe(404);

      const anonymous = await t.app.inject({
        method: 'GET',
        url: `/api/devices/${DEV}/trail?mapId=${mapId}`,
      });
      expect(anonymous.statusCode).toBe(401);
    });

    it('lets a reader of a shared map follow the owner’s device trail there, and nobody else', async () => {
      const mac = demoDevice(1).mac;
      await t.built.positions.repo.insert([
        { ownerId: owner.id, mac, mapId, x: 7, y: 8, at: Date.now() - 150_000 },
      ]);
      const viewer = await createSignedInUser(t.built, 'viewer');
      const outsider = await createSignedInUser(t.built, 'outsider');
      const shared = await t.app.inject({
        method: 'POST',
        url: `/api/maps/${mapId}/collaborators`,
        headers: bearer(owner.token),
        payload: { userId: viewer.email, role: 'viewer' },
      });
      expect(shared.statusCode).toBe(201);
      const seen = await trail(mac, `mapId=${mapId}`, viewer.token);
      expect(seen.statusCode).toBe(200);
      expect(seen.json().data.points).toContainEqual({ x: 7, y: 8, timestamp: expect.any(String) });
      const refused = await trail(mac, `mapId=${mapId}`, outsider.token);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().message).toBe('Device not found');
    });

    it('answers 400 to bad query parameters', async () => {
      for (const query of [
        '',
        'minutes=10',
        `mapId=${mapId}&minutes=0`,
        `mapId=${mapId}&minutes=1441`,
        `mapId=${mapId}&minutes=abc`,
        `mapId=${mapId}&minutes=2.5`,
      ]) {
        const res = await trail(DEV, query);
        expect(res.statusCode, query).toBe(400);
        expect(res.json()).toMatchObject({
          success: false,
          status: 'error',
          message: expect.stringMatching(/Invalid request/),
        });
      }
    });
  },
  { listen: true },
);
