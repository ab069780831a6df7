/**
 * The live connection while signed in (spec §4): opened on mount, closed on sign-out or unmount;
 * updates merged into the device store at most every 250 ms; lists re-fetched after a reconnect;
 * a token change reconnects; ping every 25 s; while the channel is down, the monitored devices
 * are polled at the Data Refresh Rate so positions do not freeze.
 */
import { useEffect } from 'react';
import type { DeviceUpdate } from '@rtls/contract';
import { getToken } from '../api/token.ts';
import { useDevicesStore } from '../features/devices/devices-store.ts';
import { useGatewaysStore } from '../features/gateways/gateways-store.ts';
import { createLiveConnection } from '../features/live/live-connection.ts';
import { useLiveStore } from '../features/live/live-store.ts';
import { useMapsStore } from '../features/maps/maps-store.ts';
import { useSessionStore } from '../features/session/session-store.ts';
import { useSettingsStore } from '../features/settings/settings-store.ts';

/** Live updates are merged at most this often, so bursts do not re-render per message. */
const MERGE_INTERVAL_MS = 250;
/** Heartbeat; the answer's round trip is shown in the indicator's tooltip. */
const PING_INTERVAL_MS = 25_000;

/** Everything that may be stale after the channel was down. */
function refetchLists() {
  void useMapsStore.getState().load();
  void useDevicesStore.getState().loadMonitored();
  void useDevicesStore.getState().loadConfigured();
  void useGatewaysStore.getState().loadForMap(useMapsStore.getState().currentMapId);
  void useGatewaysStore.getState().loadMonitored();
  void useGatewaysStore.getState().loadAll();
}

export function useLiveChannel() {
  useEffect(() => {
    let buffer = new Map<string, DeviceUpdate>();
    const flush = setInterval(() => {
      if (buffer.size === 0) return;
      const updates = [...buffer.values()];
      buffer = new Map();
      useDevicesStore.getState().applyUpdates(updates);
    }, MERGE_INTERVAL_MS);
    let pingSentAt = 0;
    const live = createLiveConnection({
      getToken,
      onState: (state, error) => useLiveStore.setState({ state, error: error ?? null }),
      onUpdate: (u) => buffer.set(u.mac, u),
      onReconnected: refetchLists,
      onAuthFailed: () => useSessionStore.getState().expire(),
      onPong: () => useLiveStore.setState({ latencyMs: Date.now() - pingSentAt }),
    });
    live.connect();
    useLiveStore.setState({ retry: () => live.retryNow() });
    const ping = setInterval(() => {
      pingSentAt = Date.now();
      live.ping();
    }, PING_INTERVAL_MS);
    const online = () => live.retryNow();
    window.addEventListener('online', online);
    const unsubscribeToken = useSessionStore.subscribe((s, prev) => {
      if (s.token && s.token !== prev.token) live.tokenUpdated();
    });
    return () => {
      unsubscribeToken();
      window.removeEventListener('online', online);
      clearInterval(flush);
      clearInterval(ping);
      live.close();
      useLiveStore.setState({ retry: null });
    };
  }, []);

  // While the channel is not connected, poll at the configured rate ('Polling error' only logs).
  const connected = useLiveStore((s) => s.state === 'connected' || s.state === 'idle');
  const pollInterval = useSettingsStore((s) => s.saved.pollInterval);
  useEffect(() => {
    if (connected) return;
    const timer = setInterval(() => {
      useDevicesStore
        .getState()
        .loadMonitored()
        .catch((err: unknown) => console.error('Polling error', err));
    }, pollInterval);
    return () => clearInterval(timer);
  }, [connected, pollInterval]);
}
