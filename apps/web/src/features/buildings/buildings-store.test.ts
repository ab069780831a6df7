import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { makeBuilding } from '../../test/building-fixtures.ts';
import { useMapsStore } from '../maps/maps-store.ts';
import { useBuildingsStore, useCurrentBuilding } from './buildings-store.ts';

beforeEach(() => {
  useBuildingsStore.getState().reset();
  useMapsStore.getState().reset();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('buildings store', () => {
  it('loads the caller’s buildings, and keeps them (logging why) when a reload fails', async () => {
    const building = makeBuilding();
    mockFetch({ 'GET /api/buildings': jsonResponse({ success: true, buildings: [building] }) });
    await useBuildingsStore.getState().load();
    expect(useBuildingsStore.getState().buildings).toEqual([building]);

    mockFetch({ 'GET /api/buildings': jsonResponse({ message: 'down' }, 500) });
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await useBuildingsStore.getState().load();
    expect(useBuildingsStore.getState().buildings).toEqual([building]);
    expect(log).toHaveBeenCalledWith('Failed to fetch buildings', expect.anything());
  });

  it('names the building the map on screen is a floor of, and none for a map of its own', () => {
    const building = makeBuilding();
    useBuildingsStore.setState({ buildings: [building] });
    const { result } = renderHook(() => useCurrentBuilding());
    expect(result.current).toBeNull();
    act(() => useMapsStore.setState({ currentMapId: 'f1' }));
    expect(result.current).toBe(building);
    act(() => useMapsStore.setState({ currentMapId: 'lone-map' }));
    expect(result.current).toBeNull();
  });
});
