/** Shared steps of the zone, presence and alert tests: a map with zones, simulated walks. */
import type { Alert, Rule, RuleCreateBody, Severity, Zone, ZoneEvent } from '@rtls/contract';
import { expect } from 'vitest';
import type { BuiltApp } from '../src/app.ts';
import { bearer, caller, seedAccount, type SignedIn } from './helpers.ts';

/** A 200 × 200 px square room at (x, y). */
export const room = (x: number, y: number, size = 200) => [
  { x, y },
  { x: x + size, y },
  { x: x + size, y: y + size },
  { x, y: y + size },
];

/** A seeded account, its first map and the API as its owner (`a`). */
export async function ownMap(
  built: BuiltApp,
): Promise<{ owner: SignedIn; mapId: string; a: ZonesApi }> {
  const owner = await seedAccount(built, { devices: 1, gateways: 4 });
  const res = await built.app.inject({
    method: 'GET',
    url: '/api/maps',
    headers: bearer(owner.token),
  });
  const mapId = (res.json() as { maps: { _id: string }[] }).maps[0]!._id;
  return { owner, mapId, a: api(built, owner.token) };
}

/** ownMap with a zone named Ward: the 200 px room at the map's origin. */
export async function ownMapWithWard(built: BuiltApp) {
  const own = await ownMap(built);
  return { ...own, ward: await own.a.zone(own.mapId, 'Ward') };
}

/** An enter rule that fires at the entry itself, every time (no dwell, no cool-down). */
export const atOnce = (name: string, zoneId: string, severity: Severity): RuleCreateBody => ({
  name,
  type: 'enter',
  zoneId,
  severity,
  dwellSeconds: 0,
  cooldownSeconds: 0,
});

export type ZonesApi = ReturnType<typeof api>;

export function api(built: BuiltApp, token: string) {
  const call = caller(built.app, token);
  return {
    call,
    async zone(mapId: string, name: string, polygon = room(0, 0)): Promise<Zone> {
      const res = await call('POST', `/api/maps/${mapId}/zones`, { name, polygon });
      expect(res.statusCode, res.body).toBe(201);
      return (res.json() as { zone: Zone }).zone;
    },
    async rule(mapId: string, body: RuleCreateBody): Promise<Rule> {
      const res = await call('POST', `/api/maps/${mapId}/rules`, body);
      expect(res.statusCode, res.body).toBe(201);
      return (res.json() as { rule: Rule }).rule;
    },
    async events(mapId: string, query = ''): Promise<ZoneEvent[]> {
      const res = await call('GET', `/api/maps/${mapId}/events?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { events: ZoneEvent[] }).events;
    },
    async alerts(query = ''): Promise<Alert[]> {
      const res = await call('GET', `/api/alerts?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { alerts: Alert[] }).alerts;
    },
  };
}

/**
 * A device walking on a map, one located position per second from `start`, as the positions
 * service would hand them to presence; the clock ticks with it.
 */
export function walker(
  built: BuiltApp,
  ownerId: string,
  mapId: string,
  mac: string,
  start: number,
) {
  const presence = built.zoneMonitoring.presence;
  let now = start;
  return {
    get now() {
      return now;
    },
    /** Stand at (x, y) for `seconds` with this confidence. */
    async stand(x: number, y: number, seconds: number, confidence = 0.9) {
      await presence.map(mapId);
      for (let i = 0; i < seconds; i++) {
        presence.tick(now);
        presence.observe(
          ownerId,
          mac,
          { mapId, position: { x, y }, triangulationInfo: { confidence } },
          now,
        );
        now += 1000;
      }
      await settle(built);
    },
    /** No positions for `seconds` (silent, or too uncertain to be located). */
    async silent(seconds: number) {
      for (let i = 0; i < seconds; i++) {
        presence.tick(now);
        now += 1000;
      }
      await settle(built);
    },
  };
}

/** Wait until queued events, alerts and presence writes are stored. */
export async function settle(built: BuiltApp) {
  await built.zoneMonitoring.alerting.settled();
  await built.zoneMonitoring.presence.flush();
  await built.zoneMonitoring.alerting.settled();
}
