import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useBuildingsStore } from '../features/buildings/buildings-store.ts';
import { useDevicesStore } from '../features/devices/devices-store.ts';
import { makeBuilding } from '../test/building-fixtures.ts';
import { jsonResponse, mockFetch } from '../test/fetch-mock.ts';
import { makeDevice } from '../test/fixtures.ts';
import { useWatchedMaps } from './useWatchedMaps.ts';

const MAC = 'AA:00:00:00:00:01';
const onMap = (mapId: string) =>
  jsonResponse({
    success: true,
    devices: mapId === 'f2' ? [makeDevice({ mac: MAC, position: { x: 1, y: 2 }, mapId })] : [],
  });

beforeEach(() => {
  useDevicesStore.getState().reset();
  useBuildingsStore.getState().reset();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the watched maps', () => {
  it('are the map on screen, and every floor of its building once the buildings are known', async () => {
    const { calls } = mockFetch({
      'GET /api/maps/f0/devices': () => onMap('f0'),
      'GET /api/maps/f1/devices': () => onMap('f1'),
      'GET /api/maps/f2/devices': () => onMap('f2'),
      'GET /api/maps/lone/devices': () => onMap('lone'),
    });
    const { rerender } = renderHook(({ mapId }) => useWatchedMaps(mapId), {
      initialProps: { mapId: 'f0' as string | null },
    });
    expect(useDevicesStore.getState().watched).toEqual(['f0']);

    act(() => useBuildingsStore.setState({ buildings: [makeBuilding()] }));
    expect(useDevicesStore.getState().watched).toEqual(['f0', 'f1', 'f2']);
    // The other floors' positions are fetched, so a device upstairs is known to be there.
    await waitFor(() => expect(useDevicesStore.getState().positions.f2?.[MAC]).toBeDefined());

    // Another floor of the same building: the same maps stay watched, nothing is fetched again.
    const fetched = calls.length;
    rerender({ mapId: 'f2' });
    expect([...useDevicesStore.getState().watched].sort()).toEqual(['f0', 'f1', 'f2']);
    expect(calls).toHaveLength(fetched);

    rerender({ mapId: 'lone' });
    expect(useDevicesStore.getState().watched).toEqual(['lone']);
    rerender({ mapId: null });
    expect(useDevicesStore.getState().watched).toEqual([]);
  });
});
