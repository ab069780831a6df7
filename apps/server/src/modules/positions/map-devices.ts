/**
 * GET /maps/{id}/devices: the devices located on one map now, with this map's position, as its
 * reader may see them (the same devices and positions the map's watchers get on the socket).
 */
import { withKeys, type Device } from '@rtls/contract';
import { signalForReader } from '../devices/presenter.ts';
import type { DevicesService } from '../devices/service.ts';
import type { LocatedOnMap, PositionsService } from './service.ts';

export function mapDevices(positions: Pick<PositionsService, 'onMap'>, devices: DevicesService) {
  /** The caller must have been checked to read the map. */
  return async (readerId: string, mapId: string): Promise<Device[]> => {
    const byOwner = new Map<string, Map<string, LocatedOnMap>>();
    for (const { ownerId, mac, located } of positions.onMap(mapId)) {
      const macs = byOwner.get(ownerId) ?? new Map<string, LocatedOnMap>();
      macs.set(mac, located);
      byOwner.set(ownerId, macs);
    }
    const out: Device[] = [];
    for (const [ownerId, located] of byOwner) {
      for (const d of await devices.some(ownerId, [...located.keys()])) {
        const at = located.get(d.mac)!;
        const here = { position: at.position, triangulationInfo: at.triangulationInfo, mapId };
        out.push(
          withKeys(
            d,
            ownerId === readerId ? here : { signal: signalForReader(d.signal ?? {}), ...here },
          ),
        );
      }
    }
    return out.sort((a, b) => a.name.localeCompare(b.name));
  };
}
export type MapDevices = ReturnType<typeof mapDevices>;
