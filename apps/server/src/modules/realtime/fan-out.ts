/**
 * Who gets which device_update. A device located on several maps goes out once per map, to the
 * sockets watching that map (owner, collaborators, any signed-in user on a public map), with that
 * map's position; the owner's sockets that watch none of those maps get the update without a
 * position, so their lists keep the device's signal and last-seen fresh. The watchers of a map the
 * device has just left get one update naming that map with no position: it leaves it at once.
 */
import { withKeys, type DeviceUpdate } from '@rtls/contract';
import { signalForReader } from '../devices/presenter.ts';
import type { LocatedOnMap } from '../positions/service.ts';

/**
 * One device as published: its update without a position, the maps it is located on, and the
 * maps it has just left (their watchers get the update with that map and no position, so the
 * device leaves those maps at once).
 */
export interface PublishedDevice {
  update: DeviceUpdate;
  located: LocatedOnMap[];
  left?: readonly string[];
}

export interface FanOutTargets<S> {
  /** The device owner's sockets. */
  ownerSockets: Iterable<S> | undefined;
  /** The sockets watching a map. */
  watchers(mapId: string): Iterable<S> | undefined;
  isOwner(socket: S): boolean;
  watches(socket: S, mapId: string): boolean;
}

export const mapRoom = (mapId: string) => `map:${mapId}`;

const positioned = (update: DeviceUpdate, at: LocatedOnMap): DeviceUpdate =>
  withKeys(update, {
    mapId: at.mapId,
    position: at.position,
    triangulationInfo: at.triangulationInfo,
  });

const forReader = (update: DeviceUpdate): DeviceUpdate =>
  withKeys(update, { signal: signalForReader(update.signal) });

/** The updates each socket gets for one owner's devices, in order. */
export function fanOut<S>(
  devices: readonly PublishedDevice[],
  targets: FanOutTargets<S>,
): Map<S, DeviceUpdate[]> {
  const out = new Map<S, DeviceUpdate[]>();
  const push = (s: S, u: DeviceUpdate) => {
    const list = out.get(s);
    if (list) list.push(u);
    else out.set(s, [u]);
  };
  for (const d of devices) {
    for (const at of d.located) {
      let full: DeviceUpdate | undefined;
      let reader: DeviceUpdate | undefined;
      for (const s of targets.watchers(at.mapId) ?? []) {
        full ??= positioned(d.update, at);
        push(s, targets.isOwner(s) ? full : (reader ??= forReader(full)));
      }
    }
    for (const mapId of d.left ?? []) {
      let full: DeviceUpdate | undefined;
      let reader: DeviceUpdate | undefined;
      for (const s of targets.watchers(mapId) ?? []) {
        full ??= { ...d.update, mapId, position: null, triangulationInfo: null };
        push(s, targets.isOwner(s) ? full : (reader ??= forReader(full)));
      }
    }
    for (const s of targets.ownerSockets ?? []) {
      if (!d.located.some((at) => targets.watches(s, at.mapId))) push(s, d.update);
    }
  }
  return out;
}

/** The key an outbox keeps one pending update under: a device on one map, or unpositioned. */
export const outboxKey = (u: DeviceUpdate) => (u.mapId ? `${u.mac}|${u.mapId}` : u.mac);
