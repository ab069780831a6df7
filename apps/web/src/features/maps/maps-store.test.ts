import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TrackingMap } from '@rtls/contract';
import { jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { makeMap } from '../../test/fixtures.ts';
import { useMapsStore } from './maps-store.ts';

beforeEach(() => {
  useMapsStore.getState().reset();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function serveMaps(own: TrackingMap[], shared: TrackingMap[]) {
  return mockFetch({
    'GET /api/maps': jsonResponse({ success: true, maps: own }),
    'GET /api/maps/shared': jsonResponse({ success: true, maps: shared }),
  });
}

const own1 = makeMap({ _id: 'own-1', name: 'Own 1' });
const own2 = makeMap({ _id: 'own-2', name: 'Own 2' });
const shared1 = makeMap({ _id: 'shared-1', name: 'Shared 1', accessLevel: 'viewer' });

describe('maps store load()', () => {
  it('loads own and shared maps', async () => {
    serveMaps([own1, own2], [shared1]);
    await useMapsStore.getState().load();
    const s = useMapsStore.getState();
    expect(s.userMaps).toEqual(['own-1', 'own-2']);
    expect(s.sharedMaps).toEqual(['shared-1']);
    expect(s.entities['shared-1']?.name).toBe('Shared 1');
    expect(s.loading).toBe(false);
    expect(s.error).toBeNull();
  });

  it('restores the remembered map when it is known', async () => {
    localStorage.setItem('lastViewedMapId', 'shared-1');
    serveMaps([own1, own2], [shared1]);
    await useMapsStore.getState().load();
    expect(useMapsStore.getState().currentMapId).toBe('shared-1');
  });

  it('picks the first own map when the remembered map is unknown', async () => {
    localStorage.setItem('lastViewedMapId', 'deleted-map');
    serveMaps([own2, own1], [shared1]);
    await useMapsStore.getState().load();
    expect(useMapsStore.getState().currentMapId).toBe('own-2');
    expect(localStorage.getItem('lastViewedMapId')).toBe('own-2');
  });

  it('picks the first shared map when there are no own maps', async () => {
    serveMaps([], [shared1, makeMap({ _id: 'shared-2' })]);
    await useMapsStore.getState().load();
    expect(useMapsStore.getState().currentMapId).toBe('shared-1');
  });

  it('selects nothing when there are no maps', async () => {
    localStorage.setItem('lastViewedMapId', 'own-1');
    serveMaps([], []);
    await useMapsStore.getState().load();
    expect(useMapsStore.getState().currentMapId).toBeNull();
  });

  it('keeps the current map on a reload when it still exists', async () => {
    serveMaps([own1, own2], []);
    await useMapsStore.getState().load();
    useMapsStore.getState().select('own-2');
    await useMapsStore.getState().load();
    expect(useMapsStore.getState().currentMapId).toBe('own-2');
  });

  it("reports 'Failed to fetch maps' when the maps call fails", async () => {
    mockFetch({
      'GET /api/maps': jsonResponse({ message: 'down' }, 500),
      'GET /api/maps/shared': jsonResponse({ success: true, maps: [] }),
    });
    await useMapsStore.getState().load();
    const s = useMapsStore.getState();
    expect(s.error).toBe('Failed to fetch maps');
    expect(s.loading).toBe(false);
    expect(s.currentMapId).toBeNull();
  });

  it('select remembers the map in localStorage', () => {
    useMapsStore.getState().select('own-1');
    expect(useMapsStore.getState().currentMapId).toBe('own-1');
    expect(localStorage.getItem('lastViewedMapId')).toBe('own-1');
  });
});
