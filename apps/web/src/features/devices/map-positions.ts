/**
 * Positions per map, as the server locates them (the console computes none): a device is drawn on
 * map M only while the server says it is located on M. Live updates and GET /maps/{id}/devices
 * answers are merged here by pure functions, so the store stays a thin shell around them.
 */
import type { Device, DeviceUpdate, Point, TriangulationInfo } from '@rtls/contract';
import { validPoint } from '../../map/crs.ts';
import { copyRecord, noteEdit } from '../../state/records.ts';

/** A device's position on one map. */
export interface Placement {
  position: Point;
  triangulationInfo: TriangulationInfo | null;
  /** When this console received it (ms): a REST answer never overrides a newer live update. */
  receivedAt: number;
}

/** Map id → MAC → placement, for the maps this console watches. */
export type MapPositions = Record<string, Record<string, Placement>>;

/** A device as the console keeps it: the position lives in MapPositions, never here. */
export interface LiveDevice extends Device {
  /** When the last live update was merged (ms). */
  updatedLocallyAt?: number;
}

/** What the merges read and write of the device store. */
export interface LiveSlice {
  /** The account's monitored devices, keyed by MAC. */
  entities: Record<string, LiveDevice>;
  /** Devices of other accounts located on a watched map (a shared or public map): read-only. */
  visitors: Record<string, LiveDevice>;
  positions: MapPositions;
  /** The maps whose positions the console follows (the map on screen). */
  watched: string[];
  /**
   * The maps the server last confirmed its live connection watches (none while it is down). An
   * update without a map means "on none of the maps this connection watches", so it removes a
   * device from these only: one sent before the server took a watch in must not empty its map.
   */
  confirmed: string[];
}

/** A device's shown name: the custom display name, else the name, else the MAC. */
export const entityName = (d: Pick<Device, 'mac' | 'name' | 'customSettings'>) =>
  d.customSettings.displayName?.trim() || d.name?.trim() || d.mac;

/** A device without the position it came with: positions are kept per map. */
export const unplaced = (d: Device): LiveDevice => ({
  ...d,
  name: entityName(d),
  position: null,
  triangulationInfo: null,
  mapId: null,
});

function mergeLive(prev: LiveDevice, u: DeviceUpdate, now: number): LiveDevice {
  return {
    ...prev,
    name: prev.customSettings.displayName || u.name || prev.name,
    signal: u.signal,
    lastSeen: u.lastSeen,
    rssi: u.rssi,
    strongestGateway: u.strongestGateway,
    updatedLocallyAt: now,
  };
}

/** A device first met in an update for a watched map (another account's device). */
const visitorFrom = (u: DeviceUpdate, now: number): LiveDevice => ({
  mac: u.mac,
  name: u.name || u.mac,
  customSettings: {},
  positioningMode: 'auto',
  isMonitored: true,
  isAvailableInAPI: true,
  signal: u.signal,
  lastSeen: u.lastSeen,
  rssi: u.rssi,
  strongestGateway: u.strongestGateway,
  updatedLocallyAt: now,
});

/**
 * Copy-on-write access to the per-map records, so one batch copies each touched map once. A copy
 * that only had positions set notes their keys (noteEdit); one that lost a device does not, as a
 * device that leaves and comes back changes the record's key order, which readers then read whole.
 */
function positionsWriter(base: MapPositions) {
  let next: MapPositions | null = null;
  /** The keys set in each copied map; null once one was deleted. */
  const touched = new Map<string, string[] | null>();
  const map = (id: string) => {
    next ??= { ...base };
    if (!touched.has(id)) {
      next[id] = copyRecord(base[id] ?? {});
      touched.set(id, []);
    }
    return next[id]!;
  };
  return {
    set(mapId: string, mac: string, p: Placement) {
      map(mapId)[mac] = p;
      touched.get(mapId)?.push(mac);
    },
    remove(mapId: string, mac: string) {
      if (!(next ?? base)[mapId]?.[mac]) return;
      delete map(mapId)[mac];
      touched.set(mapId, null);
    },
    result() {
      for (const [id, keys] of touched) if (keys && base[id]) noteEdit(next![id]!, base[id], keys);
      return next;
    },
  };
}

/**
 * Merge a batch of live updates: live fields into known devices; the position onto the map the
 * update names (only a watched one). An update without a map says the device is located on none of
 * the maps the server confirmed watching, so it leaves those. Unknown devices are created only when located on a
 * watched map (another account's device there). Returns null when nothing changed. Each record it
 * copies notes the keys it changed (noteEdit), so readers can look at those alone.
 */
export function mergeUpdates(
  s: LiveSlice,
  updates: readonly DeviceUpdate[],
  now: number,
): Partial<LiveSlice> | null {
  const watched = new Set(s.watched);
  const confirmed = s.watched.filter((id) => s.confirmed.includes(id));
  let entities: Record<string, LiveDevice> | null = null;
  let visitors: Record<string, LiveDevice> | null = null;
  const entityKeys: string[] = [];
  const visitorKeys: string[] = [];
  const positions = positionsWriter(s.positions);
  for (const u of updates) {
    const mapId = u.mapId ?? null;
    const point = validPoint(u.position);
    const own = (entities ?? s.entities)[u.mac];
    if (own) {
      entities ??= copyRecord(s.entities);
      entities[u.mac] = mergeLive(own, u, now);
      entityKeys.push(u.mac);
    } else {
      const visitor = (visitors ?? s.visitors)[u.mac];
      if (!visitor && !(mapId && point && watched.has(mapId))) continue;
      visitors ??= copyRecord(s.visitors);
      visitors[u.mac] = visitor ? mergeLive(visitor, u, now) : visitorFrom(u, now);
      visitorKeys.push(u.mac);
    }
    if (mapId === null) {
      for (const id of confirmed) positions.remove(id, u.mac);
    } else if (watched.has(mapId)) {
      if (point)
        positions.set(mapId, u.mac, {
          position: point,
          triangulationInfo: u.triangulationInfo ?? null,
          receivedAt: now,
        });
      else positions.remove(mapId, u.mac);
    }
  }
  const placed = positions.result();
  if (!entities && !visitors && !placed) return null;
  if (entities) noteEdit(entities, s.entities, entityKeys);
  if (visitors) noteEdit(visitors, s.visitors, visitorKeys);
  return {
    ...(entities ? { entities } : {}),
    ...(visitors ? { visitors } : {}),
    ...(placed ? { positions: placed } : {}),
  };
}

const seenAt = (d: Pick<Device, 'lastSeen'>) => (d.lastSeen ? Date.parse(d.lastSeen) : NaN);

/**
 * Merge the server's answer for one map (GET /maps/{id}/devices, asked at `askedAt`): it replaces
 * the map's positions, except those a live update brought while the request was under way, which
 * are newer. Live fields of known devices take the answer's only when it was seen later.
 */
export function mergeSnapshot(
  s: LiveSlice,
  mapId: string,
  devices: readonly Device[],
  askedAt: number,
  now: number,
): Partial<LiveSlice> | null {
  if (!s.watched.includes(mapId)) return null;
  const onMap: Record<string, Placement> = {};
  for (const [mac, p] of Object.entries(s.positions[mapId] ?? {}))
    if (p.receivedAt >= askedAt) onMap[mac] = p;
  let entities: Record<string, LiveDevice> | null = null;
  const visitors = { ...s.visitors };
  for (const d of devices) {
    const point = validPoint(d.position);
    if (point && !onMap[d.mac] && (d.mapId ?? mapId) === mapId)
      onMap[d.mac] = {
        position: point,
        triangulationInfo: d.triangulationInfo ?? null,
        receivedAt: now,
      };
    const own = (entities ?? s.entities)[d.mac];
    if (!own) {
      const prev = visitors[d.mac];
      if (!prev || !(seenAt(prev) >= seenAt(d))) visitors[d.mac] = unplaced(d);
      continue;
    }
    if (seenAt(own) >= seenAt(d) || Number.isNaN(seenAt(d))) continue;
    entities ??= { ...s.entities };
    entities[d.mac] = {
      ...own,
      signal: d.signal,
      lastSeen: d.lastSeen,
      rssi: d.rssi,
      strongestGateway: d.strongestGateway,
    };
  }
  return {
    positions: { ...s.positions, [mapId]: onMap },
    visitors,
    ...(entities ? { entities } : {}),
  };
}

/**
 * Follow these maps from now on: positions of maps no longer watched are dropped, and with them the
 * other accounts' devices that were only there.
 */
export function watchMaps(s: LiveSlice, mapIds: readonly string[]): Partial<LiveSlice> | null {
  const ids = [...new Set(mapIds)];
  if (ids.length === s.watched.length && ids.every((id) => s.watched.includes(id))) return null;
  const positions: MapPositions = {};
  for (const id of ids) positions[id] = s.positions[id] ?? {};
  const visitors: Record<string, LiveDevice> = {};
  for (const [mac, d] of Object.entries(s.visitors))
    if (ids.some((id) => positions[id]![mac])) visitors[mac] = d;
  return { watched: ids, positions, visitors };
}
