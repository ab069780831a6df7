import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, type FetchCall } from '../test/fetch-mock.ts';
import { makeDevice, makeMap } from '../test/fixtures.ts';
import { useDevicesStore } from '../features/devices/devices-store.ts';
import { useMapsStore } from '../features/maps/maps-store.ts';
import { runInitialLoad, SAFETY_NET_WARNING } from './useInitialLoad.ts';

const ok = (body: unknown) => () => jsonResponse(body);

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
  };
}

beforeEach(() => {
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
