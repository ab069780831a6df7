import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveConnectionOptions } from '../features/live/live-connection.ts';
import { useDevicesStore } from '../features/devices/devices-store.ts';
import { useGatewaysStore } from '../features/gateways/gateways-store.ts';
import { useLiveStore } from '../features/live/live-store.ts';
import { useSessionStore } from '../features/session/session-store.ts';
import { useSettingsStore } from '../features/settings/settings-store.ts';
import { makeUpdate } from '../test/fixtures.ts';
import { useLiveChannel } from './useLiveChannel.ts';

const live = vi.hoisted(() => ({
  opts: null as LiveConnectionOptions | null,
  connect: vi.fn(),
  close: vi.fn(),
  tokenUpdated: vi.fn(),
  retryNow: vi.fn(),
  ping: vi.fn(),
}));
vi.mock('../features/live/live-connection.ts', () => ({
  createLiveConnection: (opts: LiveConnectionOptions) => {
    live.opts = opts;
    return live;
  },
}));

beforeEach(() => {
  vi.useFakeTimers();
  vi.clearAllMocks();
  useLiveStore.setState({ state: 'idle', error: null, latencyMs: null, retry: null });
  useSessionStore.setState({ token: 'tok-1', isAuthenticated: true });
  useSettingsStore.getState().reset();
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

  it('merges a burst of updates in one store write, the last update per device winning', () => {
    const apply = vi.spyOn(useDevicesStore.getState(), 'applyUpdates');
    useDevicesStore.setState({ applyUpdates: apply });
    renderHook(() => useLiveChannel());
    live.opts!.onUpdate(makeUpdate({ mac: 'A', rssi: -80 }));
    live.opts!.onUpdate(makeUpdate({ mac: 'A', rssi: -60 }));
    live.opts!.onUpdate(makeUpdate({ mac: 'B', rssi: -70 }));
    expect(apply).not.toHaveBeenCalled();
    vi.advanceTimersByTime(250);
    expect(apply).toHaveBeenCalledTimes(1);
    expect(apply.mock.calls[0]![0].map((u) => [u.mac, u.rssi])).toEqual([
      ['A', -60],
      ['B', -70],
    ]);
  });

  it('pings every 25 s and shows the round trip of the pong', () => {
    renderHook(() => useLiveChannel());
    vi.advanceTimersByTime(25_000);
    expect(live.ping).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(40);
    live.opts!.onPong!({ timestamp: Date.now(), protocol: 1 });
    expect(useLiveStore.getState().latencyMs).toBe(40);
  });

  it('polls monitored devices at the Data Refresh Rate only while the channel is down', () => {
    const load = vi.fn(async () => {});
    useDevicesStore.setState({ loadMonitored: load });
    useSettingsStore.setState((s) => ({ saved: { ...s.saved, pollInterval: 2000 } }));
    renderHook(() => useLiveChannel());
    act(() => useLiveStore.setState({ state: 'connected' }));
    vi.advanceTimersByTime(10_000);
    expect(load).not.toHaveBeenCalled();
    act(() => useLiveStore.setState({ state: 'reconnecting' }));
    vi.advanceTimersByTime(6_000);
    expect(load).toHaveBeenCalledTimes(3);
    act(() => useLiveStore.setState({ state: 'connected' }));
    vi.advanceTimersByTime(10_000);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('re-fetches the lists after a reconnect', () => {
    const load = vi.fn(async () => {});
    const loadConfigured = vi.fn(async () => {});
    const loadGateways = vi.fn(async () => {});
    const loadAllGateways = vi.fn(async () => {});
    useDevicesStore.setState({ loadMonitored: load, loadConfigured });
    useGatewaysStore.setState({ loadMonitored: loadGateways, loadAll: loadAllGateways });
    renderHook(() => useLiveChannel());
    live.opts!.onReconnected();
    expect(load).toHaveBeenCalledTimes(1);
    expect(loadConfigured).toHaveBeenCalledTimes(1);
    expect(loadGateways).toHaveBeenCalledTimes(1);
    expect(loadAllGateways).toHaveBeenCalledTimes(1);
  });
});
