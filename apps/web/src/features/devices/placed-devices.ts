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
}

/**
 * A memoised selector: the same inputs give the same array, and an unchanged device keeps the same
 * object, so layers can skip it by identity.
 */
export function createPlacedSelector() {
  let last: { source: Source; mapId: string | null; result: PlacedDevice[] } | null = null;
  let cache = new Map<string, Cached>();
  return (s: Source, mapId: string | null): PlacedDevice[] => {
    if (
      last &&
      last.mapId === mapId &&
      last.source.entities === s.entities &&
      last.source.visitors === s.visitors &&
      last.source.positions[mapId ?? ''] === s.positions[mapId ?? '']
    )
      return last.result;
    const next = new Map<string, Cached>();
    const result: PlacedDevice[] = [];
    for (const [mac, placement] of Object.entries(mapId ? (s.positions[mapId] ?? {}) : {})) {
      const own = s.entities[mac];
      const device = own ?? s.visitors[mac];
      if (!device || !shownOnMaps(device)) continue;
      const hit = cache.get(mac);
      const placed =
        hit && hit.device === device && hit.placement === placement && hit.placed.mapId === mapId
          ? hit.placed
          : {
              ...device,
              position: placement.position,
              triangulationInfo: placement.triangulationInfo,
              mapId: mapId!,
              readOnly: !own,
            };
      next.set(mac, { device, placement, placed });
      result.push(placed);
    }
    cache = next;
    last = { source: s, mapId, result };
    return result;
  };
}

/** The placed devices of one map, for callers outside React's render loop. */
export const placedOn = createPlacedSelector();
