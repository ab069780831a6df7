/**
 * The maps the console follows live: the map on screen, and when it is a floor of a building every
 * floor of it (so it knows on which floor each device of the building is). The device store
 * fetches the positions of each map newly watched; the live channel sends the set to the server.
 */
import { useEffect } from 'react';
import { mapsToWatch } from '../features/buildings/building-floors.ts';
import { useBuildingsStore } from '../features/buildings/buildings-store.ts';
import { useDevicesStore } from '../features/devices/devices-store.ts';

export function useWatchedMaps(currentMapId: string | null) {
  const buildings = useBuildingsStore((s) => s.buildings);
  useEffect(() => {
    useDevicesStore.getState().watch(mapsToWatch(buildings, currentMapId));
  }, [buildings, currentMapId]);
}
