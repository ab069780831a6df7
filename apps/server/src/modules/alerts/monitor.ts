/**
 * Device and gateway outages, and empty zones: every few seconds, for maps with such rules, when
 * each device tracked there and each gateway placed there was last heard, and who is in each
 * watched zone (from the stored presence, which every instance writes). An outage is one
 * occurrence from the last time heard; it ends (and its alerts resolve) when the device or gateway
 * is heard again. A zone is empty since its last exit (or its creation); that absence ends when
 * anyone is in it again. Every instance comes to the same occurrences, so each is recorded once.
 */
import type { EventType, Rule } from '@rtls/contract';
import type { Sql } from '../../lib/db.ts';
import type { PresenceMap } from '../presence/service.ts';
import type { Alerting } from './engine.ts';

interface Heard {
  mapId: string;
  id: string;
  name: string | null;
  /** Last heard (ms), or null for never. */
  lastSeen: number | null;
  /** When it joined the map, for one never heard. */
  since: number;
}

export function offlineRepository(sql: Sql) {
  return {
    async gateways(mapIds: string[]): Promise<Heard[]> {
      const rows = await sql.query<{
        map_id: string;
        mac: string;
        name: string;
        last_seen: Date | string | null;
        created_at: Date | string;
      }>(
        `select g.map_id, g.mac, g.name, h.last_seen, g.created_at from gateways g
           left join heard_gateways h on h.owner_id = g.owner_id and h.mac = g.mac
          where g.map_id = any($1::text[]) and g.position_x is not null`,
        [mapIds],
      );
      return rows.map((r) => ({
        mapId: r.map_id,
        id: r.mac,
        name: r.name,
        lastSeen: r.last_seen === null ? null : new Date(r.last_seen).getTime(),
        since: new Date(r.created_at).getTime(),
      }));
    },
    /** Watched zones: who is in each now, its last exit and when it was created. */
    async zones(zoneIds: string[]) {
      const rows = await sql.query<{
        id: string;
        map_id: string;
        name: string;
        created_at: Date | string;
        occupants: number | string;
        last_exit: Date | string | null;
      }>(
        `select z.id, z.map_id, z.name, z.created_at,
                (select count(*) from zone_presence p
                  where p.map_id = z.map_id and p.zone_id = z.id and p.state <> 'none') as occupants,
                (select max(e.at) from zone_events e
                  where e.map_id = z.map_id and e.zone_id = z.id and e.type = 'exit') as last_exit
           from zones z where z.id = any($1::text[])`,
        [zoneIds],
      );
      return rows.map((r) => ({
        id: r.id,
        mapId: r.map_id,
        name: r.name,
        occupants: Number(r.occupants),
        emptySince: Math.max(
          new Date(r.created_at).getTime(),
          r.last_exit === null ? 0 : new Date(r.last_exit).getTime(),
        ),
      }));
    },
    /** Last heard of these (owner, device) pairs. */
    async devices(pairs: { ownerId: string; mac: string }[]): Promise<Map<string, number>> {
      if (pairs.length === 0) return new Map();
      const rows = await sql.query<{ owner_id: string; mac: string; last_seen: Date | string }>(
        `select h.owner_id, h.mac, h.last_seen from heard_devices h
           join unnest($1::text[], $2::text[]) as u(o, m) on h.owner_id = u.o and h.mac = u.m`,
        [pairs.map((p) => p.ownerId), pairs.map((p) => p.mac)],
      );
      return new Map(rows.map((r) => [`${r.owner_id}|${r.mac}`, new Date(r.last_seen).getTime()]));
    },
  };
}
export type OfflineRepository = ReturnType<typeof offlineRepository>;

export function createOfflineMonitor(deps: {
  repo: OfflineRepository;
  alerting: Alerting;
  presenceMaps: () => Iterable<PresenceMap>;
  now?: () => number;
}) {
  const { repo, alerting, presenceMaps } = deps;
  const now = deps.now ?? Date.now;

  /** One thing (device or gateway) against the rules that watch it. */
  function judge(type: EventType, h: Heard, rules: Rule[], t: number, detailName: object) {
    if (rules.length === 0) return;
    const from = h.lastSeen ?? h.since;
    const age = t - from;
    const shortest = Math.min(...rules.map((r) => r.thresholdSeconds! * 1000));
    const prefix = `${type}|${h.id}|`;
    if (age < shortest) {
      alerting.ended(h.mapId, [prefix]);
      return;
    }
    for (const rule of rules) {
      const th = rule.thresholdSeconds! * 1000;
      if (age < th) continue;
      alerting.happen(
        {
          mapId: h.mapId,
          type,
          at: from + th,
          ...(type === 'gateway_offline' ? { gateway: h.id } : { mac: h.id }),
          key: `${prefix}${from}|${rule.thresholdSeconds}`,
          detail: { thresholdSeconds: rule.thresholdSeconds!, ...detailName },
        },
        [rule],
      );
    }
  }

  async function emptyZones(t: number) {
    const rules = alerting.rulesOfType('absent').filter((r) => r.mac === null && r.zoneId);
    if (rules.length === 0) return;
    for (const z of await repo.zones([...new Set(rules.map((r) => r.zoneId!))])) {
      const prefix = `absent|*|${z.id}|`;
      if (z.occupants > 0) {
        alerting.ended(z.mapId, [prefix]);
        continue;
      }
      for (const rule of rules) {
        const th = rule.thresholdSeconds! * 1000;
        if (rule.zoneId !== z.id || t - z.emptySince < th) continue;
        alerting.happen(
          {
            mapId: z.mapId,
            type: 'absent',
            at: z.emptySince + th,
            zoneId: z.id,
            key: `${prefix}${z.emptySince}|${rule.thresholdSeconds}`,
            detail: { thresholdSeconds: rule.thresholdSeconds!, zoneName: z.name },
          },
          [rule],
        );
      }
    }
  }

  async function check(t = now()) {
    await emptyZones(t);
    const gwRules = alerting.rulesOfType('gateway_offline');
    if (gwRules.length > 0) {
      for (const g of await repo.gateways([...new Set(gwRules.map((r) => r.mapId))])) {
        const rules = gwRules.filter((r) => r.mapId === g.mapId && (r.gateway ?? g.id) === g.id);
        judge('gateway_offline', g, rules, t, g.name ? { gatewayName: g.name } : {});
      }
    }
    const devRules = alerting.rulesOfType('device_offline');
    if (devRules.length === 0) return;
    const watched = new Set(devRules.map((r) => r.mapId));
    const tracks = [...presenceMaps()]
      .filter((m) => watched.has(m.mapId))
      .flatMap((m) => [...m.tracks.values()]);
    const heard = await repo.devices(tracks);
    for (const tr of tracks) {
      const lastSeen = heard.get(`${tr.ownerId}|${tr.mac}`) ?? null;
      const rules = devRules.filter((r) => r.mapId === tr.mapId && (r.mac ?? tr.mac) === tr.mac);
      judge(
        'device_offline',
        { mapId: tr.mapId, id: tr.mac, name: null, lastSeen, since: tr.createdAt },
        rules,
        t,
        {},
      );
    }
  }

  return { check };
}
