/**
 * Zone monitoring: the zones, presence and alerts modules wired together. Presence takes the
 * positions service's located devices, the alerting engine (events, rules, alerts) listens to
 * presence, the outage monitor and event retention run on timers, and the live channel hears of
 * presence, occupancy, events, alerts and zone edits per map.
 */
import type { ServerToClientEvents } from '@rtls/contract';
import type { Sql } from './lib/db.ts';
import type { MapsRepository } from './modules/maps/repository.ts';
import {
  createPresenceService,
  presentPresence,
  type LocatedFix,
} from './modules/presence/service.ts';
import { presenceRepository } from './modules/presence/repository.ts';
import type { PresenceTiming } from './modules/presence/tracker.ts';
import { zonesRepository } from './modules/zones/repository.ts';
import { zonesService } from './modules/zones/service.ts';
import { alertsRepository } from './modules/alerts/alerts-repository.ts';
import { createAlerting, type AlertingSink } from './modules/alerts/engine.ts';
import { createFloorEvents } from './modules/alerts/floor-events.ts';
import { eventsRepository } from './modules/alerts/events-repository.ts';
import { createOfflineMonitor, offlineRepository } from './modules/alerts/monitor.ts';
import { rulesRepository } from './modules/alerts/rules-repository.ts';
import { rulesService } from './modules/alerts/rules-service.ts';
import { alertsService } from './modules/alerts/service.ts';

/** Emit to the sockets watching one map (on every instance, through the adapter). */
export type MapEmitter = <E extends keyof ServerToClientEvents>(
  mapId: string,
  event: E,
  ...args: Parameters<ServerToClientEvents[E]>
) => void;

export interface ZoneMonitoringOptions {
  sql: Sql;
  maps: MapsRepository;
  locatedOf: (ownerId: string, mac: string) => readonly LocatedFix[];
  emit: MapEmitter;
  retentionDays: number;
  /** Run presence, outage checks and retention on timers (off: tests step them). */
  timers: boolean;
  timing?: Partial<PresenceTiming>;
  /** Several instances share the devices (see PresenceOptions.shared). */
  shared?: boolean;
  now?: () => number;
  onError: (err: unknown) => void;
}

const MONITOR_MS = 5_000;
/** How often rules and zones are read again, for changes made through another instance. */
const REFRESH_MS = 15_000;
const RETENTION_MS = 3600_000;

export function createZoneMonitoring(o: ZoneMonitoringOptions) {
  const zones = zonesRepository(o.sql);
  const presenceRepo = presenceRepository(o.sql);
  const events = eventsRepository(o.sql);
  const rules = rulesRepository(o.sql);
  const alerts = alertsRepository(o.sql);
  const now = o.now ?? Date.now;
  const presence = createPresenceService({
    repo: presenceRepo,
    zones,
    locatedOf: o.locatedOf,
    timers: o.timers,
    shared: o.shared ?? false,
    now,
    onError: o.onError,
    ...(o.timing ? { timing: o.timing } : {}),
  });
  const owners = new Map<string, string | null>();
  const mapOwner = async (mapId: string) => {
    const known = presence.maps();
    for (const m of known) if (m.mapId === mapId) return m.info.ownerId;
    if (!owners.has(mapId)) owners.set(mapId, (await presenceRepo.mapInfo(mapId))?.ownerId ?? null);
    return owners.get(mapId) ?? null;
  };
  const alerting = createAlerting({
    events,
    rules,
    alerts,
    mapOwner,
    atomically: (fn) =>
      o.sql.transaction((tx) =>
        fn({ events: eventsRepository(tx), alerts: alertsRepository(tx), tx }),
      ),
    onError: o.onError,
  });
  presence.listen(alerting.listener);
  presence.listen({
    changed: (track) => o.emit(track.mapId, 'zone_presence', presentPresence(track)),
    occupancy: (occ) => o.emit(occ.mapId, 'zone_occupancy', occ),
  });
  alerting.addSink({
    event: (e) => o.emit(e.mapId, 'zone_event', e),
    alert: (u) => o.emit(u.alert.mapId, 'alert', u),
  });
  const floorChanged = createFloorEvents({
    alerting,
    mapName: async (mapId) => (await presenceRepo.mapInfo(mapId))?.name ?? null,
    onError: o.onError,
  });
  const monitor = createOfflineMonitor({
    repo: offlineRepository(o.sql),
    alerting,
    presenceMaps: () => presence.maps(),
    now,
  });
  const zonesSvc = zonesService(zones, o.maps, async (mapId) => {
    // Deleting a zone deletes its rules too.
    await alerting.rulesChanged(mapId);
    await presence.zonesChanged(mapId);
    o.emit(mapId, 'zones_changed', { mapId });
  });
  const rulesSvc = rulesService(rules, zones, o.maps, (mapId) => alerting.rulesChanged(mapId));
  const alertsSvc = alertsService({
    alerts,
    events,
    maps: o.maps,
    change: (mapId, write) => alerting.userChange(mapId, write),
    changeMany: (mapId, write) => alerting.userChanges(mapId, write),
  });
  const prune = () => events.prune(new Date(now() - o.retentionDays * 86_400_000)).catch(o.onError);
  const timers: NodeJS.Timeout[] = [];
  if (o.timers) {
    timers.push(setInterval(() => void monitor.check().catch(o.onError), MONITOR_MS));
    timers.push(setInterval(() => void prune(), RETENTION_MS));
    timers.push(
      setInterval(() => {
        alerting.reloadRules().catch(o.onError);
        for (const m of [...presence.maps()]) presence.zonesChanged(m.mapId).catch(o.onError);
      }, REFRESH_MS),
    );
    for (const t of timers) t.unref();
  }

  return {
    presence,
    alerting,
    monitor,
    /** The positions service moved a device to another floor of a building: record it. */
    floorChanged,
    services: { zones: zonesSvc, rules: rulesSvc, alerts: alertsSvc },
    repos: { zones, events, rules, alerts },
    /** Add a destination for events and alert changes (webhooks, MQTT output). */
    addSink(s: AlertingSink) {
      alerting.addSink(s);
    },
    async start() {
      await alerting.start();
      await presence.start();
      void prune();
    },
    prune,
    async close() {
      for (const t of timers) clearInterval(t);
      await presence.close();
      await alerting.settled();
    },
  };
}
export type ZoneMonitoring = ReturnType<typeof createZoneMonitoring>;
