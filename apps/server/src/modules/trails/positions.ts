/**
 * Server-side positions of monitored devices, with the same positioning package as the console:
 * one causal tracker per device on the map of its strongest placed gateway. A device is located
 * at most once per TRAIL_POINT_SPACING_MS. Tracker updates (up to ~1 ms each, too much to run per
 * report) never run on the live-update path: locate() answers with the device's last position at
 * once and queues a tracker update (one per device, newest signals), which runs in slices of a few
 * milliseconds between other work, within a CPU budget per second. Each new position becomes a
 * trail point and goes out with the device's next update.
 */
import {
  TRAIL_POINT_SPACING_MS,
  type Point,
  type SignalMap,
  type TriangulationInfo,
} from '@rtls/contract';
import {
  createTracker,
  fixInPixels,
  MAX_SIGNAL_AGE_MS,
  observationsFromSignals,
  type Tracker,
} from '@rtls/positioning';
import type { FrameCache, MapFrame } from './frames.ts';
import type { TrailRecorder } from './recorder.ts';

export interface Located {
  mapId: string;
  position: Point;
  triangulationInfo: TriangulationInfo;
}

interface DeviceState {
  mapId: string;
  /** Mode and settings the tracker was built with; a change rebuilds it. */
  config: string;
  tracker: Tracker;
  locatedAt: number;
  last: Located | null;
}

export interface PositionsOptions {
  frames: FrameCache;
  recorder: TrailRecorder;
  intervalMs?: number;
  /**
   * Most milliseconds of tracker work per second of wall clock. Past it, devices keep their last
   * position a little longer rather than the event loop (and every live update) falling behind.
   */
  budgetMsPerS?: number;
  /** Most milliseconds of tracker work in one turn of the event loop. */
  sliceMs?: number;
  onError?: (err: unknown) => void;
}

/** The tracker budget is counted per window of this length (ms). */
const BUDGET_WINDOW_MS = 50;

/** A queued tracker update: the device's state and the newest signals seen for it. */
interface Job {
  ownerId: string;
  mac: string;
  state: DeviceState;
  frame: MapFrame;
  minConfidence: number;
  signal: SignalMap;
  now: number;
}
/** How long a device's tracker is kept without reports. */
const IDLE_MS = 10 * 60_000;

/** The settings as text, made once per loaded settings object rather than once per report. */
const settingsText = new WeakMap<object, string>();
function settingsKey(settings: object): string {
  let text = settingsText.get(settings);
  if (text === undefined) settingsText.set(settings, (text = JSON.stringify(settings)));
  return text;
}

export function createPositions({
  frames,
  recorder,
  intervalMs = TRAIL_POINT_SPACING_MS,
  budgetMsPerS = 250,
  sliceMs = 4,
  onError = () => undefined,
}: PositionsOptions) {
  const states = new Map<string, DeviceState>();
  /** Tracker updates waiting, one per device, oldest first (a newer one keeps its place). */
  const jobs = new Map<string, Job>();
  let scheduled = false;
  let closed = false;
  let windowStart = 0;
  let spentMs = 0;
  let deferred = 0;
  const windowBudgetMs = (budgetMsPerS * BUDGET_WINDOW_MS) / 1000;

  function schedule(delayMs = 0) {
    if (scheduled || closed || jobs.size === 0) return;
    scheduled = true;
    const run = () => {
      scheduled = false;
      runSlice();
    };
    if (delayMs > 0) setTimeout(run, delayMs);
    else setImmediate(run);
  }

  /** Run queued tracker updates for at most sliceMs, within the window's budget. */
  function runSlice() {
    const sliceStart = performance.now();
    for (const [key, job] of jobs) {
      const now = Date.now();
      if (now - windowStart >= BUDGET_WINDOW_MS) [windowStart, spentMs] = [now, 0];
      if (spentMs >= windowBudgetMs) {
        deferred++;
        return schedule(Math.max(1, windowStart + BUDGET_WINDOW_MS - now));
      }
      if (performance.now() - sliceStart >= sliceMs) return schedule();
      jobs.delete(key);
      const t0 = performance.now();
      try {
        track(job);
      } catch (err) {
        onError(err);
      }
      spentMs += performance.now() - t0;
    }
  }

  function track({ ownerId, mac, state, frame, minConfidence, signal, now }: Job) {
    const est = state.tracker.update(observationsFromSignals(signal, now), frame.anchors, now);
    // Like the console: a missing or weak fix keeps the last position.
    if (!est || est.confidence < minConfidence) return;
    const fix = fixInPixels(est, frame.pixelsPerMetre, now, frame.plan);
    state.last = { mapId: frame.mapId, ...fix };
    recorder.add({ ownerId, mac, mapId: frame.mapId, ...fix.position, at: now });
  }

  const sweeper = setInterval(() => {
    const now = Date.now();
    for (const [k, s] of states) if (now - s.locatedAt > IDLE_MS) states.delete(k);
    frames.sweep(IDLE_MS, now);
  }, 60_000);
  sweeper.unref();

  return {
    /** Load the owners' frames if needed; call before locate() for a batch. */
    prepare: (ownerIds: Iterable<string>) => frames.prepare(ownerIds, onError),

    /** The device's position now, or null when it is not monitored or not on a map. */
    locate(ownerId: string, mac: string, signal: SignalMap, now = Date.now()): Located | null {
      const owner = frames.get(ownerId);
      const mode = owner?.monitored.get(mac);
      if (!owner || !mode) return null;
      let mapId: string | undefined;
      let best = -Infinity;
      for (const gw in signal) {
        const m = owner.gatewayMap.get(gw);
        const s = signal[gw]!;
        if (m === undefined || s.rssi <= best) continue;
        // A gateway that heard the device long ago says nothing about where it is now.
        if (now - Date.parse(s.received_at) > MAX_SIGNAL_AGE_MS) continue;
        [best, mapId] = [s.rssi, m];
      }
      const frame = mapId === undefined ? undefined : owner.maps.get(mapId);
      if (!frame) return null;
      const key = `${ownerId}|${mac}`;
      const config = `${mode}|${settingsKey(owner.settings)}`;
      let state = states.get(key);
      if (!state || state.mapId !== frame.mapId || state.config !== config) {
        state = {
          mapId: frame.mapId,
          config,
          tracker: createTracker({ mode, settings: owner.settings }),
          locatedAt: -Infinity,
          last: null,
        };
        states.set(key, state);
      }
      if (now - state.locatedAt < intervalMs) return state.last;
      state.locatedAt = now;
      const job = { ownerId, mac, state, frame, minConfidence: owner.settings.minConfidence };
      jobs.set(key, { ...job, signal, now }); // a waiting update keeps its place, with newer signals
      schedule();
      return state.last;
    },

    /** Run every queued tracker update now, regardless of budget (tests). */
    settle() {
      for (const [key, job] of jobs) {
        jobs.delete(key);
        track(job);
      }
    },

    /** Tracked devices, updates waiting, and slices put off because the budget was spent. */
    stats: () => ({ devices: states.size, queued: jobs.size, deferred }),

    async close() {
      closed = true;
      jobs.clear();
      clearInterval(sweeper);
      await recorder.close();
    },
  };
}
export type Positions = ReturnType<typeof createPositions>;
