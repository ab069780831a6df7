import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/http.ts';
import {
  fetchHistoryKept,
  fetchHistoryPositions,
  fetchHistoryState,
  fetchHistoryVisits,
} from '../../api/history.ts';
import { replayMoment, useReplayStore } from './replay-store.ts';
import { seekWindow, windowAheadMs } from './replay-windows.ts';

vi.mock('../../api/history.ts', () => ({
  fetchHistoryPositions: vi.fn(),
  fetchHistoryState: vi.fn(),
  fetchHistoryKept: vi.fn(),
  fetchHistoryVisits: vi.fn(),
}));

const T0 = Date.parse('2026-01-01T10:00:00Z');
const session = { mapId: 'm1', from: T0, to: T0 + 600_000, preset: 'custom' as const };
const positions = vi.mocked(fetchHistoryPositions);
const visits = vi.mocked(fetchHistoryVisits);
const state = vi.mocked(fetchHistoryState);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(T0 + 3_600_000);
  positions.mockResolvedValue([
    {
      success: true,
      mapId: 'm1',
      next: null,
      devices: [{ mac: 'A', points: [{ at: new Date(T0).toISOString(), x: 1, y: 2 }] }],
    },
  ]);
  state.mockResolvedValue([{ mac: 'A', at: new Date(T0).toISOString(), x: 1, y: 2 }]);
  vi.mocked(fetchHistoryKept).mockResolvedValue(true);
  visits.mockResolvedValue([]);
});
afterEach(() => {
  useReplayStore.getState().close();
  vi.useRealTimers();
  vi.clearAllMocks();
});

describe('replay store', () => {
  it('opens a map paused at the moment asked for, with its state and the history around it', async () => {
    await useReplayStore.getState().open(session, T0 + 60_000);
    const s = useReplayStore.getState();
    expect(state).toHaveBeenCalledWith('m1', T0 + 60_000, expect.any(AbortSignal));
    expect(positions).toHaveBeenCalledWith('m1', seekWindow(T0 + 60_000), expect.any(AbortSignal));
    expect(Object.keys(s.tracks)).toEqual(['A']);
    expect(s.loading).toBe(false);
    expect(replayMoment(s, 'm1', Date.now())).toEqual({ at: T0 + 60_000, playing: false });
    // Another map stays live.
    expect(replayMoment(s, 'm2', Date.now())).toBeNull();
  });

  it('plays at the chosen speed, pauses, and scrubs', async () => {
    await useReplayStore.getState().open(session);
    const store = useReplayStore.getState();
    store.setSpeed(30);
    store.play();
    vi.setSystemTime(Date.now() + 2_000);
    expect(replayMoment(useReplayStore.getState(), 'm1', Date.now())).toEqual({
      at: T0 + 60_000,
      playing: true,
    });
    store.pause();
    store.seek(T0 + 300_000);
    vi.setSystemTime(Date.now() + 2_000);
    expect(replayMoment(useReplayStore.getState(), 'm1', Date.now())).toEqual({
      at: T0 + 300_000,
      playing: false,
    });
  });

  it('draws the state at the moment while the history around it loads', async () => {
    let finish: () => void = () => {};
    positions.mockImplementationOnce(async () => {
      await new Promise<void>((resolve) => (finish = resolve));
      return [];
    });
    state.mockResolvedValueOnce([{ mac: 'FIRST', at: new Date(T0).toISOString(), x: 1, y: 1 }]);
    const opening = useReplayStore.getState().open(session);
    await vi.waitFor(() =>
      expect(Object.keys(useReplayStore.getState().tracks)).toEqual(['FIRST']),
    );
    expect(useReplayStore.getState().loading).toBe(true);
    finish();
    await opening;
    expect(useReplayStore.getState().loading).toBe(false);
  });

  it('asks for the next window of history while it plays, before the moment needs it', async () => {
    await useReplayStore.getState().open(session);
    useReplayStore.getState().play();
    const loaded = seekWindow(T0).to;
    expect(positions).toHaveBeenCalledTimes(1);
    // 70 s on at 1x, less than half a window is left ahead of what was loaded.
    vi.setSystemTime(Date.now() + 70_000);
    await vi.waitFor(() =>
      expect(positions).toHaveBeenLastCalledWith(
        'm1',
        { from: loaded, to: loaded + windowAheadMs(1) },
        expect.any(AbortSignal),
      ),
    );
    expect(state).toHaveBeenCalledTimes(1);
  });

  it('goes back to live when closed', async () => {
    await useReplayStore.getState().open(session);
    useReplayStore.getState().close();
    const s = useReplayStore.getState();
    expect(s.session).toBeNull();
    expect(replayMoment(s, 'm1', Date.now())).toBeNull();
  });

  it("shows the server's reason when the range is refused", async () => {
    state.mockRejectedValue(
      new ApiError('Failed to load the history', 400, 'The range is beyond retention'),
    );
    await useReplayStore.getState().open(session);
    expect(useReplayStore.getState().error).toBe(
      'Failed to load the history: The range is beyond retention',
    );
  });

  it('keeps only the load of the latest range', async () => {
    let finishFirst: (v: Awaited<ReturnType<typeof fetchHistoryPositions>>) => void = () => {};
    positions.mockImplementationOnce(() => new Promise((resolve) => (finishFirst = resolve)));
    const first = useReplayStore.getState().open(session);
    await useReplayStore.getState().open({ ...session, from: T0 + 1 });
    finishFirst([
      {
        success: true,
        mapId: 'm1',
        next: null,
        devices: [{ mac: 'OLD', points: [{ at: new Date(T0).toISOString(), x: 0, y: 0 }] }],
      },
    ]);
    await first;
    expect(Object.keys(useReplayStore.getState().tracks)).toEqual(['A']);
    expect(useReplayStore.getState().session?.from).toBe(T0 + 1);
  });
});
