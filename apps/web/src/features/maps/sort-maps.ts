/** Search and sort of the All Maps page (by MAP_SORT_OPTIONS). */
import type { TrackingMap } from '@rtls/contract';
import type { MapSortOption } from '../../constants.ts';

const time = (s: string | null | undefined) => (s ? Date.parse(s) || 0 : 0);

/** Newest access, name A–Z, newest created, most accessed; ties by name. */
export function sortMaps(maps: TrackingMap[], by: MapSortOption): TrackingMap[] {
  const byName = (a: TrackingMap, b: TrackingMap) => a.name.localeCompare(b.name);
  const cmp: Record<MapSortOption, (a: TrackingMap, b: TrackingMap) => number> = {
    lastAccessed: (a, b) => time(b.lastAccessedAt) - time(a.lastAccessedAt) || byName(a, b),
    name: byName,
    created: (a, b) => time(b.createdAt) - time(a.createdAt) || byName(a, b),
    accessCount: (a, b) => b.accessCount - a.accessCount || byName(a, b),
  };
  return [...maps].sort(cmp[by]);
}

/** Case-insensitive match on name, description, building and floor. */
export function searchMaps(maps: TrackingMap[], query: string): TrackingMap[] {
  const q = query.trim().toLocaleLowerCase();
  if (!q) return maps;
  return maps.filter((m) =>
    [m.name, m.description, m.metadata.buildingName, m.metadata.floor].some((s) =>
      s?.toLocaleLowerCase().includes(q),
    ),
  );
}
