/**
 * Positions located by another instance (the positions stream gives each device one locating
 * instance), learnt from the updates it publishes, so this instance's live updates and REST answers
 * show the same positions. Per map, a fix never replaces a newer one (an update relayed late);
 * what has not been confirmed within the live window is dropped.
 */
import { MAX_SIGNAL_AGE_MS } from '@rtls/positioning';
import type { LocatedOnMap } from './core.ts';

interface RemoteDevice {
  ownerId: string;
  mac: string;
  located: Map<string, LocatedOnMap>;
  at: number;
}

const fixTime = (l: LocatedOnMap) => Date.parse(l.triangulationInfo.lastCalculated);

export function createRemotePositions(liveMs = MAX_SIGNAL_AGE_MS) {
  const devices = new Map<string, RemoteDevice>();
  /** Devices on each map, by key. */
  const onMaps = new Map<string, Set<string>>();

  function drop(key: string) {
    const d = devices.get(key);
    if (!d) return;
    for (const mapId of d.located.keys()) onMaps.get(mapId)?.delete(key);
    devices.delete(key);
  }

  return {
    /** Where another instance says the device is now (an empty list: on no map). */
    adopt(
      key: string,
      ownerId: string,
      mac: string,
      located: readonly LocatedOnMap[],
      now: number,
    ) {
      const prev = devices.get(key);
      drop(key);
      if (located.length === 0) return;
      const next = new Map<string, LocatedOnMap>();
      for (const l of located) {
        const old = prev?.located.get(l.mapId);
        next.set(l.mapId, old && fixTime(old) > fixTime(l) ? old : l);
        let set = onMaps.get(l.mapId);
        if (!set) onMaps.set(l.mapId, (set = new Set()));
        set.add(key);
      }
      devices.set(key, { ownerId, mac, located: next, at: now });
    },

    located: (key: string) => devices.get(key)?.located,

    *onMap(mapId: string) {
      for (const key of onMaps.get(mapId) ?? []) {
        const d = devices.get(key);
        const located = d?.located.get(mapId);
        if (d && located) yield { key, ownerId: d.ownerId, mac: d.mac, located };
      }
    },

    forget: drop,

    expire(now: number) {
      for (const [key, d] of devices) if (now - d.at > liveMs) drop(key);
    },

    size: () => devices.size,
  };
}
