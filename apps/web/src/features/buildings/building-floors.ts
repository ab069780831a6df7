/**
 * What the console reads from a building: which building the map on screen is a floor of, which
 * maps it watches for it, the floor each device is located on, and a floor's name. The server
 * locates a device on one floor of a building at a time; these read its answer, they decide none.
 */
import { SOCKET_MAX_WATCHED_MAPS, type Building, type BuildingFloor } from '@rtls/contract';
import type { TrackingMap } from '@rtls/contract';
import type { Translate } from '../../i18n/i18n.ts';
import type { MapPositions } from '../devices/map-positions.ts';

/** The building this map is a floor of, or null. */
export function buildingOf(buildings: readonly Building[], mapId: string | null): Building | null {
  if (!mapId) return null;
  return buildings.find((b) => b.floors.some((f) => f.mapId === mapId)) ?? null;
}

/**
 * The maps whose live positions the console follows for the map on screen: that map, and when it
 * is a floor of a building, the building's other floors too (nearest level first, as many as one
 * live connection may watch), so it knows on which floor each device of the building is.
 */
export function mapsToWatch(buildings: readonly Building[], mapId: string | null): string[] {
  if (!mapId) return [];
  const building = buildingOf(buildings, mapId);
  const here = building?.floors.find((f) => f.mapId === mapId);
  if (!building || !here) return [mapId];
  const others = building.floors
    .filter((f) => f.mapId !== mapId)
    .sort((a, b) => Math.abs(a.level - here.level) - Math.abs(b.level - here.level));
  return [mapId, ...others.map((f) => f.mapId)].slice(0, SOCKET_MAX_WATCHED_MAPS);
}

/**
 * The floor of the building a device is located on: of the floors it is placed on, the one whose
 * position arrived last (while it changes floor, its old floor may keep it for a moment). Null
 * when it is on none of them.
 */
export function deviceFloor(
  positions: MapPositions,
  building: Building,
  mac: string,
): BuildingFloor | null {
  let found: BuildingFloor | null = null;
  let latest = -Infinity;
  for (const floor of building.floors) {
    const placement = positions[floor.mapId]?.[mac];
    if (placement && placement.receivedAt > latest) {
      found = floor;
      latest = placement.receivedAt;
    }
  }
  return found;
}

/** A floor's name: its map's name, or "Level 2" for a map not loaded. */
export function floorName(
  floor: BuildingFloor,
  maps: Record<string, TrackingMap>,
  t: Translate,
): string {
  return maps[floor.mapId]?.name ?? t('buildings.level', { level: floor.level });
}

/** A word that ends a shared part of a name: a dash, colon, bar or slash, or a word ending in , or :. */
const SEPARATOR = /^[-–—:|/·•]+$|[,:]$/;

/**
 * The names without the words they all begin with, up to the last separator among those
 * ("Demo Building — Floor 1" and "Demo Building — Floor 2" become "Floor 1" and "Floor 2"), so
 * narrow buttons show where the names differ. Names that share no such part are kept whole.
 */
export function distinctNames(names: readonly string[]): string[] {
  const words = names.map((n) => n.trim().split(/\s+/));
  const first = words[0] ?? [];
  let cut = 0;
  for (
    let i = 0;
    words.length > 1 && words.every((w) => w.length > i + 1 && w[i] === first[i]);
    i++
  )
    if (SEPARATOR.test(first[i]!)) cut = i + 1;
  return cut === 0 ? [...names] : words.map((w) => w.slice(cut).join(' '));
}
