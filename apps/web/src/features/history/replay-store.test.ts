import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/http.ts';
import { fetchHistoryPositions, fetchHistoryVisits } from '../../api/history.ts';
import { replayMoment, useReplayStore } from './replay-store.ts';

vi.mock('../../api/history.ts', () => ({
  fetchHistoryPositions: vi.fn(),
  fetchHistoryVisits: vi.fn(),
}));

const T0 = Date.parse('2026-01-01T10:00:00Z');
const session = { mapId: 'm1', from: T0, to: T0 + 600_000, preset: 'custom' as const };
const positions = vi.mocked(fetchHistoryPositions);
const visits = vi.mocked(fetchHistoryVisits);

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
  visits.mockResolvedValue([]);
});
afterEach(() => {
  useReplayStore.getState().close();
  vi.useRealTimers();
  vi.clearAllMocks();
});

describe('replay store', () => {
  it('opens a map paused at the moment asked for, with the positions of the range', async () => {
    await useReplayStore.getState().open(session, T0 + 60_000);
    const s = useReplayStore.getState();
    expect(positions).toHaveBeenCalledWith(
      'm1',
      session,
      expect.any(AbortSignal),
      expect.any(Function),
    );
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

  it('draws the devices of the pages read so far while the rest loads', async () => {
    let finish: () => void = () => {};
    positions.mockImplementationOnce(async (_mapId, _range, _signal, onPage) => {
      const first = {
        success: true as const,
        mapId: 'm1',
        next: 'more',
        devices: [{ mac: 'FIRST', points: [{ at: new Date(T0).toISOString(), x: 1, y: 1 }] }],
      };
      onPage?.([first]);
      await new Promise<void>((resolve) => (finish = resolve));
      return [first];
    });
    const opening = useReplayStore.getState().open(session);
    await vi.waitFor(() =>
      expect(Object.keys(useReplayStore.getState().tracks)).toEqual(['FIRST']),
    );
    expect(useReplayStore.getState().loading).toBe(true);
    finish();
    await opening;
    expect(useReplayStore.getState().loading).toBe(false);
  });

  it('goes back to live when closed', async () => {
    await useReplayStore.getState().open(session);
    useReplayStore.getState().close();
    const s = useReplayStore.getState();
    expect(s.session).toBeNull();
    expect(replayMoment(s, 'm1', Date.now())).toBeNull();
  });

  it("shows the server's reason when the range is refused", async () => {
    positions.mockRejectedValue(
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
