/**
 * What a replay loads of a map's history, and when: windows of kept positions around the replayed
 * moment (replay-windows.ts), never the whole range. A seek outside the windows held asks for the
 * state at the moment (each device's last position: the first frame at once) and for a window
 * around it; while the replay plays, the next window is asked for before the moment reaches the
 * end of those held; windows far from the moment are dropped. A newer seek wins: requests it
 * makes useless are aborted, and their answers ignored if they come anyway.
 */
import type { HistoryPositionsResponse, HistoryStateResponse } from '@rtls/contract';
import { errorText } from '../../api/http.ts';
import { joinTracks, toTracks, type ReplayTrack } from './replay-tracks.ts';
import {
  answersAt,
  gapOf,
  isFar,
  nextWindow,
  runAt,
  seekWindow,
  type Span,
} from './replay-windows.ts';

/** The history calls a loader makes (the API client's, or a test's). */
export interface ReplayFetchers {
  /** Each device's last position at most the lookback before `at`. */
  state: (at: number, signal: AbortSignal) => Promise<HistoryStateResponse['devices']>;
  /** Every position kept in [from, to), in the pages of GET /history/positions. */
  positions: (
    span: Span,
    signal: AbortSignal,
  ) => Promise<readonly Pick<HistoryPositionsResponse, 'devices'>[]>;
}

/** What the map draws from: the tracks held, the moment to hold while a frame loads, progress. */
export interface ReplayView {
  tracks: Record<string, ReplayTrack>;
  /** While a seek's frame is on its way, the moment last drawn (the map keeps it), else null. */
  heldAt: number | null;
  loading: boolean;
  error: string | null;
}

interface Pending {
  ctrl: AbortController;
}

export interface ReplayLoaderOptions {
  fetchers: ReplayFetchers;
  /** The end of the replay's range (ms): nothing is asked for past it (and its lookback). */
  end: number;
  onChange: (view: ReplayView) => void;
}

const stateTracks = (devices: HistoryStateResponse['devices']) =>
  toTracks([{ devices: devices.map((d) => ({ mac: d.mac, points: [d] })) }]);

export function createReplayLoader({ fetchers, end, onChange }: ReplayLoaderOptions) {
  let windows: (Span & { tracks: Record<string, ReplayTrack> })[] = [];
  let frame: Record<string, ReplayTrack> | null = null;
  let win: (Pending & { span: Span }) | null = null;
  let state: Pending | null = null;
  let heldAt: number | null = null;
  let error: string | null = null;
  /** The moment shown, and the one before it. */
  let at: number | null = null;
  let previous: number | null = null;
  let speed = 1;
  let tracks: Record<string, ReplayTrack> = {};
  let stale = true;
  let waiters: (() => void)[] = [];
  let told: ReplayView | null = null;

  function publish() {
    if (stale) tracks = joinTracks([...windows.map((w) => w.tracks), ...(frame ? [frame] : [])]);
    stale = false;
    const missing = at !== null && !answersAt(windows, at);
    const loading = error === null && (state !== null || (win !== null && missing));
    const view = { tracks, heldAt, loading, error };
    // Layers redraw on every change of the store: only a change is told.
    const last = told;
    if (!last || (Object.keys(view) as (keyof ReplayView)[]).some((k) => view[k] !== last[k]))
      onChange((told = view));
    if (!win && !state) {
      waiters.forEach((w) => w());
      waiters = [];
    }
  }

  function fail(err: unknown) {
    error = errorText(err);
    heldAt = null;
    publish();
  }

  function loadWindow(span: Span) {
    win?.ctrl.abort();
    const ctrl = new AbortController();
    win = { ctrl, span };
    fetchers.positions(span, ctrl.signal).then(
      (pages) => {
        if (win?.ctrl !== ctrl) return;
        win = null;
        windows = [...windows, { ...span, tracks: toTracks(pages) }].sort(
          (a, b) => a.from - b.from,
        );
        stale = true;
        if (at !== null) show(at, speed, false);
        else publish();
      },
      (err: unknown) => {
        if (win?.ctrl !== ctrl) return;
        win = null;
        fail(err);
      },
    );
  }

  function loadState(moment: number) {
    state?.ctrl.abort();
    const ctrl = new AbortController();
    state = { ctrl };
    fetchers.state(moment, ctrl.signal).then(
      (devices) => {
        if (state?.ctrl !== ctrl) return;
        state = null;
        frame = stateTracks(devices);
        heldAt = null;
        stale = true;
        publish();
      },
      (err: unknown) => {
        if (state?.ctrl !== ctrl) return;
        state = null;
        fail(err);
      },
    );
  }

  /** The moment answered by the windows held: the frame is done with, the next window comes. */
  function follow(t: number) {
    if (state || frame || heldAt !== null) {
      state?.ctrl.abort();
      state = null;
      if (frame) stale = true;
      frame = null;
      heldAt = null;
    }
    const next = win || error ? null : nextWindow(runAt(windows, t)!, t, speed, end);
    const gap = next && gapOf(windows, next);
    if (gap) loadWindow(gap);
  }

  /** A moment the windows do not answer: its state on a seek, and a window around it. */
  function fetchAround(t: number, jump: boolean, drewBefore: boolean) {
    if (jump) {
      // The map keeps the moment it last drew until this one's frame comes: no flash of empty.
      if (heldAt === null && drewBefore) heldAt = previous;
      loadState(t);
    }
    if (win && answersAt([...windows, win.span], t)) return;
    if (error && !jump) return;
    const gap = gapOf(windows, seekWindow(t));
    if (gap) loadWindow(gap);
  }

  /**
   * The replay is at `t` at `playSpeed`: a jump (open, seek) draws its frame from the state when
   * the windows held do not answer it; playing on only asks for windows.
   */
  function show(t: number, playSpeed: number, jump: boolean) {
    const drewBefore = at !== null && (frame !== null || answersAt(windows, at));
    previous = at;
    at = t;
    speed = playSpeed;
    if (jump) error = null;
    const kept = windows.filter((w) => !isFar(w, t, speed));
    if (kept.length !== windows.length) {
      windows = kept;
      stale = true;
    }
    if (answersAt(windows, t)) follow(t);
    else fetchAround(t, jump, drewBefore);
    publish();
  }

  return {
    show,
    /** Resolves once no request is under way. */
    idle(): Promise<void> {
      if (!win && !state) return Promise.resolve();
      return new Promise((resolve) => waiters.push(resolve));
    },
    /** The windows held (for tests and a bound on memory). */
    held: (): readonly Span[] => windows.map(({ from, to }) => ({ from, to })),
    close() {
      win?.ctrl.abort();
      state?.ctrl.abort();
      win = null;
      state = null;
      waiters.forEach((w) => w());
      waiters = [];
    },
  };
}
export type ReplayLoader = ReturnType<typeof createReplayLoader>;
