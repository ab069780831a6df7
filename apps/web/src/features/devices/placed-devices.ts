/**
 * The devices drawn on one map: those the server located on it, the account's own device entity
 * (display name, colour) when it has one, another account's otherwise. The map layers and the
 * "Show only current map" list both read this, so the list is exactly what is drawn.
 */
import type { Point, TriangulationInfo } from '@rtls/contract';
import type { LiveDevice, LiveSlice, Placement } from './map-positions.ts';
import { changedKeysSince } from '../../state/records.ts';

/** A device with its position on the map it is drawn on. */
export interface PlacedDevice extends LiveDevice {
  position: Point;
  triangulationInfo: TriangulationInfo | null;
  mapId: string;
  /** Another account's device on a shared or public map: shown, never edited. */
  readOnly: boolean;
}

type Source = Pick<LiveSlice, 'entities' | 'visitors' | 'positions'>;

/** Drawn only when located on the map and not hidden from maps by its settings. */
const shownOnMaps = (d: LiveDevice) => d.customSettings.showOnMaps !== false;

interface Cached {
  device: LiveDevice;
  placement: Placement;
  placed: PlacedDevice;
  /** The pass that last drew it (entries not drawn in a pass are dropped after it). */
  pass: number;
}

/**
 * The MACs that may have changed on `mapId` since `last` (own and other accounts' devices and the
 * map's positions), when live merges named them all; null when the whole map must be read again.
 */
function changedSince(last: Source, s: Source, mapId: string): Set<string> | null {
  const parts: [object | undefined, object | undefined][] = [
    [s.entities, last.entities],
    [s.visitors, last.visitors],
    [s.positions[mapId], last.positions[mapId]],
  ];
  const macs = new Set<string>();
  for (const [now, before] of parts) {
    if (!now || !before) return null;
    const keys = changedKeysSince(now, before);
    if (!keys) return null;
    for (const k of keys) macs.add(k);
  }
  return macs;
}

/**
 * A memoised selector: the same inputs give the same array, and an unchanged device keeps the same
 * object, so layers can skip it by identity. The cache is updated in place, and the map's record
 * is walked by its keys (no entry pairs): at 10,000 devices this runs a few times a second. After
 * live merges that only changed devices already drawn (no device came or left), only the devices
 * they name are read, in place in a copy of the last array (its order is the map's key order).
 */
export function createPlacedSelector() {
  let last: { source: Source; mapId: string | null; result: PlacedDevice[] } | null = null;
  const cache = new Map<string, Cached>();
  /** Where each drawn device is in the last array. */
  const index = new Map<string, number>();
  let pass = 0;
  /** The device drawn for `mac` now, reusing its last object when nothing of it changed. */
  const placedOf = (s: Source, mapId: string, mac: string): PlacedDevice | null => {
    const placement = s.positions[mapId]?.[mac];
    const own = s.entities[mac];
    const device = own ?? s.visitors[mac];
    if (!placement || !device || !shownOnMaps(device)) return null;
    let hit = cache.get(mac);
    if (
      !hit ||
      hit.device !== device ||
      hit.placement !== placement ||
      hit.placed.mapId !== mapId
    ) {
      const placed: PlacedDevice = {
        ...device,
        position: placement.position,
        triangulationInfo: placement.triangulationInfo,
        mapId,
        readOnly: !own,
      };
      hit = { device, placement, placed, pass };
      cache.set(mac, hit);
    } else hit.pass = pass;
    return hit.placed;
  };
  /** The last array with the named devices read again; null when one came or left. */
  const patched = (s: Source, mapId: string, macs: ReadonlySet<string>) => {
    const result = last!.result.slice();
    for (const mac of macs) {
      const at = index.get(mac);
      const placed = placedOf(s, mapId, mac);
      if ((at === undefined) !== (placed === null)) return null;
      if (at !== undefined) result[at] = placed!;
    }
    return result;
  };
  return (s: Source, mapId: string | null): PlacedDevice[] => {
    if (
      last &&
      last.mapId === mapId &&
      last.source.entities === s.entities &&
      last.source.visitors === s.visitors &&
      last.source.positions[mapId ?? ''] === s.positions[mapId ?? '']
    )
      return last.result;
    const macs = last && mapId && last.mapId === mapId ? changedSince(last.source, s, mapId) : null;
    const quick = macs && patched(s, mapId!, macs);
    if (quick) {
      last = { source: s, mapId, result: quick };
      return quick;
    }
    pass++;
    const result: PlacedDevice[] = [];
    index.clear();
    const onMap = mapId ? (s.positions[mapId] ?? {}) : {};
    for (const mac of Object.keys(onMap)) {
      const placed = placedOf(s, mapId!, mac);
      if (!placed) continue;
      index.set(mac, result.length);
      result.push(placed);
    }
    if (cache.size > result.length)
      for (const [mac, c] of cache) if (c.pass !== pass) cache.delete(mac);
    last = { source: s, mapId, result };
    return result;
  };
}

/** The placed devices of one map, for callers outside React's render loop. */
export const placedOn = createPlacedSelector();
