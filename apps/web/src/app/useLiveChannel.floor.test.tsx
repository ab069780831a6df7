import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_FLOOR_MODEL } from '@rtls/contract';
import { useFloorStore } from '../features/floor/floor-store.ts';
import { useMapsStore } from '../features/maps/maps-store.ts';
import { useSessionStore } from '../features/session/session-store.ts';
import { jsonResponse, mockFetch } from '../test/fetch-mock.ts';
import { live } from '../test/live-connection-mock.ts';
import { useLiveChannel } from './useLiveChannel.ts';

vi.mock('../features/live/live-connection.ts', () => import('../test/live-connection-mock.ts'));

const walled = (n: number) => ({
  ...EMPTY_FLOOR_MODEL,
  walls: Array.from({ length: n }, (_, i) => ({
    id: `w${i}`,
    kind: 'light' as const,
    points: [
      { x: 0, y: i },
      { x: 50, y: i },
    ],
  })),
});

beforeEach(() => {
  useSessionStore.setState({ token: 'tok-1', isAuthenticated: true });
  useFloorStore.setState({ ...useFloorStore.getInitialState(), mapId: 'map-1' });
  useMapsStore.setState({ currentMapId: 'map-1' });
});
afterEach(() => vi.unstubAllGlobals());

describe('floor model over the live channel', () => {
  it('re-reads the floor model when the socket says it changed, and after a reconnect', async () => {
    let walls = 1;
    mockFetch({
      'GET /api/maps/map-1/floor-model': () =>
        jsonResponse({ success: true, floorModel: walled(walls), updatedAt: null }),
    });
    renderHook(() => useLiveChannel());
    live.opts!.onZoneEvent!.floor_model_changed!({ mapId: 'map-1' });
    await vi.waitFor(() => expect(useFloorStore.getState().model.walls).toHaveLength(1));
    walls = 2;
    live.opts!.onReconnected();
    await vi.waitFor(() => expect(useFloorStore.getState().model.walls).toHaveLength(2));
  });
});
