/**
 * Moving the console to another floor of a building: for a device chosen in the list, and for the
 * followed device when the server locates it on another floor. Follow stays on across the switch,
 * and the new floor's map centres the device as soon as it is drawn there.
 */
import { useFollowStore } from '../devices/follow-store.ts';
import { useDevicesStore } from '../devices/devices-store.ts';
import { useReplayStore } from '../history/replay-store.ts';
import { useUiStore } from '../layout/ui-store.ts';
import { useMapsStore } from '../maps/maps-store.ts';
import { buildingOf, deviceFloor } from './building-floors.ts';
import { useBuildingsStore } from './buildings-store.ts';

/** Show this map with the device selected, centred once it is drawn there. */
export function showDeviceOn(mac: string, mapId: string): void {
  useMapsStore.getState().select(mapId);
  useUiStore.getState().focusDevice(mac, mapId);
}

/** The floor of the current map's building the device is located on, if any. */
function floorOf(mac: string): string | null {
  const current = useMapsStore.getState().currentMapId;
  const building = buildingOf(useBuildingsStore.getState().buildings, current);
  if (!building) return null;
  return deviceFloor(useDevicesStore.getState().positions, building, mac)?.mapId ?? null;
}

/**
 * While Follow is on, the map on screen goes to the floor the followed device is located on: at
 * once when Follow starts (or another device is followed), then whenever the device changes
 * floor. A floor picked by hand stays on screen until the device changes floor again. Not while
 * the map is replayed or the All Maps grid is shown. Returns the unsubscribe.
 */
export function followAcrossFloors(): () => void {
  /** The floor the followed device was last seen on (null: none yet, or another device). */
  let lastFloor: string | null = null;
  const check = () => {
    const mac = useUiStore.getState().selectedDeviceMac;
    if (!mac || !useFollowStore.getState().following) return;
    const floor = floorOf(mac);
    const moved = floor !== lastFloor;
    lastFloor = floor;
    if (!floor || !moved || floor === useMapsStore.getState().currentMapId) return;
    if (useReplayStore.getState().session || useMapsStore.getState().viewMode === 'grid') return;
    showDeviceOn(mac, floor);
  };
  const restart = () => {
    lastFloor = null;
    check();
  };
  const unsubscribe = [
    useDevicesStore.subscribe((s, prev) => {
      if (s.positions !== prev.positions) check();
    }),
    useBuildingsStore.subscribe((s, prev) => {
      if (s.buildings !== prev.buildings) check();
    }),
    useFollowStore.subscribe((s, prev) => {
      if (s.following && !prev.following) restart();
    }),
    useUiStore.subscribe((s, prev) => {
      if (s.selectedDeviceMac !== prev.selectedDeviceMac) restart();
    }),
  ];
  restart();
  return () => unsubscribe.forEach((off) => off());
}
