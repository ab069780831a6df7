/**
 * The devices drawn on one map: those the server located on it, the account's own device entity
 * (display name, colour) when it has one, another account's otherwise. The map layers and the
 * "Show only current map" list both read this, so the list is exactly what is drawn.
 */
import type { Point, TriangulationInfo } from '@rtls/contract';
import type { LiveDevice, LiveSlice, Placement } from './map-positions.ts';

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
 * A memoised selector: the same inputs give the same array, and an unchanged device keeps the same
 * object, so layers can skip it by identity. The cache is updated in place, and the map's record
 * is walked by its keys (no entry pairs): at 10,000 devices this runs a few times a second.
 */
export function createPlacedSelector() {
  let last: { source: Source; mapId: string | null; result: PlacedDevice[] } | null = null;
  const cache = new Map<string, Cached>();
  let pass = 0;
  return (s: Source, mapId: string | null): PlacedDevice[] => {
    if (
      last &&
      last.mapId === mapId &&
      last.source.entities === s.entities &&
      last.source.visitors === s.visitors &&
      last.source.positions[mapId ?? ''] === s.positions[mapId ?? '']
    )
      return last.result;
    pass++;
    const result: PlacedDevice[] = [];
    const onMap = mapId ? (s.positions[mapId] ?? {}) : {};
    for (const mac of Object.keys(onMap)) {
      const placement = onMap[mac]!;
      const own = s.entities[mac];
      const device = own ?? s.visitors[mac];
      if (!device || !shownOnMaps(device)) continue;
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
          mapId: mapId!,
          readOnly: !own,
        };
        hit = { device, placement, placed, pass };
        cache.set(mac, hit);
      } else hit.pass = pass;
      result.push(hit.placed);
    }
    if (cache.size > result.length)
      for (const [mac, c] of cache) if (c.pass !== pass) cache.delete(mac);
    last = { source: s, mapId, result };
    return result;
  };
}

/** The placed devices of one map, for callers outside React's render loop. */
export const placedOn = createPlacedSelector();
