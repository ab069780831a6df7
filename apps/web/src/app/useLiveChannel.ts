/**
 * The live connection while signed in: opened on mount, closed on sign-out or unmount;
 * updates merged into the device store at most every 250 ms; the watched maps sent to the server;
 * lists re-fetched after a reconnect; a token change reconnects; ping every 25 s. While the channel
 * is down, what the page shows is marked stale as of when the server was last heard (freshness.ts),
 * the Data Refresh Rate polls keep the markers moving, and the channel reopens without a click: at
 * once when the server answers again after it did not, and once the reconnect schedule has given
 * up, on any poll the server answers.
 */
import { useEffect } from 'react';
import type { DeviceUpdate, ZonePresence } from '@rtls/contract';
import { serverAnswers } from '../api/health.ts';
import { getToken } from '../api/token.ts';
import { useDevicesStore } from '../features/devices/devices-store.ts';
import { useFloorStore } from '../features/floor/floor-store.ts';
import { useAlertsStore } from '../features/alerts/alerts-store.ts';
import { useBuildingsStore } from '../features/buildings/buildings-store.ts';
import { useGatewaysStore } from '../features/gateways/gateways-store.ts';
import { useHeardStore } from '../features/heard/heard-store.ts';
import { createLiveConnection, type ZoneEventHandlers } from '../features/live/live-connection.ts';
import { staleSinceAfter, staleSinceAfterPoll } from '../features/live/freshness.ts';
import { mayReopen, refusedForGood, useLiveStore } from '../features/live/live-store.ts';
import { useMapsStore } from '../features/maps/maps-store.ts';
import { useSessionStore } from '../features/session/session-store.ts';
import { useSettingsStore } from '../features/settings/settings-store.ts';
import { useEventLogStore } from '../features/zones/event-log-store.ts';
import { useZonesStore } from '../features/zones/zones-store.ts';
import { pollOnce } from './poll.ts';

/** Live updates are merged at most this often, so bursts do not re-render per message. */
const MERGE_INTERVAL_MS = 250;
/** Heartbeat; the answer's round trip is shown in the indicator's tooltip. */
const PING_INTERVAL_MS = 25_000;
/**
 * While the channel is down, how often the server is asked whether it is back (a cheap health
 * check), so a restarted server is live again within a couple of seconds instead of after the
 * reconnect schedule's next wait (up to 16 s) or the next poll.
 */
const PROBE_INTERVAL_MS = 1_000;

/** Everything that may be stale after the channel was down. */
function refetchLists() {
  void useMapsStore.getState().load();
  void useBuildingsStore.getState().load();
  void useDevicesStore.getState().loadMonitored();
  void useDevicesStore.getState().loadConfigured();
  void useDevicesStore
    .getState()
    .refreshPositions()
    .catch((err: unknown) => console.error('Failed to load map devices', err));
  void useGatewaysStore.getState().loadForMap(useMapsStore.getState().currentMapId);
  void useGatewaysStore.getState().loadMonitored();
  void useGatewaysStore.getState().loadAll();
  void useZonesStore.getState().refreshPresence();
  void useFloorStore.getState().reload(useMapsStore.getState().currentMapId);
  void useAlertsStore.getState().load();
  void useEventLogStore.getState().reload();
}

/**
 * Zone presence is merged in bursts too; occupancy, events, alerts, zone and floor changes are
 * rare.
 */
function createZoneEvents() {
  let presence = new Map<string, ZonePresence>();
  const timer = setInterval(() => {
    if (presence.size === 0) return;
    const batch = [...presence.values()];
    presence = new Map();
    useZonesStore.getState().applyPresence(batch);
  }, MERGE_INTERVAL_MS);
  const handlers: ZoneEventHandlers = {
    zone_presence: (p) => void presence.set(`${p.mac}|${p.mapId}`, p),
    zone_occupancy: (o) => useZonesStore.getState().applyOccupancy(o),
    zone_event: (e) => useEventLogStore.getState().add(e),
    alert: (u) => useAlertsStore.getState().apply([u]),
    zones_changed: ({ mapId }) => void useZonesStore.getState().reloadZones(mapId),
    floor_model_changed: ({ mapId }) => void useFloorStore.getState().reload(mapId),
  };
  return { handlers, stop: () => clearInterval(timer) };
}

/** Merges updates in bursts; a device's update per map is kept (one device may be on two maps). */
function createUpdateBuffer() {
  let buffer = new Map<string, DeviceUpdate>();
  const flush = () => {
    if (buffer.size === 0) return;
    const updates = [...buffer.values()];
    buffer = new Map();
    useDevicesStore.getState().applyUpdates(updates);
    useHeardStore.getState().notice(updates);
  };
  const timer = setInterval(flush, MERGE_INTERVAL_MS);
  return {
    /** Merge what arrived so far now (before the watched maps the updates refer to change). */
    flush,
    add(u: DeviceUpdate) {
      // Re-inserted, so the batch keeps the order in which each key last arrived.
      const key = `${u.mac}|${u.mapId ?? ''}`;
      buffer.delete(key);
      buffer.set(key, u);
    },
    stop: () => clearInterval(timer),
  };
}

export function useLiveChannel() {
  useEffect(() => {
    const buffer = createUpdateBuffer();
    const zoneEvents = createZoneEvents();
    let pingSentAt = 0;
    const confirmWatching = (mapIds: string[]) => {
      buffer.flush();
      useDevicesStore.getState().confirmWatching(mapIds);
    };
    const live = createLiveConnection({
      getToken,
      onState: (state, error) => {
        // Down, the connection watches nothing: updates merged later refer to no map.
        if (state !== 'connected') confirmWatching([]);
        useLiveStore.setState((s) => ({
          state,
          error: error ?? null,
          staleSince: staleSinceAfter(s.staleSince, state, live.heardAt()),
        }));
      },
      // Updates that came before the answer were addressed under the previous set: merge first.
      onWatching: (ack) => confirmWatching(ack.watching),
      onUpdate: buffer.add,
      onZoneEvent: zoneEvents.handlers,
      onReconnected: refetchLists,
      onAuthFailed: () => useSessionStore.getState().expire(),
      onPong: (pong) =>
        useLiveStore.setState({
          latencyMs: Date.now() - pingSentAt,
          locatingEveryS: pong.locatingEveryS ?? null,
        }),
    });
    live.watch(useDevicesStore.getState().watched);
    const unsubscribeWatched = useDevicesStore.subscribe((s, prev) => {
      if (s.watched !== prev.watched) live.watch(s.watched);
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
      unsubscribeWatched();
      window.removeEventListener('online', online);
      buffer.stop();
      zoneEvents.stop();
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
      const askedAt = Date.now();
      void pollOnce().then((answered) => {
        if (!answered) return;
        const { state, error, retry, staleSince } = useLiveStore.getState();
        useLiveStore.setState({ staleSince: staleSinceAfterPoll(staleSince, askedAt) });
        if (mayReopen(state, error)) retry?.();
      });
    }, pollInterval);
    return () => clearInterval(timer);
  }, [connected, pollInterval]);

  // While it is not connected, a server that did not answer and answers again is tried at once.
  useEffect(() => {
    if (connected) return;
    let unanswered = false;
    let asking = false;
    const timer = setInterval(() => {
      if (asking) return;
      asking = true;
      void serverAnswers().then((answers) => {
        asking = false;
        if (!answers) {
          unanswered = true;
          return;
        }
        if (!unanswered) return;
        unanswered = false;
        const { error, retry } = useLiveStore.getState();
        if (!refusedForGood(error)) retry?.();
      });
    }, PROBE_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [connected]);
}
