/**
 * Replay: while a session is open, the map it belongs to draws the devices and zone counts of the
 * replayed moment instead of the live ones. The store holds the range, the clock and what was
 * loaded for the range (every kept position and zone visit); layers read the moment through
 * replayMoment() when they draw, so the clock never has to tick through React.
 */
import { create } from 'zustand';
import { fetchHistoryPositions, fetchHistoryVisits } from '../../api/history.ts';
import { errorText } from '../../api/http.ts';
import {
  clockTime,
  isPlaying,
  pause,
  pausedClock,
  play,
  seek,
  withSpeed,
  type ReplayClock,
  type ReplaySpeed,
} from './replay-clock.ts';
import { timedVisits, type TimedVisit } from './replay-occupancy.ts';
import type { ReplayPreset, ReplayRange } from './replay-range.ts';
import { toTracks, type ReplayTrack } from './replay-tracks.ts';

export interface ReplaySession extends ReplayRange {
  mapId: string;
  preset: ReplayPreset;
}

interface ReplayState {
  session: ReplaySession | null;
  clock: ReplayClock | null;
  tracks: Record<string, ReplayTrack>;
  visits: TimedVisit[];
  loading: boolean;
  /** Why the range could not be loaded (the server's reason with the call's message). */
  error: string | null;
  /** Open (or change) the replay of a map over a range, paused at `at` (its start by default). */
  open: (session: ReplaySession, at?: number) => Promise<void>;
  /** Back to live. */
  close: () => void;
  play: () => void;
  pause: () => void;
  seek: (at: number) => void;
  setSpeed: (speed: ReplaySpeed) => void;
}

const empty = { tracks: {}, visits: [], loading: false, error: null };

/** The load under way: a newer open or a close aborts it. */
let loading: AbortController | null = null;

export const useReplayStore = create<ReplayState>((set, get) => {
  const tick = (change: (c: ReplayClock, wall: number) => ReplayClock) => {
    const clock = get().clock;
    if (clock) set({ clock: change(clock, Date.now()) });
  };
  return {
    session: null,
    clock: null,
    ...empty,
    async open(session, at) {
      loading?.abort();
      const ctrl = new AbortController();
      loading = ctrl;
      const speed = get().clock?.speed ?? 1;
      set({
        session,
        clock: { ...pausedClock(session.from, session.to, at), speed },
        ...empty,
        loading: true,
      });
      try {
        // The devices of the pages read so far are drawn while the next pages load.
        const partly = (pages: Parameters<typeof toTracks>[0]) => {
          if (loading === ctrl) set({ tracks: toTracks(pages) });
        };
        const [pages, visits] = await Promise.all([
          fetchHistoryPositions(session.mapId, session, ctrl.signal, partly),
          fetchHistoryVisits(session.mapId, session, ctrl.signal),
        ]);
        if (loading !== ctrl) return;
        set({ tracks: toTracks(pages), visits: timedVisits(visits), loading: false });
      } catch (err) {
        if (loading !== ctrl) return;
        set({ loading: false, error: errorText(err) });
      } finally {
        if (loading === ctrl) loading = null;
      }
    },
    close() {
      loading?.abort();
      loading = null;
      set({ session: null, clock: null, ...empty });
    },
    play: () => tick(play),
    pause: () => tick(pause),
    seek: (at) => tick((c, wall) => seek(c, at, wall)),
    setSpeed: (speed) => tick((c, wall) => withSpeed(c, speed, wall)),
  };
});

/** The replayed moment on a map and whether it is moving, or null while that map is live. */
export function replayMoment(
  s: Pick<ReplayState, 'session' | 'clock'>,
  mapId: string,
  wall: number,
): { at: number; playing: boolean } | null {
  if (!s.clock || s.session?.mapId !== mapId) return null;
  return { at: clockTime(s.clock, wall), playing: isPlaying(s.clock, wall) };
}
