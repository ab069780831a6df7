/**
 * The device store's slice as the replay sees it: the same devices, placed where the history has
 * them at the replayed moment and last seen when their position was kept. The map layers read
 * this instead of the live slice while their map is replayed, through the same placed-device
 * selector, so they draw a replay exactly as they draw live positions. Live signal readings are
 * left out: they say nothing about the replayed moment.
 */
import type { Placement, LiveDevice, LiveSlice } from '../devices/map-positions.ts';
import { fixAt, type ReplayTrack } from './replay-tracks.ts';

export type DeviceSource = Pick<LiveSlice, 'entities' | 'visitors' | 'positions'>;

/** A device the history knows and this console does not (another account's, gone since). */
const standIn = (mac: string): LiveDevice => ({
  mac,
  name: mac,
  customSettings: {},
  positioningMode: 'auto',
  isMonitored: true,
  isAvailableInAPI: true,
});

/**
 * A memoised builder: devices whose last kept position did not change keep the same object, and
 * the same moment gives the same slice, so the selector and the marker renderer skip what did not
 * move.
 */
export function createReplaySource() {
  let cache = new Map<string, { base: LiveDevice; seenAt: number; device: LiveDevice }>();
  let last: { live: DeviceSource; tracks: object; mapId: string; at: number } | null = null;
  let lastSlice: DeviceSource | null = null;
  return (
    live: DeviceSource,
    tracks: Record<string, ReplayTrack>,
    mapId: string,
    at: number,
  ): DeviceSource => {
    if (
      lastSlice &&
      last?.live === live &&
      last.tracks === tracks &&
      last.mapId === mapId &&
      last.at === at
    )
      return lastSlice;
    const entities: Record<string, LiveDevice> = {};
    const visitors: Record<string, LiveDevice> = {};
    const placements: Record<string, Placement> = {};
    const next = new Map<string, { base: LiveDevice; seenAt: number; device: LiveDevice }>();
    for (const [mac, track] of Object.entries(tracks)) {
      const fix = fixAt(track, at);
      if (!fix) continue;
      const own = live.entities[mac];
      const base = own ?? live.visitors[mac] ?? standIn(mac);
      const hit = cache.get(mac);
      const device =
        hit && hit.base === base && hit.seenAt === fix.seenAt
          ? hit.device
          : { ...base, lastSeen: new Date(fix.seenAt).toISOString(), signal: {}, rssi: null };
      next.set(mac, { base, seenAt: fix.seenAt, device });
      (own ? entities : visitors)[mac] = device;
      placements[mac] = {
        position: { x: fix.x, y: fix.y },
        triangulationInfo: null,
        receivedAt: fix.seenAt,
      };
    }
    cache = next;
    last = { live, tracks, mapId, at };
    lastSlice = { entities, visitors, positions: { [mapId]: placements } };
    return lastSlice;
  };
}
