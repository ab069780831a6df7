import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TrackingMap } from '@rtls/contract';
import { jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { makeMap } from '../../test/fixtures.ts';
import { renderHook } from '@testing-library/react';
import { useAllMaps, useMapsStore } from './maps-store.ts';

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

describe('maps store writes', () => {
  const seed = (own: TrackingMap[], shared: TrackingMap[] = [], current: string | null = null) =>
    useMapsStore.setState({
      entities: Object.fromEntries([...own, ...shared].map((m) => [m._id, m])),
      userMaps: own.map((m) => m._id),
      sharedMaps: shared.map((m) => m._id),
      currentMapId: current,
    });

  it('deleting the current map switches to the first remaining own map', async () => {
    seed([own1, own2], [shared1], 'own-1');
    localStorage.setItem('mapView:own-1', '{}');
    mockFetch({ 'DELETE /api/maps/own-1': jsonResponse({ success: true }) });
    await useMapsStore.getState().remove('own-1');
    const s = useMapsStore.getState();
    expect(s.currentMapId).toBe('own-2');
    expect(s.userMaps).toEqual(['own-2']);
    expect(s.entities['own-1']).toBeUndefined();
    expect(localStorage.getItem('mapView:own-1')).toBeNull();
  });

  it('deleting the current last own map switches to the first shared map, then to none', async () => {
    seed([own1], [shared1], 'own-1');
    mockFetch({ 'DELETE /api/maps/own-1': jsonResponse({ success: true }) });
    await useMapsStore.getState().remove('own-1');
    expect(useMapsStore.getState().currentMapId).toBe('shared-1');

    seed([own1], [], 'own-1');
    await useMapsStore.getState().remove('own-1');
    expect(useMapsStore.getState().currentMapId).toBeNull();
  });

  it('deleting another map keeps the current one', async () => {
    seed([own1, own2], [], 'own-2');
    mockFetch({ 'DELETE /api/maps/own-1': jsonResponse({ success: true }) });
    await useMapsStore.getState().remove('own-1');
    expect(useMapsStore.getState().currentMapId).toBe('own-2');
  });

  it("a failed delete keeps the map and rejects with the call's message", async () => {
    seed([own1], [], 'own-1');
    mockFetch({});
    await expect(useMapsStore.getState().remove('own-1')).rejects.toThrow('Failed to delete map');
    expect(useMapsStore.getState().userMaps).toEqual(['own-1']);
  });

  it("duplicating adds the copy to the user's maps", async () => {
    seed([own1], [shared1]);
    const copy = makeMap({ _id: 'copy', name: 'Shared 1 (copy)' });
    mockFetch({ 'POST /api/maps/shared-1/duplicate': jsonResponse({ success: true, map: copy }) });
    await useMapsStore.getState().duplicate('shared-1');
    expect(useMapsStore.getState().userMaps).toEqual(['own-1', 'copy']);
    expect(useMapsStore.getState().entities.copy?.name).toBe('Shared 1 (copy)');
  });

  it('creating sends the new-map defaults, reloads the list and makes the map current', async () => {
    const created = makeMap({ _id: 'new', name: 'Lobby' });
    const { calls } = mockFetch({
      'POST /api/maps': jsonResponse({ success: true, map: created }, 201),
      'GET /api/maps': jsonResponse({ success: true, maps: [own1, created] }),
      'GET /api/maps/shared': jsonResponse({ success: true, maps: [] }),
    });
    await useMapsStore.getState().create({
      values: { name: ' Lobby ', description: 'Main', buildingName: 'HQ', floor: '1' },
    });
    expect(calls[0]!.body).toEqual({
      name: 'Lobby',
      description: 'Main',
      isPublic: false,
      metadata: { buildingName: 'HQ', floor: '1' },
      settings: {
        imageSize: { width: 1200, height: 800 },
        defaultCenter: { x: 600, y: 400 },
        defaultZoom: 1,
        minZoom: 0.1,
        maxZoom: 15,
      },
    });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toContain('GET /api/maps');
    expect(useMapsStore.getState().currentMapId).toBe('new');
    expect(localStorage.getItem('lastViewedMapId')).toBe('new');
  });

  it('updating merges metadata and copies the settings without the image path', async () => {
    const m = makeMap({
      _id: 'own-1',
      metadata: { buildingName: 'Old', floor: '2' },
      settings: { backgroundImage: '/images/a.png', imageSize: { width: 10, height: 20 } },
    });
    seed([m]);
    const { calls } = mockFetch({
      'PUT /api/maps/own-1': jsonResponse({ success: true, map: { ...m, name: 'New' } }),
    });
    await useMapsStore.getState().update('own-1', {
      values: { name: 'New', description: '', buildingName: 'Old', floor: '3' },
    });
    expect(calls[0]!.body).toEqual({
      name: 'New',
      description: '',
      isPublic: false,
      metadata: { buildingName: 'Old', floor: '3' },
      settings: { imageSize: { width: 10, height: 20 } },
    });
    expect(useMapsStore.getState().entities['own-1']?.name).toBe('New');
  });

  it('saving a preset writes settings.savedView', async () => {
    seed([own1]);
    const view = { center: { x: 5, y: 6 }, zoom: 0.5 };
    mockFetch({ 'PATCH /api/maps/own-1/preset': jsonResponse({ success: true, savedView: view }) });
    await useMapsStore.getState().savePreset('own-1', view);
    expect(useMapsStore.getState().entities['own-1']?.settings.savedView).toEqual(view);
  });

  it('setting the scale saves settings.pixelsPerMetre through the update call', async () => {
    seed([own1]);
    const { calls } = mockFetch({
      'PUT /api/maps/own-1': (c) =>
        jsonResponse({
          success: true,
          map: { ...own1, settings: (c.body as { settings: object }).settings },
        }),
    });
    await useMapsStore.getState().setPixelsPerMetre('own-1', 42.5);
    expect(
      (calls[0]!.body as { settings: { pixelsPerMetre: number } }).settings.pixelsPerMetre,
    ).toBe(42.5);
    expect(useMapsStore.getState().entities['own-1']?.settings.pixelsPerMetre).toBe(42.5);
  });

  it('view mode defaults to tabs and toggles', () => {
    expect(useMapsStore.getState().viewMode).toBe('tabs');
    useMapsStore.getState().setViewMode('grid');
    expect(useMapsStore.getState().viewMode).toBe('grid');
  });
});

describe('selecting a map', () => {
  it('loads it, so the access count and last access stay current', async () => {
    useMapsStore.setState({ entities: { 'own-1': own1 }, userMaps: ['own-1'] });
    const opened = { ...own1, accessCount: 5, lastAccessedAt: '2024-06-01T00:00:00.000Z' };
    const { calls } = mockFetch({
      'GET /api/maps/own-1': jsonResponse({ success: true, map: opened }),
    });
    useMapsStore.getState().select('own-1');
    await vi.waitFor(() => expect(useMapsStore.getState().entities['own-1']?.accessCount).toBe(5));
    useMapsStore.getState().select('own-1');
    expect(calls).toHaveLength(1);
  });
});

describe('maps store public maps', () => {
  it('keeps an opened public map across a reload, in the list the tabs show', async () => {
    const lobby = makeMap({ _id: 'pub-1', name: 'Lobby', accessLevel: 'viewer', isPublic: true });
    mockFetch({
      'GET /api/maps': jsonResponse({ success: true, maps: [own1] }),
      'GET /api/maps/shared': jsonResponse({ success: true, maps: [] }),
      'GET /api/maps/public': jsonResponse({ success: true, maps: [own1, lobby] }),
      'GET /api/maps/pub-1': jsonResponse({ success: true, map: lobby }),
    });
    await useMapsStore.getState().load();
    await useMapsStore.getState().loadPublic();
    expect(useMapsStore.getState().publicMaps).toEqual(['pub-1']);
    expect(useMapsStore.getState().publicSeen).toBe(2);
    expect(useMapsStore.getState().publicMore).toBe(false);
    useMapsStore.getState().select('pub-1');
    await useMapsStore.getState().load();
    const s = useMapsStore.getState();
    expect(s.currentMapId).toBe('pub-1');
    expect(s.entities['pub-1']?.name).toBe('Lobby');
    const { result } = renderHook(() => useAllMaps());
    expect(result.current.map((m) => m._id)).toEqual(['own-1', 'pub-1']);
  });
});
