import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONNECTION_ERRORS } from '@rtls/contract';
import { useBuildingsStore } from '../features/buildings/buildings-store.ts';
import { useDevicesStore } from '../features/devices/devices-store.ts';
import { useGatewaysStore } from '../features/gateways/gateways-store.ts';
import { useLiveStore } from '../features/live/live-store.ts';
import { useSessionStore } from '../features/session/session-store.ts';
import { useSettingsStore } from '../features/settings/settings-store.ts';
import { makeDevice, makeUpdate } from '../test/fixtures.ts';
import { live } from '../test/live-connection-mock.ts';
import { useLiveChannel } from './useLiveChannel.ts';

const health = vi.hoisted(() => ({ serverAnswers: vi.fn(async () => false) }));
vi.mock('../api/health.ts', () => health);
vi.mock('../features/live/live-connection.ts', () => import('../test/live-connection-mock.ts'));

beforeEach(() => {
  vi.useFakeTimers();
  vi.clearAllMocks();
  useLiveStore.setState({
    state: 'idle',
    error: null,
    latencyMs: null,
    retry: null,
    staleSince: null,
  });
  health.serverAnswers.mockImplementation(async () => false);
  useSessionStore.setState({ token: 'tok-1', isAuthenticated: true });
  useSettingsStore.getState().reset();
  useDevicesStore.getState().reset();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('useLiveChannel', () => {
  it('opens the connection on mount and closes it on unmount', () => {
    const { unmount } = renderHook(() => useLiveChannel());
    expect(live.connect).toHaveBeenCalledTimes(1);
    useLiveStore.getState().retry!();
    expect(live.retryNow).toHaveBeenCalledTimes(1);
    unmount();
    expect(live.close).toHaveBeenCalledTimes(1);
    expect(useLiveStore.getState().retry).toBeNull();
  });

  it('reconnects when the session token changes', () => {
    renderHook(() => useLiveChannel());
    act(() => useSessionStore.setState({ token: 'tok-2' }));
    expect(live.tokenUpdated).toHaveBeenCalledTimes(1);
    act(() => useSessionStore.setState({ token: 'tok-2', user: null }));
    expect(live.tokenUpdated).toHaveBeenCalledTimes(1);
  });

  it('merges a burst of updates in one store write, the last update per device and map winning', () => {
    const apply = vi.spyOn(useDevicesStore.getState(), 'applyUpdates');
    useDevicesStore.setState({ applyUpdates: apply });
    renderHook(() => useLiveChannel());
    live.opts!.onUpdate(makeUpdate({ mac: 'A', mapId: 'm1', rssi: -80 }));
    live.opts!.onUpdate(makeUpdate({ mac: 'A', mapId: 'm2', rssi: -75 }));
    live.opts!.onUpdate(makeUpdate({ mac: 'A', mapId: 'm1', rssi: -60 }));
    live.opts!.onUpdate(makeUpdate({ mac: 'B', mapId: 'm1', rssi: -70 }));
    expect(apply).not.toHaveBeenCalled();
    vi.advanceTimersByTime(250);
    expect(apply).toHaveBeenCalledTimes(1);
    expect(apply.mock.calls[0]![0].map((u) => [u.mac, u.mapId, u.rssi])).toEqual([
      ['A', 'm2', -75],
      ['A', 'm1', -60],
      ['B', 'm1', -70],
    ]);
  });

  it("merges the updates received before the server's watch answer under the previous answer", () => {
    const pos = { x: 1, y: 1 };
    const placed = { position: pos, triangulationInfo: null, receivedAt: 0 };
    useDevicesStore.setState({
      entities: { A: makeDevice({ mac: 'A' }) },
      watched: ['m1'],
      positions: { m1: { A: placed } },
    });
    renderHook(() => useLiveChannel());
    act(() => live.opts!.onState('connected'));
    // Sent before the server took the watch in: "on none of the maps you watch" (none yet).
    live.opts!.onUpdate(makeUpdate({ mac: 'A', mapId: null }));
    act(() => live.opts!.onWatching!({ watching: ['m1'], refused: [] }));
    expect(useDevicesStore.getState().confirmed).toEqual(['m1']);
    expect(useDevicesStore.getState().positions.m1).toHaveProperty('A');
    // Now the same update means the device left the map.
    live.opts!.onUpdate(makeUpdate({ mac: 'A', mapId: null }));
    act(() => vi.advanceTimersByTime(250));
    expect(useDevicesStore.getState().positions.m1).not.toHaveProperty('A');
    // Down, the connection watches nothing.
    act(() => live.opts!.onState('reconnecting'));
    expect(useDevicesStore.getState().confirmed).toEqual([]);
  });

  it('tells the connection which maps to watch, and again when they change', () => {
    useDevicesStore.setState({ watched: ['m1'] });
    renderHook(() => useLiveChannel());
    expect(live.watch).toHaveBeenLastCalledWith(['m1']);
    act(() => useDevicesStore.setState({ watched: ['m2'] }));
    expect(live.watch).toHaveBeenLastCalledWith(['m2']);
  });

  it('pings every 25 s and shows the round trip of the pong', () => {
    renderHook(() => useLiveChannel());
    vi.advanceTimersByTime(25_000);
    expect(live.ping).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(40);
    live.opts!.onPong!({ timestamp: Date.now(), protocol: 1 });
    expect(useLiveStore.getState().latencyMs).toBe(40);
  });

  it('polls devices and map positions at the Data Refresh Rate only while the channel is down', () => {
    const load = vi.fn(async () => {});
    const refresh = vi.fn(async () => {});
    useDevicesStore.setState({ loadMonitored: load, refreshPositions: refresh });
    useSettingsStore.setState((s) => ({ saved: { ...s.saved, pollInterval: 2000 } }));
    renderHook(() => useLiveChannel());
    act(() => useLiveStore.setState({ state: 'connected' }));
    vi.advanceTimersByTime(10_000);
    expect(load).not.toHaveBeenCalled();
    act(() => useLiveStore.setState({ state: 'reconnecting' }));
    vi.advanceTimersByTime(6_000);
    expect(load).toHaveBeenCalledTimes(3);
    expect(refresh).toHaveBeenCalledTimes(3);
    act(() => useLiveStore.setState({ state: 'connected' }));
    vi.advanceTimersByTime(10_000);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('once reconnects are used up, a poll the server answers reopens the channel', async () => {
    useDevicesStore.setState({
      loadMonitored: vi.fn(async () => {}),
      refreshPositions: vi.fn(async () => {}),
    });
    renderHook(() => useLiveChannel());
    act(() => useLiveStore.setState({ state: 'reconnecting', error: 'Connection timeout' }));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(live.retryNow).not.toHaveBeenCalled();
    act(() => useLiveStore.setState({ state: 'disconnected', error: 'Connection timeout' }));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(live.retryNow).toHaveBeenCalledTimes(1);
  });

  it('a poll the server does not answer leaves the channel closed', async () => {
    const refresh = vi.fn(async () => {
      throw new Error('Failed to fetch devices');
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    useDevicesStore.setState({ loadMonitored: vi.fn(async () => {}), refreshPositions: refresh });
    renderHook(() => useLiveChannel());
    act(() => useLiveStore.setState({ state: 'disconnected', error: 'Connection timeout' }));
    await vi.advanceTimersByTimeAsync(15_000);
    expect(refresh).toHaveBeenCalledTimes(3);
    expect(live.retryNow).not.toHaveBeenCalled();
  });

  it('never reopens a channel the server refused for its protocol', async () => {
    useDevicesStore.setState({
      loadMonitored: vi.fn(async () => {}),
      refreshPositions: vi.fn(async () => {}),
    });
    renderHook(() => useLiveChannel());
    act(() =>
      useLiveStore.setState({ state: 'disconnected', error: CONNECTION_ERRORS.protocolMismatch }),
    );
    await vi.advanceTimersByTimeAsync(15_000);
    expect(live.retryNow).not.toHaveBeenCalled();
  });

  it('re-fetches the lists after a reconnect', () => {
    const load = vi.fn(async () => {});
    const loadConfigured = vi.fn(async () => {});
    const loadGateways = vi.fn(async () => {});
    const loadAllGateways = vi.fn(async () => {});
    const refresh = vi.fn(async () => {});
    const loadBuildings = vi.fn(async () => {});
    useDevicesStore.setState({ loadMonitored: load, loadConfigured, refreshPositions: refresh });
    useBuildingsStore.setState({ load: loadBuildings });
    useGatewaysStore.setState({ loadMonitored: loadGateways, loadAll: loadAllGateways });
    renderHook(() => useLiveChannel());
    live.opts!.onReconnected();
    expect(load).toHaveBeenCalledTimes(1);
    expect(loadConfigured).toHaveBeenCalledTimes(1);
    expect(loadGateways).toHaveBeenCalledTimes(1);
    expect(loadAllGateways).toHaveBeenCalledTimes(1);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(loadBuildings).toHaveBeenCalledTimes(1);
  });

  it('marks what is shown stale as of the last time the server was heard, until connected again', () => {
    renderHook(() => useLiveChannel());
    live.heardAt.mockReturnValue(1_000);
    act(() => live.opts!.onState('connecting'));
    expect(useLiveStore.getState().staleSince).toBeNull();
    act(() => live.opts!.onState('connected'));
    live.heardAt.mockReturnValue(5_000);
    act(() => live.opts!.onState('reconnecting', 'transport close'));
    expect(useLiveStore.getState().staleSince).toBe(5_000);
    live.heardAt.mockReturnValue(9_000);
    act(() => live.opts!.onState('connecting'));
    act(() => live.opts!.onState('disconnected', 'Connection timeout'));
    expect(useLiveStore.getState().staleSince).toBe(5_000);
    act(() => live.opts!.onState('connected'));
    expect(useLiveStore.getState().staleSince).toBeNull();
  });

  it('a poll the server answers while paused moves the time of what is shown forward', async () => {
    useDevicesStore.setState({
      loadMonitored: vi.fn(async () => {}),
      refreshPositions: vi.fn(async () => {}),
    });
    renderHook(() => useLiveChannel());
    act(() => useLiveStore.setState({ state: 'reconnecting', staleSince: 1_000 }));
    const askedAt = Date.now() + 5_000;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(useLiveStore.getState().staleSince).toBe(askedAt);
  });

  it('tries the channel at once when the server answers again after it did not', async () => {
    useDevicesStore.setState({
      loadMonitored: vi.fn(async () => {}),
      refreshPositions: vi.fn(async () => {}),
    });
    renderHook(() => useLiveChannel());
    act(() => useLiveStore.setState({ state: 'reconnecting', error: 'transport close' }));
    await vi.advanceTimersByTimeAsync(3_000);
    expect(health.serverAnswers).toHaveBeenCalledTimes(3);
    expect(live.retryNow).not.toHaveBeenCalled();
    health.serverAnswers.mockImplementation(async () => true);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(live.retryNow).toHaveBeenCalledTimes(1);
    // Still answering: the reconnect schedule keeps its own timing.
    await vi.advanceTimersByTimeAsync(3_000);
    expect(live.retryNow).toHaveBeenCalledTimes(1);
  });

  it('does not ask the server while connected, nor reopen a channel it refused', async () => {
    useDevicesStore.setState({
      loadMonitored: vi.fn(async () => {}),
      refreshPositions: vi.fn(async () => {}),
    });
    renderHook(() => useLiveChannel());
    act(() => useLiveStore.setState({ state: 'connected' }));
    await vi.advanceTimersByTimeAsync(3_000);
    expect(health.serverAnswers).not.toHaveBeenCalled();
    act(() =>
      useLiveStore.setState({ state: 'disconnected', error: CONNECTION_ERRORS.authFailed }),
    );
    await vi.advanceTimersByTimeAsync(2_000);
    health.serverAnswers.mockImplementation(async () => true);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(live.retryNow).not.toHaveBeenCalled();
  });
});
