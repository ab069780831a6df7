import { afterEach, describe, expect, it, vi } from 'vitest';
import { useUiStore } from '../layout/ui-store.ts';
import { useMapsStore } from '../maps/maps-store.ts';
import { openMomentReplay } from './open-replay.ts';
import { MOMENT_MARGIN_MS } from './replay-range.ts';
import { replayMoment, useReplayStore } from './replay-store.ts';

vi.mock('../../api/history.ts', () => ({
  fetchHistoryPositions: vi.fn(async () => []),
  fetchHistoryState: vi.fn(async () => []),
  fetchHistoryKept: vi.fn(async () => false),
  fetchHistoryVisits: vi.fn(async () => []),
}));

afterEach(() => {
  useReplayStore.getState().close();
  useMapsStore.setState({ currentMapId: null });
  useUiStore.setState({ selectedDeviceMac: null });
});

describe('Replay this moment', () => {
  it("brings the moment's map on screen, replayed and paused at that moment, its device selected", () => {
    const at = Date.now() - 3_600_000;
    useMapsStore.setState({ viewMode: 'grid' });
    openMomentReplay('m2', new Date(at).toISOString(), 'AA:BB');
    expect(useMapsStore.getState().currentMapId).toBe('m2');
    expect(useMapsStore.getState().viewMode).toBe('tabs');
    expect(useUiStore.getState().selectedDeviceMac).toBe('AA:BB');
    const s = useReplayStore.getState();
    expect(s.session).toMatchObject({
      mapId: 'm2',
      preset: 'moment',
      from: at - MOMENT_MARGIN_MS,
      to: at + MOMENT_MARGIN_MS,
    });
    expect(replayMoment(s, 'm2', Date.now())).toEqual({ at, playing: false });
  });
});
