/**
 * What a signed-in session keeps running: the initial loads in the spec's order, the live
 * connection with throttled merges, the 20 s monitored re-fetch, and the current map's gateways.
 */
import { useEffect } from 'react';
import { MONITORED_DEVICES_REFETCH_MS, type DeviceUpdate } from '@rtls/contract';
import { getToken } from '../api/token.ts';
import { useDevicesStore } from '../features/devices/devices-store.ts';
import { mapFrame } from '../features/devices/positioner.ts';
import { useGatewaysStore } from '../features/gateways/gateways-store.ts';
import { createLiveConnection } from '../features/live/live-connection.ts';
import { useLiveStore } from '../features/live/live-store.ts';
import { useMapsStore } from '../features/maps/maps-store.ts';
import { useSessionStore } from '../features/session/session-store.ts';

/** Live updates are merged at most this often, so bursts do not re-render per message. */
const MERGE_INTERVAL_MS = 250;

export function useSessionData() {
  // Initial loads: maps, then monitored devices (spec §4), with a safety net.
  useEffect(() => {
    useMapsStore.getState().reset();
    useDevicesStore.getState().reset();
    useGatewaysStore.getState().reset();
    let cancelled = false;
    void (async () => {
      try {
        await useMapsStore.getState().load();
        await useDevicesStore.getState().loadMonitored();
      } catch (err) {
        console.error('Failed to load initial data', err);
      }
      if (!cancelled && !useDevicesStore.getState().monitoredLoaded) {
        console.warn('Monitored devices did not load; running the safety-net load');
        await useDevicesStore.getState().loadMonitored();
      }
    })();
    const refetch = setInterval(
      () => void useDevicesStore.getState().loadMonitored(),
      MONITORED_DEVICES_REFETCH_MS,
    );
    return () => {
      cancelled = true;
      clearInterval(refetch);
    };
  }, []);

  // The live connection, with updates buffered and merged in one store write per interval.
  useEffect(() => {
    let buffer = new Map<string, DeviceUpdate>();
    const flush = setInterval(() => {
      if (buffer.size === 0) return;
      const updates = [...buffer.values()];
      buffer = new Map();
      useDevicesStore.getState().applyUpdates(updates);
    }, MERGE_INTERVAL_MS);
    const live = createLiveConnection({
      getToken,
      onState: (state, error) => useLiveStore.setState({ state, error: error ?? null }),
      onUpdate: (u) => buffer.set(u.mac, u),
      onReconnected: () => {
        void useMapsStore.getState().load();
        void useDevicesStore.getState().loadMonitored();
        const mapId = useMapsStore.getState().currentMapId;
        void useGatewaysStore.getState().loadForMap(mapId);
      },
      onAuthFailed: () => useSessionStore.getState().expire(),
    });
    live.connect();
    const online = () => live.retryNow();
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
      clearInterval(flush);
      live.close();
    };
  }, []);

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
}
