import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useZonesStore } from '../zones/zones-store.ts';
import { timedVisits } from './replay-occupancy.ts';
import { useReplayStore } from './replay-store.ts';
import { useShownOccupancy } from './use-shown-occupancy.ts';

vi.mock('../../api/history.ts', () => ({
  fetchHistoryPositions: vi.fn(async () => []),
  fetchHistoryState: vi.fn(async () => []),
  fetchHistoryKept: vi.fn(async () => false),
  fetchHistoryVisits: vi.fn(async () => []),
}));

const T0 = Date.parse('2026-01-01T10:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();
const visit = (mac: string, entered: number, exited: number | null) => ({
  mac,
  zoneId: 'ward',
  enteredAt: iso(entered),
  exitedAt: exited === null ? null : iso(exited),
  dwellSeconds: 0,
  exitReason: null,
});

beforeEach(() => useZonesStore.setState({ occupancy: { ward: 7 } }));
afterEach(() => act(() => useReplayStore.getState().close()));

describe('zone counts shown on a map', () => {
  it('are the live counts, those of the replayed moment while the map is replayed, then live again', async () => {
    const { result } = renderHook(() => useShownOccupancy('m1'));
    expect(result.current).toEqual({ ward: 7 });
    await act(async () => {
      await useReplayStore
        .getState()
        .open({ mapId: 'm1', from: T0, to: T0 + 600_000, preset: 'custom' }, T0 + 60_000);
      useReplayStore.setState({
        visits: timedVisits([visit('A', T0, T0 + 120_000), visit('B', T0 + 90_000, null)]),
      });
    });
    expect(result.current).toEqual({ ward: 1 });
    act(() => useReplayStore.getState().seek(T0 + 100_000));
    expect(result.current).toEqual({ ward: 2 });
    act(() => useReplayStore.getState().close());
    expect(result.current).toEqual({ ward: 7 });
  });

  it('stay live on another map than the replayed one', async () => {
    const { result } = renderHook(() => useShownOccupancy('m2'));
    await act(() =>
      useReplayStore.getState().open({ mapId: 'm1', from: T0, to: T0 + 1, preset: 'custom' }),
    );
    expect(result.current).toEqual({ ward: 7 });
  });
});
