/**
 * What a signed-in session keeps running: the initial loads in the spec's order, the live
 * connection, the current map's gateways and positioning frame, and the user's triangulation
 * settings in the positioning engine.
 */
import { useEffect } from 'react';
import { mapFrame } from '../features/devices/positioner.ts';
import { useLocateSettings } from '../features/devices/use-locate-settings.ts';
import { useDevicesStore } from '../features/devices/devices-store.ts';
import { useGatewaysStore } from '../features/gateways/gateways-store.ts';
import { useMapsStore } from '../features/maps/maps-store.ts';
import { useInitialLoad } from './useInitialLoad.ts';
import { useLiveChannel } from './useLiveChannel.ts';

export function useSessionData() {
  useInitialLoad();
  useLiveChannel();

  // Gateways follow the current map; the positioning frame follows map and gateways.
  const currentMapId = useMapsStore((s) => s.currentMapId);
  useEffect(() => {
    void useGatewaysStore.getState().loadForMap(currentMapId);
  }, [currentMapId]);
  const map = useMapsStore((s) => (s.currentMapId ? s.entities[s.currentMapId] : undefined));
  const gateways = useGatewaysStore((s) => s.entities);
  useEffect(() => {
    useDevicesStore.getState().setFrame(mapFrame(map, Object.values(gateways)));
  }, [map, gateways]);
  useLocateSettings();
}
