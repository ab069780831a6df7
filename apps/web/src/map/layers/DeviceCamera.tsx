/** Selecting a device (in the list or on the map) centres this map on it, when it is drawn here. */
import { useEffect } from 'react';
import { useDevicesStore } from '../../features/devices/devices-store.ts';
import { useUiStore } from '../../features/layout/ui-store.ts';
import { toLatLng } from '../crs.ts';
import { useLeafletMap } from '../map-context.ts';

export function DeviceCamera({ mapId }: { mapId: string }) {
  const map = useLeafletMap();
  useEffect(() => {
    if (!map) return;
    return useUiStore.subscribe((s, prev) => {
      const mac = s.selectedDeviceMac;
      if (!mac || mac === prev.selectedDeviceMac) return;
      const placement = useDevicesStore.getState().positions[mapId]?.[mac];
      if (placement) map.panTo(toLatLng(placement.position));
    });
  }, [map, mapId]);
  return null;
}
