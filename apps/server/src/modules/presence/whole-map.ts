/**
 * A map's whole presence when several instances share the work: each instance tracks the devices
 * it locates and saves their presence when it changes, so the map's presence is every saved one,
 * with this instance's own (fresher) tracks over them. A saved presence whose device has not been
 * heard for the stale time is unknown, as its own instance would say (that instance may be gone).
 */
import type { ZoneOccupancy, ZonePresence } from '@rtls/contract';
import type { PresenceRepository } from './repository.ts';

/** heard_devices.last_seen is written behind, a few seconds late: allowed on top of the stale time. */
const LAST_SEEN_LAG_MS = 5_000;

export async function wholeMapPresence(
  repo: PresenceRepository,
  mapId: string,
  local: readonly (ZonePresence & { ownerId: string })[],
  o: { staleAfterMs: number; now: number },
): Promise<ZonePresence[]> {
  const mine = new Set(local.map((p) => `${p.ownerId}|${p.mac}`));
  const others: ZonePresence[] = [];
  for (const s of await repo.ofMap(mapId)) {
    if (mine.has(`${s.ownerId}|${s.mac}`)) continue;
    const staleAt = (s.lastSeen ?? s.since) + o.staleAfterMs + LAST_SEEN_LAG_MS;
    const stale = s.state !== 'unknown' && o.now >= staleAt;
    others.push({
      mac: s.mac,
      mapId,
      zoneId: s.zoneId,
      state: stale ? 'unknown' : s.state,
      since: new Date(stale ? staleAt : s.since).toISOString(),
    });
  }
  return [...local.map(({ ownerId: _o, ...p }) => p), ...others];
}

/** Occupancy of a map's zones from its presences; every zone listed, empty ones with 0. */
export function occupancyFrom(
  mapId: string,
  zoneIds: readonly string[],
  presence: readonly ZonePresence[],
  at: number,
): ZoneOccupancy {
  const counts = new Map(zoneIds.map((id) => [id, 0]));
  let unknown = 0;
  for (const p of presence) {
    if (p.state === 'unknown') unknown++;
    else if (p.state === 'in' && p.zoneId !== null && counts.has(p.zoneId))
      counts.set(p.zoneId, counts.get(p.zoneId)! + 1);
  }
  return {
    mapId,
    zones: [...counts].map(([zoneId, count]) => ({ zoneId, count })),
    unknown,
    at: new Date(at).toISOString(),
  };
}
