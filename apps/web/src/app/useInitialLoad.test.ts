import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, type FetchCall } from '../test/fetch-mock.ts';
import { makeDevice, makeGateway, makeMap } from '../test/fixtures.ts';
import { makeBuilding } from '../test/building-fixtures.ts';
import { useBuildingsStore } from '../features/buildings/buildings-store.ts';
import { useDevicesStore } from '../features/devices/devices-store.ts';
import { gatewayName, useGatewaysStore } from '../features/gateways/gateways-store.ts';
import { useMapsStore } from '../features/maps/maps-store.ts';
import { runInitialLoad, SAFETY_NET_WARNING, useInitialLoad } from './useInitialLoad.ts';

const ok = (body: unknown) => () => jsonResponse(body);
const CONFIGURED = makeDevice({ mac: 'AA:00:00:00:00:09', name: 'Cart 9', isMonitored: false });
const ELSEWHERE = makeGateway({ mac: 'GW:00:00:00:00:09', name: 'Loading dock', mapId: 'map-2' });

function routes(monitored: (c: FetchCall) => Response) {
  return {
    'GET /config/settings.md': () => new Response('## Map Settings\n- maxZoom: 4\n'),
    'GET /api/settings': ok({ success: true, config: {} }),
    'GET /api/user-settings': ok({ success: false }),
    'GET /api/maps': ok({ success: true, maps: [makeMap()] }),
    'GET /api/maps/shared': ok({ success: true, maps: [] }),
    'GET /api/devices/monitored': monitored,
    'GET /api/available/devices': ok({ devices: [] }),
    'GET /api/available/gateways': ok({ gateways: [] }),
    'GET /api/gateways/map/map-1': ok({ gateways: [] }),
    'GET /api/devices': ok({ devices: [CONFIGURED] }),
    'GET /api/gateways': ok({ gateways: [ELSEWHERE] }),
    'GET /api/gateways/monitored': ok({ gateways: [ELSEWHERE] }),
  };
}

// Every test starts from the stores as the app starts (a test may replace their actions).
const initial = {
  devices: useDevicesStore.getState(),
  gateways: useGatewaysStore.getState(),
  maps: useMapsStore.getState(),
};

beforeEach(() => {
  useDevicesStore.setState(initial.devices, true);
  useGatewaysStore.setState(initial.gateways, true);
  useMapsStore.setState(initial.maps, true);
  localStorage.setItem('token', 'tok');
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('initial load', () => {
  it('loads maps before monitored devices, after starting the settings loads', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { calls } = mockFetch(routes(ok({ devices: [makeDevice()] })));
    useMapsStore.setState({ currentMapId: 'stale' });
    await runInitialLoad();
    const paths = calls.map((c) => c.url.split('?')[0]);
    expect(paths.indexOf('/api/maps')).toBeLessThan(paths.indexOf('/api/devices/monitored'));
    expect(paths).toContain('/config/settings.md');
    expect(paths).toContain('/api/user-settings');
    expect(useMapsStore.getState().currentMapId).toBe('map-1');
    expect(useDevicesStore.getState().monitoredLoaded).toBe(true);
    expect(warn).not.toHaveBeenCalledWith(SAFETY_NET_WARNING);
  });

  it('loads configured devices, the account gateways and monitored gateways', async () => {
    const { calls } = mockFetch(routes(ok({ devices: [makeDevice()] })));
    await runInitialLoad();
    const paths = calls.map((c) => c.url.split('?')[0]);
    for (const path of ['/api/devices', '/api/gateways', '/api/gateways/monitored'])
      expect(paths).toContain(path);
    expect(useDevicesStore.getState().configured[CONFIGURED.mac]?.name).toBe('Cart 9');
    expect(useGatewaysStore.getState().monitored).toEqual([ELSEWHERE]);
    // A gateway on another map is named by the account's gateway list.
    expect(gatewayName(ELSEWHERE.mac)).toBe('Loading dock');
    expect(gatewayName('GW:UNKNOWN')).toBe('GW:UNKNOWN');
  });

  it('loads the buildings with the other lists', async () => {
    const building = makeBuilding();
    mockFetch({
      ...routes(ok({ devices: [] })),
      'GET /api/buildings': ok({ success: true, buildings: [building] }),
    });
    await runInitialLoad();
    await vi.waitFor(() => expect(useBuildingsStore.getState().buildings).toEqual([building]));
  });

  it('runs the safety-net load, with a logged warning, when monitored devices did not load', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    let n = 0;
    mockFetch(
      routes(() => (++n === 1 ? jsonResponse({}, 500) : jsonResponse({ devices: [makeDevice()] }))),
    );
    await runInitialLoad();
    expect(warn).toHaveBeenCalledWith(SAFETY_NET_WARNING);
    expect(n).toBe(2);
    expect(useDevicesStore.getState().monitoredLoaded).toBe(true);
  });
});

describe('periodic refetch', () => {
  it('re-reads monitored devices and the watched maps’ positions every 20 s while mounted', async () => {
    mockFetch(routes(ok({ devices: [] })));
    const loadMonitored = vi.fn(async () => {});
    const refreshPositions = vi.fn(async () => {});
    useDevicesStore.setState({ loadMonitored, refreshPositions });
    vi.useFakeTimers();
    try {
      const { unmount } = renderHook(() => useInitialLoad());
      await vi.advanceTimersByTimeAsync(1);
      const atStart = loadMonitored.mock.calls.length;
      await vi.advanceTimersByTimeAsync(39_999);
      expect(loadMonitored.mock.calls.length - atStart).toBe(2);
      expect(refreshPositions).toHaveBeenCalledTimes(2);
      unmount();
      await vi.advanceTimersByTimeAsync(40_000);
      expect(refreshPositions).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
