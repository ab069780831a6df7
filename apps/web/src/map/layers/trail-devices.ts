/** Whose trails the map draws, as the View tab's trails setting says. */
import type { TrailShow } from '@rtls/contract';
import type { LiveDevice, LiveSlice } from '../../features/devices/map-positions.ts';

/** Trails are drawn for at most this many devices at once. */
export const MAX_TRAILS = 50;

/**
 * The devices to draw trails for on a map: each device whose own setting asks for one
 * ('device'), every device located on the map ('all', another account's too on a shared map),
 * the selected device, or none; never one hidden from the maps, and at most MAX_TRAILS.
 */
export function trailDevices(
  s: Pick<LiveSlice, 'entities' | 'visitors' | 'positions'>,
  mapId: string,
  show: TrailShow,
  selected: string | null,
): LiveDevice[] {
  const known = (mac: string): LiveDevice[] => {
    const d = s.entities[mac] ?? s.visitors[mac];
    return d ? [d] : [];
  };
  const chosen =
    show === 'device'
      ? Object.values(s.entities).filter((d) => d.customSettings.showTrail)
      : show === 'all'
        ? Object.keys(s.positions[mapId] ?? {}).flatMap(known)
        : show === 'selected' && selected !== null
          ? known(selected)
          : [];
  return chosen.filter((d) => d.customSettings.showOnMaps !== false).slice(0, MAX_TRAILS);
}
