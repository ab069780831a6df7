/**
 * For the device list: the floor a device is located on when it is another floor of the building
 * on screen (read at most once a second), with its name as the floor switcher shows it.
 */
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { useDevicesStore } from '../devices/devices-store.ts';
import { useThrottled } from '../devices/use-throttled.ts';
import { useMapsStore } from '../maps/maps-store.ts';
import { deviceFloor, floorName } from './building-floors.ts';
import { useCurrentBuilding } from './buildings-store.ts';

const REFRESH_MS = 1000;

export interface OtherFloor {
  mapId: string;
  name: string;
}

export function useOtherFloorOf(): (mac: string) => OtherFloor | null {
  const { t } = useI18n();
  const building = useCurrentBuilding();
  const current = useMapsStore((s) => s.currentMapId);
  const maps = useMapsStore((s) => s.entities);
  const positions = useThrottled(useDevicesStore, (s) => s.positions, REFRESH_MS);
  return (mac) => {
    const floor = building ? deviceFloor(positions, building, mac) : null;
    if (!floor || floor.mapId === current) return null;
    return { mapId: floor.mapId, name: floorName(floor, maps, t) };
  };
}
