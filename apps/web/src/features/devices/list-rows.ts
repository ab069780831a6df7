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
  const own: (LiveDevice | PlacedDevice)[] = [];
  if (currentOnly) {
    for (const d of placed)
      if (!d.readOnly) own.push(d);
      else if (latest[d.mac] !== undefined) own.push({ ...d, readOnly: false });
  } else
    for (const mac of monitored) {
      const d = entities[mac] ?? latest[mac];
      if (d) own.push(d);
    }
  // Most maps show no other account's devices: then the own rows are the list.
  const others = placed.filter((d) => d.readOnly);
  if (others.length === 0) return own;
  const listed = new Set(own.map((d) => d.mac));
  for (const d of others) if (!listed.has(d.mac)) own.push(d);
  return own;
}
