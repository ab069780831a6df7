/**
 * What a signed-in session keeps running: the initial loads (useInitialLoad), the live
 * connection, the current map's gateways, the positions of the map on screen and of the other
 * floors of its building (the server locates every device; the console only follows the maps it
 * shows), and Follow across those floors.
 */
import { useEffect } from 'react';
import { followAcrossFloors } from '../features/buildings/floor-switch.ts';
import { useFloorStore } from '../features/floor/floor-store.ts';
import { useGatewaysStore } from '../features/gateways/gateways-store.ts';
import { useMapsStore } from '../features/maps/maps-store.ts';
import { useRulesStore } from '../features/zones/rules-store.ts';
import { useZonesStore } from '../features/zones/zones-store.ts';
import { useInitialLoad } from './useInitialLoad.ts';
import { useLiveChannel } from './useLiveChannel.ts';
import { useWatchedMaps } from './useWatchedMaps.ts';

export function useSessionData() {
  useInitialLoad();
  useLiveChannel();

  // Gateways and live positions follow the current map. The All Maps grid draws no live map, so
  // it keeps following the current one: going back to the tabs finds its markers in place.
  const currentMapId = useMapsStore((s) => s.currentMapId);
  useEffect(() => {
    void useGatewaysStore.getState().loadForMap(currentMapId);
    void useZonesStore.getState().loadForMap(currentMapId);
    void useFloorStore.getState().loadForMap(currentMapId);
    void useRulesStore.getState().loadForMap(currentMapId);
  }, [currentMapId]);
  useWatchedMaps(currentMapId);
  useEffect(followAcrossFloors, []);
}
