/** The rows of the device list, from the monitored devices and those drawn on the map. */
import type { LiveDevice } from './map-positions.ts';
import type { PlacedDevice } from './placed-devices.ts';

/**
 * Own devices (all monitored ones, or those drawn on the map), then other accounts' drawn devices.
 * `entities` and `placed` are the list's throttled copies; `latest` is the store's entities now, for
 * a device just added that has not reached the copy yet. Such a device may still be drawn as
 * another account's in the copy: it is listed once, as the account's own.
 */
export function listRows(
  monitored: readonly string[],
  entities: Record<string, LiveDevice>,
  placed: readonly PlacedDevice[],
  currentOnly: boolean,
  latest: Record<string, LiveDevice> = entities,
): (LiveDevice | PlacedDevice)[] {
  const ownNow = (d: PlacedDevice) => !d.readOnly || latest[d.mac] !== undefined;
  const own = currentOnly
    ? placed.filter(ownNow).map((d) => (d.readOnly ? { ...d, readOnly: false } : d))
    : monitored.flatMap((mac) => {
        const d = entities[mac] ?? latest[mac];
        return d ? [d] : [];
      });
  const listed = new Set(own.map((d) => d.mac));
  return [...own, ...placed.filter((d) => d.readOnly && !listed.has(d.mac))];
}
