/**
 * Zones, presence and events with simulated walks: a tag entering, staying, leaving and going
 * missing produces enter, exit, dwell and absent events once each, never flapping on an edge;
 * unknown when positions stop; presence and the event log over REST.
 */
import type { ZonePresence } from '@rtls/contract';
import { expect, it } from 'vitest';
import {
  DEMO_GATEWAYS,
  DEMO_RSSI_AT_1M,
  DEMO_PIXELS_PER_METRE,
  demoDevice,
} from '../src/simulator/building.ts';
import { createIngestKey, describeEachDb, seedAccount } from './helpers.ts';
import { api, ownMap, ownMapWithWard, room, settle, walker } from './zones-helpers.ts';

const T0 = Date.now() - 3600_000;

describeEachDb(
  'zones and presence',
  (t) => {
    it('validates zones: crossing edges, too few vertices, bad colour and long names are 400', async () => {
      const {
        mapId,
        a: { call },
      } = await ownMap(t.built);
      const bad = [
        { name: 'x', polygon: [room(0, 0)[0], room(0, 0)[2], room(0, 0)[1], room(0, 0)[3]] },
        { name: 'x', polygon: room(0, 0).slice(0, 2) },
        { name: 'x', polygon: room(0, 0), color: 'red' },
        { name: 'x'.repeat(101), polygon: room(0, 0) },
        { name: ' ', polygon: room(0, 0) },
        { name: 'x', polygon: [...room(0, 0), { x: 'a', y: 1 }] },
      ];
      for (const body of bad) {
        const res = await call('POST', `/api/maps/${mapId}/zones`, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
      }
      const ok = await call('POST', `/api/maps/${mapId}/zones`, {
        name: 'Ward 1',
        color: '#aabbcc',
        polygon: room(0, 0),
      });
      expect(ok.statusCode).toBe(201);
      expect(ok.json()).toMatchObject({ zone: { name: 'Ward 1', color: '#AABBCC', mapId } });
      const id = (ok.json() as { zone: { id: string } }).zone.id;
      const edited = await call('PUT', `/api/maps/${mapId}/zones/${id}`, { name: 'Ward 2' });
      expect(edited.json()).toMatchObject({ zone: { name: 'Ward 2', polygon: room(0, 0) } });
      expect((await call('DELETE', `/api/maps/${mapId}/zones/${id}`)).statusCode).toBe(200);
      expect((await call('DELETE', `/api/maps/${mapId}/zones/${id}`)).statusCode).toBe(404);
    });

    it('records enter after the tag settles in a zone and exit after it has left, with REST presence', async () => {
      const { owner, mapId, a, ward } = await ownMapWithWard(t.built);
      const tag = walker(t.built, owner.id, mapId, 'AA:00:00:00:00:01', T0);
      await tag.stand(100, 100, 8);
      const mid = (await a.call('GET', `/api/maps/${mapId}/presence`)).json() as {
        presence: ZonePresence[];
        occupancy: { zones: { zoneId: string; count: number }[] };
      };
      expect(mid.presence).toEqual([
        expect.objectContaining({ mac: 'AA:00:00:00:00:01', zoneId: ward.id, state: 'in' }),
      ]);
      expect(mid.occupancy.zones).toEqual([{ zoneId: ward.id, count: 1 }]);
      await tag.stand(600, 600, 12);
      const events = await a.events(mapId);
      expect(events.map((e) => e.type)).toEqual(['exit', 'enter']);
      expect(events[1]).toMatchObject({ zoneId: ward.id, mac: 'AA:00:00:00:00:01' });
      expect(events[0]!.detail).toMatchObject({ reason: 'left', zoneName: 'Ward' });
      expect(await a.events(mapId, 'type=enter')).toHaveLength(1);
      expect(await a.events(mapId, `since=${new Date(T0 + 9000).toISOString()}`)).toHaveLength(1);
      expect((await a.call('GET', `/api/maps/${mapId}/events?since=yesterday`)).statusCode).toBe(
        400,
      );
    });

    it('does not flap for a tag standing on a zone edge', async () => {
      const { owner, mapId, a } = await ownMap(t.built);
      await a.zone(mapId, 'Left', room(0, 0));
      await a.zone(mapId, 'Right', room(200, 0));
      const tag = walker(t.built, owner.id, mapId, 'AA:00:00:00:00:02', T0);
      // Jitter of ±8 px (0.4 m) across the shared wall, for five minutes.
      for (let i = 0; i < 300; i++) await tag.stand(i % 2 ? 192 : 208, 100, 1);
      const events = await a.events(mapId);
      expect(events.map((e) => e.type)).toEqual(['enter']);
    });

    it('says unknown, not a confident room, when positions stop; exits after long unknown', async () => {
      const { owner, mapId, a, ward } = await ownMapWithWard(t.built);
      const tag = walker(t.built, owner.id, mapId, 'AA:00:00:00:00:03', T0);
      await tag.stand(100, 100, 10);
      // Too uncertain to count, then silent.
      await tag.stand(100, 100, 10, 0.2);
      await tag.silent(10);
      const body = (await a.call('GET', `/api/maps/${mapId}/presence`)).json() as {
        presence: ZonePresence[];
        occupancy: { unknown: number };
      };
      expect(body.presence[0]).toMatchObject({ state: 'unknown', zoneId: ward.id });
      expect(body.occupancy.unknown).toBe(1);
      expect((await a.events(mapId)).map((e) => e.type)).toEqual(['enter']);
      await tag.silent(120);
      const [exit] = await a.events(mapId);
      expect(exit).toMatchObject({ type: 'exit', detail: { reason: 'unknown' } });
    });

    it('records dwell and absence once per occurrence, at their durations', async () => {
      const { owner, mapId, a, ward } = await ownMapWithWard(t.built);
      const mac = 'AA:00:00:00:00:04';
      await a.rule(mapId, {
        name: 'Long stay',
        type: 'dwell',
        zoneId: ward.id,
        thresholdSeconds: 30,
        severity: 'warning',
      });
      await a.rule(mapId, {
        name: 'Patient away',
        type: 'absent',
        zoneId: ward.id,
        mac,
        thresholdSeconds: 60,
        severity: 'critical',
      });
      const tag = walker(t.built, owner.id, mapId, mac, T0);
      await tag.stand(100, 100, 90);
      await tag.stand(700, 700, 90);
      const types = (await a.events(mapId)).map((e) => e.type).reverse();
      expect(types).toEqual(['enter', 'dwell', 'exit', 'absent']);
      const [dwell] = await a.events(mapId, 'type=dwell');
      expect(dwell).toMatchObject({ zoneId: ward.id, mac, detail: { thresholdSeconds: 30 } });
      expect(Date.parse(dwell!.at) - (T0 + 5000)).toBe(30_000);
    });

    it('takes the positions the server locates from gateway reports', async () => {
      const owner = await seedAccount(t.built, { devices: 1, gateways: 8 });
      const rows = await t.sql.query<{ id: string }>('select id from maps where owner_id = $1', [
        owner.id,
      ]);
      const mapId = rows[0]!.id;
      const a = api(t.built, owner.token);
      const ppm = DEMO_PIXELS_PER_METRE;
      // A zone around the spot the tag stands on (metres 30, 20), 10 m each way.
      const ward = await a.zone(mapId, 'Atrium', room(20 * ppm, 10 * ppm, 20 * ppm));
      const key = await createIngestKey(t.built, owner.id);
      const mac = demoDevice(0).mac;
      const report = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/ingest',
          headers: { 'x-ingest-key': key },
          payload: DEMO_GATEWAYS.map((g) => {
            const d = Math.max(1, Math.hypot(g.x - 30, g.y - 20));
            const rssi = Math.round(DEMO_RSSI_AT_1M - 20 * Math.log10(d));
            return { gateway: g.mac, device: mac, rssi, timestamp: Date.now() };
          }),
        });
      await expect
        .poll(
          async () => {
            expect((await report()).statusCode).toBe(200);
            await t.built.positions.service.settle();
            const body = (await a.call('GET', `/api/maps/${mapId}/presence`)).json() as {
              presence: ZonePresence[];
            };
            return body.presence.find((p) => p.mac === mac)?.state;
          },
          { timeout: 10_000, interval: 300 },
        )
        .toMatch(/^(none|in)$/);
      expect(ward.mapId).toBe(mapId);
    });

    it('records an empty zone once per absence, and resolves it when someone comes back', async () => {
      const { owner, mapId, a } = await ownMap(t.built);
      const post = await a.zone(mapId, 'Guard post');
      await a.rule(mapId, {
        name: 'Post unmanned',
        type: 'absent',
        zoneId: post.id,
        thresholdSeconds: 60,
        severity: 'critical',
      });
      const guard = walker(t.built, owner.id, mapId, 'AA:00:00:00:00:06', Date.now() + 1000);
      await guard.stand(100, 100, 8);
      await guard.stand(700, 700, 12);
      const [exit] = await a.events(mapId, 'type=exit');
      const left = Date.parse(exit!.at);
      const monitor = t.built.zoneMonitoring.monitor;
      await monitor.check(left + 30_000);
      await settle(t.built);
      expect(await a.events(mapId, 'type=absent')).toEqual([]);
      await monitor.check(left + 61_000);
      await monitor.check(left + 90_000);
      await settle(t.built);
      const absent = await a.events(mapId, 'type=absent');
      expect(absent).toMatchObject([
        { zoneId: post.id, mac: null, detail: { thresholdSeconds: 60 } },
      ]);
      expect(Date.parse(absent[0]!.at)).toBe(left + 60_000);
      expect(await a.alerts(`mapId=${mapId}&state=open`)).toHaveLength(1);
      await guard.stand(100, 100, 8);
      expect(await a.alerts(`mapId=${mapId}&state=open`)).toHaveLength(0);
    });

    it('forgets a deleted zone’s rules at once', async () => {
      const { owner, mapId, a, ward } = await ownMapWithWard(t.built);
      const mac = 'AA:00:00:00:00:07';
      await a.rule(mapId, {
        name: 'Away',
        type: 'absent',
        zoneId: ward.id,
        mac,
        thresholdSeconds: 5,
        severity: 'info',
      });
      expect((await a.call('DELETE', `/api/maps/${mapId}/zones/${ward.id}`)).statusCode).toBe(200);
      expect((await a.call('GET', `/api/maps/${mapId}/rules`)).json()).toEqual({
        success: true,
        rules: [],
      });
      await walker(t.built, owner.id, mapId, mac, T0).stand(700, 700, 20);
      expect(await a.events(mapId)).toEqual([]);
    });

    it('drops events older than the retention', async () => {
      const { owner, mapId, a } = await ownMap(t.built);
      await a.zone(mapId, 'Ward');
      const old = walker(
        t.built,
        owner.id,
        mapId,
        'AA:00:00:00:00:05',
        Date.now() - 40 * 86_400_000,
      );
      await old.stand(100, 100, 8);
      expect(await a.events(mapId)).toHaveLength(1);
      await t.built.zoneMonitoring.prune();
      expect(await a.events(mapId)).toHaveLength(0);
    });
  },
  { config: { alertingTimers: false } },
);
