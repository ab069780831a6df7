/**
 * Rules and alerts: a rule fires once per occurrence; owners and editors acknowledge (who, when)
 * and resolve; conditions resolve by themselves when they end; device and gateway outages; viewers
 * read but cannot edit; another account sees nothing; alerts and presence reach watching sockets.
 */
import {
  SOCKET_PATH,
  SOCKET_PROTOCOL_VERSION,
  type AlertUpdate,
  type ClientToServerEvents,
  type ServerToClientEvents,
  type ZoneOccupancy,
  type ZoneEvent,
  type ZonePresence,
} from '@rtls/contract';
import { io, type Socket } from 'socket.io-client';
import { expect, it } from 'vitest';
import { buildTestApp, createSignedInUser, describeEachDb } from './helpers.ts';
import { payloadErrors } from './socket-payloads.ts';
import { api, atOnce, ownMap, ownMapWithWard, settle, walker } from './zones-helpers.ts';

const T0 = Date.now() - 3600_000;

describeEachDb(
  'rules and alerts',
  (t) => {
    /** A second server on the suite's database, as another instance or one after a restart. */
    const anotherServer = async () => {
      const other = await buildTestApp(t.sql, { config: { alertingTimers: false } });
      await other.app.ready();
      return other;
    };

    it('fires an enter rule once per entry, and acknowledges and resolves with who and when', async () => {
      const { owner, mapId, a, ward } = await ownMapWithWard(t.built);
      const rule = await a.rule(mapId, atOnce('Entered ward', ward.id, 'info'));
      const tag = walker(t.built, owner.id, mapId, 'BB:00:00:00:00:01', T0);
      await tag.stand(100, 100, 30);
      let alerts = await a.alerts(`mapId=${mapId}`);
      expect(alerts).toHaveLength(1);
      expect(alerts[0]).toMatchObject({
        ruleId: rule.id,
        ruleName: 'Entered ward',
        state: 'open',
        severity: 'info',
        acknowledgedBy: null,
        event: { type: 'enter', zoneId: ward.id, mac: 'BB:00:00:00:00:01' },
      });
      // Out and back in: a second occurrence, a second alert.
      await tag.stand(700, 700, 12);
      await tag.stand(100, 100, 8);
      alerts = await a.alerts(`mapId=${mapId}`);
      expect(alerts).toHaveLength(2);

      const id = alerts[1]!.id;
      const ack = await a.call('POST', `/api/alerts/${id}/acknowledge`);
      expect(ack.statusCode).toBe(200);
      expect(ack.json()).toMatchObject({
        alert: {
          state: 'acknowledged',
          acknowledgedBy: { userId: owner.id, name: expect.any(String) },
        },
      });
      expect((await a.call('POST', `/api/alerts/${id}/acknowledge`)).statusCode).toBe(200);
      const res = await a.call('POST', `/api/alerts/${id}/resolve`);
      expect(res.json()).toMatchObject({
        alert: { state: 'resolved', resolvedBy: { userId: owner.id } },
      });
      expect((await a.call('POST', `/api/alerts/${id}/acknowledge`)).statusCode).toBe(409);
      expect(await a.alerts('state=open')).toHaveLength(1);
      expect((await a.call('POST', '/api/alerts/nope/resolve')).statusCode).toBe(404);
    });

    it('fires a dwell rule once per stay and resolves it by itself when the tag leaves', async () => {
      const { owner, mapId, a, ward } = await ownMapWithWard(t.built);
      await a.rule(mapId, {
        name: 'Too long',
        type: 'dwell',
        zoneId: ward.id,
        thresholdSeconds: 20,
        severity: 'critical',
      });
      const tag = walker(t.built, owner.id, mapId, 'BB:00:00:00:00:02', T0);
      await tag.stand(100, 100, 120);
      expect(await a.alerts(`mapId=${mapId}&state=open`)).toHaveLength(1);
      await tag.stand(700, 700, 15);
      const [alert] = await a.alerts(`mapId=${mapId}`);
      expect(alert).toMatchObject({ state: 'resolved', resolvedBy: null });
    });

    it('does not fire again for the same condition after a restart', async () => {
      const { owner, mapId, a, ward } = await ownMapWithWard(t.built);
      await a.rule(mapId, {
        name: 'Stay',
        type: 'dwell',
        zoneId: ward.id,
        thresholdSeconds: 10,
        severity: 'info',
      });
      const tag = walker(t.built, owner.id, mapId, 'BB:00:00:00:00:03', T0);
      await tag.stand(100, 100, 30);
      // A fresh engine (as after a restart) reads the open conditions and stored presence.
      await t.built.zoneMonitoring.alerting.start();
      await tag.stand(100, 100, 30);
      expect(await a.alerts(`mapId=${mapId}`)).toHaveLength(1);
    });

    it('keeps acknowledged alerts and who is where across a restart, without announcing entries again', async () => {
      const { owner, mapId, a, ward } = await ownMapWithWard(t.built);
      await a.rule(mapId, atOnce('In', ward.id, 'critical'));
      const mac = 'BB:00:00:00:00:07';
      const before = walker(t.built, owner.id, mapId, mac, Date.now() - 120_000);
      await before.stand(100, 100, 8);
      const [alert] = await a.alerts(`mapId=${mapId}`);
      await a.call('POST', `/api/alerts/${alert!.id}/acknowledge`);
      await settle(t.built);

      // A second server on the same database, as after the first one was killed.
      const again = await anotherServer();
      try {
        const b = api(again, owner.token);
        expect(await b.alerts(`mapId=${mapId}`)).toMatchObject([
          { id: alert!.id, state: 'acknowledged', acknowledgedBy: { userId: owner.id } },
        ]);
        const presence = (await b.call('GET', `/api/maps/${mapId}/presence`)).json() as {
          presence: ZonePresence[];
        };
        expect(presence.presence).toMatchObject([{ mac, zoneId: ward.id, state: 'in' }]);
        await walker(again, owner.id, mapId, mac, before.now).stand(100, 100, 10);
        expect(await b.events(mapId, 'type=enter')).toHaveLength(1);
        expect(await b.alerts(`mapId=${mapId}`)).toHaveLength(1);
      } finally {
        await again.app.close();
      }
    });

    it('lets another instance take a device over in its zone without announcing the entry again', async () => {
      const { owner, mapId, a, ward } = await ownMapWithWard(t.built);
      // The other instance is already running when this one records the entry.
      const other = await anotherServer();
      try {
        const mac = 'BB:00:00:00:00:09';
        const here = walker(t.built, owner.id, mapId, mac, Date.now() - 120_000);
        await here.stand(100, 100, 8);
        const there = walker(other, owner.id, mapId, mac, here.now);
        await there.stand(100, 100, 1);
        await other.zoneMonitoring.presence.adopted();
        await there.stand(100, 100, 10);
        const events = await a.events(mapId);
        expect(events.map((e) => e.type)).toEqual(['enter']);
        const presence = (
          await api(other, owner.token).call('GET', `/api/maps/${mapId}/presence`)
        ).json() as {
          presence: ZonePresence[];
        };
        expect(presence.presence).toMatchObject([{ mac, zoneId: ward.id, state: 'in' }]);
      } finally {
        await other.app.close();
      }
    });

    it('opens device and gateway outage alerts and resolves them when heard again', async () => {
      const { owner, mapId, a } = await ownMap(t.built);
      const mac = 'BB:00:00:00:00:04';
      await a.rule(mapId, {
        name: 'Tag lost',
        type: 'device_offline',
        thresholdSeconds: 300,
        severity: 'warning',
      });
      await a.rule(mapId, {
        name: 'Gateway down',
        type: 'gateway_offline',
        thresholdSeconds: 600,
        severity: 'critical',
      });
      const now = Date.now();
      const tag = walker(t.built, owner.id, mapId, mac, now - 400_000);
      await tag.stand(50, 50, 2);
      await t.sql.query(
        `insert into heard_devices (owner_id, mac, first_seen, last_seen) values ($1, $2, $3, $3)`,
        [owner.id, mac, new Date(now - 400_000).toISOString()],
      );
      const gw = await t.sql.query<{ mac: string }>(
        'select mac from gateways where map_id = $1 and position_x is not null',
        [mapId],
      );
      for (const g of gw)
        await t.sql.query(
          `insert into heard_gateways (owner_id, mac, first_seen, last_seen) values ($1, $2, $3, $3)`,
          [owner.id, g.mac, new Date(now - (g === gw[0] ? 700_000 : 1000)).toISOString()],
        );
      await t.built.zoneMonitoring.monitor.check(now);
      await t.built.zoneMonitoring.monitor.check(now + 1000);
      await settle(t.built);
      const open = await a.alerts(`mapId=${mapId}&state=open`);
      expect(open.map((x) => x.event.type).sort()).toEqual(['device_offline', 'gateway_offline']);
      expect(open.find((x) => x.event.type === 'gateway_offline')!.event.gateway).toBe(gw[0]!.mac);
      expect((await a.events(mapId, 'type=device_offline'))[0]).toMatchObject({
        mac,
        detail: { thresholdSeconds: 300 },
      });
      // Heard again: both resolve by themselves.
      await t.sql.query(
        'update heard_devices set last_seen = $3 where owner_id = $1 and mac = $2',
        [owner.id, mac, new Date(now).toISOString()],
      );
      await t.sql.query('update heard_gateways set last_seen = $2 where owner_id = $1', [
        owner.id,
        new Date(now).toISOString(),
      ]);
      await t.built.zoneMonitoring.monitor.check(now + 2000);
      await settle(t.built);
      expect(await a.alerts(`mapId=${mapId}&state=open`)).toHaveLength(0);
    });

    it('lets viewers read zones, rules, events and alerts but not change them; other accounts see nothing', async () => {
      const { owner, mapId, a } = await ownMap(t.built);
      const viewer = await createSignedInUser(t.built, 'viewer');
      const editor = await createSignedInUser(t.built, 'editor');
      const stranger = await createSignedInUser(t.built, 'stranger');
      for (const [u, role] of [
        [viewer, 'viewer'],
        [editor, 'editor'],
      ] as const)
        expect(
          (await a.call('POST', `/api/maps/${mapId}/collaborators`, { userId: u.email, role }))
            .statusCode,
        ).toBe(201);
      const ward = await a.zone(mapId, 'Ward');
      const rule = await a.rule(mapId, atOnce('In', ward.id, 'info'));
      await walker(t.built, owner.id, mapId, 'BB:00:00:00:00:05', T0).stand(100, 100, 8);
      const [alert] = await a.alerts(`mapId=${mapId}`);

      const v = api(t.built, viewer.token);
      expect((await v.call('GET', `/api/maps/${mapId}/zones`)).json()).toMatchObject({
        zones: [{ id: ward.id }],
      });
      expect((await v.call('GET', `/api/maps/${mapId}/rules`)).json()).toMatchObject({
        rules: [{ id: rule.id }],
      });
      expect(await v.events(mapId)).toHaveLength(1);
      expect(await v.alerts()).toHaveLength(1);
      const refused = [
        v.call('POST', `/api/maps/${mapId}/zones`, { name: 'x', polygon: ward.polygon }),
        v.call('PUT', `/api/maps/${mapId}/zones/${ward.id}`, { name: 'x' }),
        v.call('DELETE', `/api/maps/${mapId}/zones/${ward.id}`),
        v.call('POST', `/api/maps/${mapId}/rules`, { name: 'x', type: 'enter', severity: 'info' }),
        v.call('PUT', `/api/maps/${mapId}/rules/${rule.id}`, { enabled: false }),
        v.call('DELETE', `/api/maps/${mapId}/rules/${rule.id}`),
        v.call('POST', `/api/alerts/${alert!.id}/acknowledge`),
      ];
      for (const res of await Promise.all(refused)) expect(res.statusCode).toBe(403);

      const e = api(t.built, editor.token);
      expect(
        (
          await e.call('PUT', `/api/maps/${mapId}/rules/${rule.id}`, { severity: 'critical' })
        ).json(),
      ).toMatchObject({
        rule: { severity: 'critical', type: 'enter' },
      });
      expect((await e.call('POST', `/api/alerts/${alert!.id}/acknowledge`)).json()).toMatchObject({
        alert: { state: 'acknowledged', acknowledgedBy: { userId: editor.id } },
      });

      const s = api(t.built, stranger.token);
      for (const url of ['zones', 'rules', 'events', 'presence'])
        expect((await s.call('GET', `/api/maps/${mapId}/${url}`)).statusCode).toBe(404);
      expect(await s.alerts()).toEqual([]);
      expect((await s.call('GET', `/api/alerts?mapId=${mapId}`)).statusCode).toBe(404);
      expect((await s.call('POST', `/api/alerts/${alert!.id}/resolve`)).statusCode).toBe(404);
    });

    it('lets any signed-in user read a public map’s zones, rules, presence and alerts, and change nothing', async () => {
      const { owner, mapId, a } = await ownMap(t.built);
      const ward = await a.zone(mapId, 'Lobby');
      await a.rule(mapId, atOnce('In', ward.id, 'info'));
      await walker(t.built, owner.id, mapId, 'BB:00:00:00:00:08', T0).stand(100, 100, 8);
      const made = await a.call('PUT', `/api/maps/${mapId}`, { name: 'Public', isPublic: true });
      expect(made.statusCode).toBe(200);
      const r = api(t.built, (await createSignedInUser(t.built, 'reader')).token);
      for (const url of ['zones', 'rules', 'events', 'presence'])
        expect((await r.call('GET', `/api/maps/${mapId}/${url}`)).statusCode).toBe(200);
      const alerts = await r.alerts(`mapId=${mapId}`);
      expect(alerts).toHaveLength(1);
      // Not in the reader's own list: only maps they own or share.
      expect(await r.alerts()).toEqual([]);
      expect(
        (await r.call('POST', `/api/maps/${mapId}/zones`, { name: 'x', polygon: ward.polygon }))
          .statusCode,
      ).toBe(403);
      expect((await r.call('POST', `/api/alerts/${alerts[0]!.id}/acknowledge`)).statusCode).toBe(
        403,
      );
    });

    it('validates rules: durations, zones of the map', async () => {
      const { mapId, a } = await ownMap(t.built);
      const other = await ownMap(t.built);
      const foreign = await other.a.zone(other.mapId, 'Elsewhere');
      const bad = [
        { name: 'x', type: 'dwell', severity: 'info' },
        { name: 'x', type: 'enter', thresholdSeconds: 5, severity: 'info' },
        { name: 'x', type: 'absent', thresholdSeconds: 5, severity: 'info' },
        { name: 'x', type: 'enter', zoneId: foreign.id, severity: 'info' },
        { name: 'x', type: 'enter', severity: 'fatal' },
        { name: 'x', type: 'dwell', thresholdSeconds: 0, severity: 'info' },
      ];
      for (const body of bad)
        expect(
          (await a.call('POST', `/api/maps/${mapId}/rules`, body)).statusCode,
          JSON.stringify(body),
        ).toBe(400);
    });

    it('sends presence, occupancy, events and alerts to sockets watching the map', async () => {
      const { owner, mapId, a, ward } = await ownMapWithWard(t.built);
      await a.rule(mapId, atOnce('In', ward.id, 'warning'));
      const s: Socket<ServerToClientEvents, ClientToServerEvents> = io(t.baseUrl, {
        path: SOCKET_PATH,
        transports: ['websocket'],
        auth: { token: owner.token, protocol: SOCKET_PROTOCOL_VERSION },
        reconnection: false,
        forceNew: true,
      });
      try {
        await new Promise<void>((resolve, reject) => {
          s.once('connect', () => resolve());
          s.once('connect_error', reject);
        });
        const got = {
          presence: [] as ZonePresence[],
          occupancy: [] as ZoneOccupancy[],
          alerts: [] as AlertUpdate[],
          events: [] as ZoneEvent[],
        };
        s.on('zone_event', (e) => got.events.push(e));
        s.on('zone_presence', (p) => got.presence.push(p));
        s.on('zone_occupancy', (o) => got.occupancy.push(o));
        s.on('alert', (u) => got.alerts.push(u));
        await s.emitWithAck('watch_maps', { mapIds: [mapId] });
        await walker(t.built, owner.id, mapId, 'BB:00:00:00:00:06', T0).stand(100, 100, 8);
        await expect.poll(() => got.alerts.length).toBe(1);
        expect(got.alerts[0]).toMatchObject({ action: 'opened', alert: { severity: 'warning' } });
        await expect.poll(() => got.events.map((e) => e.type)).toEqual(['enter']);
        expect(got.events[0]).toMatchObject({ mapId, zoneId: ward.id, mac: 'BB:00:00:00:00:06' });
        await expect.poll(() => got.presence.at(-1)?.state).toBe('in');
        await expect
          .poll(() => got.occupancy.at(-1)?.zones)
          .toEqual([{ zoneId: ward.id, count: 1 }]);
        expect([
          ...payloadErrors('zone_presence', got.presence),
          ...payloadErrors('zone_occupancy', got.occupancy),
          ...payloadErrors('alert', got.alerts),
          ...payloadErrors('zone_event', got.events),
        ]).toEqual([]);
      } finally {
        s.disconnect();
      }
    });
  },
  { listen: true, config: { alertingTimers: false } },
);
