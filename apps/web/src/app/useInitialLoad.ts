/**
 * The session's initial loads, in this order: the stores are reset, several initial loads
 * start (settings file, app and user settings, configured devices, the account's gateways,
 * monitored gateways, the available lists and the buildings), then maps (own and shared), then
 * monitored devices, with a safety-net load (and a logged warning) when the monitored list did
 * not load.
 * Monitored devices, and the positions on the watched maps, are re-fetched every 20 s (the server
 * sends nothing when a device leaves a map someone else watches). Failures are only logged.
 */
import { useEffect } from 'react';
import { useAlertsStore } from '../features/alerts/alerts-store.ts';
import { useBuildingsStore } from '../features/buildings/buildings-store.ts';
import { useDevicesStore } from '../features/devices/devices-store.ts';
import { useGatewaysStore } from '../features/gateways/gateways-store.ts';
import { useMapsStore } from '../features/maps/maps-store.ts';
import { useSettingsStore } from '../features/settings/settings-store.ts';
import { useViewStore } from '../features/view/view-store.ts';
import { useRulesStore } from '../features/zones/rules-store.ts';
import { useZonesStore } from '../features/zones/zones-store.ts';
import { MONITORED_DEVICES_REFETCH_MS } from '../constants.ts';

export const SAFETY_NET_WARNING = 'Monitored devices did not load; running the safety-net load';

/** Runs the loads once; exported for tests. */
export async function runInitialLoad(isCancelled: () => boolean = () => false): Promise<void> {
  useMapsStore.getState().reset();
  useDevicesStore.getState().reset();
  useGatewaysStore.getState().reset();
  useZonesStore.getState().reset();
  useRulesStore.getState().reset();
  useAlertsStore.getState().reset();
  useBuildingsStore.getState().reset();
  // Several initial loads that nothing else waits for.
  void useSettingsStore.getState().load();
  void useViewStore.getState().load();
  void useDevicesStore.getState().loadConfigured();
  void useDevicesStore.getState().loadAvailable();
  void useGatewaysStore.getState().loadAll();
  void useGatewaysStore.getState().loadAvailable();
  void useGatewaysStore.getState().loadMonitored();
  void useAlertsStore.getState().load();
  void useBuildingsStore.getState().load();
  try {
    await useMapsStore.getState().load();
    await useDevicesStore.getState().loadMonitored();
  } catch (err) {
    console.error('Failed to load initial data', err);
  }
  if (!isCancelled() && !useDevicesStore.getState().monitoredLoaded) {
    console.warn(SAFETY_NET_WARNING);
    await useDevicesStore.getState().loadMonitored();
  }
}

export function useInitialLoad() {
  useEffect(() => {
    let cancelled = false;
    void runInitialLoad(() => cancelled);
    const refetch = setInterval(() => {
      const devices = useDevicesStore.getState();
      void devices.loadMonitored();
      devices
        .refreshPositions()
        .catch((err: unknown) => console.error('Failed to load map devices', err));
    }, MONITORED_DEVICES_REFETCH_MS);
    return () => {
      cancelled = true;
      clearInterval(refetch);
      // Signed out: the next user starts from the defaults.
      useViewStore.getState().reset();
      useSettingsStore.getState().reset();
    };
  }, []);
}
