/**
 * Replay: while a session is open, the map it belongs to draws the devices and zone counts of the
 * replayed moment instead of the live ones. The store holds the range, the clock, the zone visits
 * of the range (a row per stay: few) and the tracks its loader holds around the replayed moment
 * (replay-loader.ts); layers read the moment through replayMoment() when they draw, so the clock
 * never has to tick through React. While the replay plays, the loader is told the moment a few
 * times a second, so the next window of history comes before it is needed.
 */
import { create } from 'zustand';
import {
  fetchHistoryKept,
  fetchHistoryPositions,
  fetchHistoryState,
  fetchHistoryVisits,
} from '../../api/history.ts';
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
import { createReplayLoader, type ReplayLoader, type ReplayView } from './replay-loader.ts';
import { timedVisits, type TimedVisit } from './replay-occupancy.ts';
import type { ReplayPreset, ReplayRange } from './replay-range.ts';
import type { ReplayTrack } from './replay-tracks.ts';

export interface ReplaySession extends ReplayRange {
  mapId: string;
  preset: ReplayPreset;
}

interface ReplayState {
  session: ReplaySession | null;
  clock: ReplayClock | null;
  /** The tracks held around the replayed moment. */
  tracks: Record<string, ReplayTrack>;
  /** While a seek's first frame loads, the moment the map keeps drawing; else null. */
  heldAt: number | null;
  visits: TimedVisit[];
  /** Whether the range kept any position (null until known). */
  kept: boolean | null;
  loading: boolean;
  /** Why the history could not be loaded (the server's reason with the call's message). */
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

const empty = { tracks: {}, heldAt: null, visits: [], kept: null, loading: false, error: null };

/** How often a playing replay tells its loader the moment (ms): a window lasts 20 s or more. */
const FOLLOW_MS = 250;

interface Loads {
  loader: ReplayLoader;
  ctrl: AbortController;
  view: ReplayView;
  visits: { pending: boolean; error: string | null };
}
/** The session's loads: a newer open or a close aborts them. */
let current: Loads | null = null;
let following: ReturnType<typeof setInterval> | null = null;

const loaderFor = (mapId: string, end: number, onChange: (view: ReplayView) => void) =>
  createReplayLoader({
    end,
    onChange,
    fetchers: {
      state: (at, signal) => fetchHistoryState(mapId, at, signal),
      positions: (span, signal) => fetchHistoryPositions(mapId, span, signal),
    },
  });

function stop() {
  current?.ctrl.abort();
  current?.loader.close();
  current = null;
  if (following !== null) clearInterval(following);
  following = null;
}

/** What the layers and the bar read of the session's loads. */
const shown = (c: Loads) => ({
  tracks: c.view.tracks,
  heldAt: c.view.heldAt,
  loading: c.view.loading || c.visits.pending,
  error: c.view.error ?? c.visits.error,
});

export const useReplayStore = create<ReplayState>((set, get) => {
  /** Tell the loader the moment (a jump when it did not just run on); keep telling it while playing. */
  const follow = (jump: boolean) => {
    const clock = get().clock;
    const wall = Date.now();
    if (!clock || !current) return;
    current.loader.show(clockTime(clock, wall), clock.speed, jump);
    const playing = isPlaying(clock, wall);
    if (playing && following === null) following = setInterval(() => follow(false), FOLLOW_MS);
    if (!playing && following !== null) {
      clearInterval(following);
      following = null;
    }
  };
  const tick = (change: (c: ReplayClock, wall: number) => ReplayClock) => {
    const clock = get().clock;
    if (!clock) return;
    const wall = Date.now();
    const next = change(clock, wall);
    set({ clock: next });
    follow(clockTime(next, wall) !== clockTime(clock, wall));
  };
  return {
    session: null,
    clock: null,
    ...empty,
    async open(session, at) {
      const speed = get().clock?.speed ?? 1;
      stop();
      const ctrl = new AbortController();
      const mine = () => current?.ctrl === ctrl;
      const loader = loaderFor(session.mapId, session.to, (view) => {
        if (!current || !mine()) return;
        current.view = view;
        set(shown(current));
      });
      const c: Loads = (current = {
        loader,
        ctrl,
        view: { tracks: {}, heldAt: null, loading: true, error: null },
        visits: { pending: true, error: null },
      });
      set({
        session,
        clock: { ...pausedClock(session.from, session.to, at), speed },
        ...empty,
        loading: true,
      });
      follow(true);
      const visits = fetchHistoryVisits(session.mapId, session, ctrl.signal).then(
        (list) => {
          if (!mine()) return;
          c.visits.pending = false;
          set({ visits: timedVisits(list), ...shown(c) });
        },
        (err: unknown) => {
          if (!mine()) return;
          c.visits = { pending: false, error: errorText(err) };
          set(shown(c));
        },
      );
      const kept = fetchHistoryKept(session.mapId, session, ctrl.signal).then(
        (k) => void (mine() && set({ kept: k })),
        () => undefined,
      );
      await Promise.all([visits, kept, loader.idle()]);
    },
    close() {
      stop();
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
