/**
 * The walk on screen: the open walk (or the finished one being calibrated), the point a next tap
 * redoes, how long the installer stands at a spot, and the last tap's outcome. A tap records where
 * the tag stood for the last `dwellS` seconds; while a call is in flight further taps are ignored
 * (the server refuses taps whose windows overlap: two taps at once).
 */
import { create } from 'zustand';
import type { Walk } from '@rtls/contract';
import {
  addWalkPoint,
  fetchWalk,
  finishWalk,
  removeWalkPoint,
  replaceWalkPoint,
  startWalk,
} from '../../api/walks.ts';
import { walkFailure } from './walk-errors.ts';

/** Seconds an installer may choose to stand at each spot (the server takes 2 s to 10 min). */
export const DWELL_CHOICES_S = [3, 5, 10, 20] as const;
export const DEFAULT_DWELL_S = 5;

/** A spot on the plan, in map pixels. */
export interface PlanSpot {
  x: number;
  y: number;
}

/** What the last successful call did, for the status line (n: the point's number). */
export type WalkNotice =
  | { kind: 'recorded' | 'redone'; n: number }
  | { kind: 'removed' | 'started' | 'resumed' | 'finished'; n?: undefined };

interface WalksState {
  walk: Walk | null;
  redoPointId: string | null;
  dwellS: number;
  busy: boolean;
  error: string | null;
  notice: WalkNotice | null;
  /** The spot under the map's crosshair, given by the map layer while a walk is open. */
  centre: (() => PlanSpot) | null;
  start: (mapId: string, deviceMac: string) => Promise<boolean>;
  resume: (walkId: string) => Promise<boolean>;
  /** Record (or redo) a point where the tag stood for the last dwellS seconds. */
  tap: (spot: PlanSpot) => Promise<boolean>;
  remove: (pointId: string) => Promise<boolean>;
  finish: () => Promise<boolean>;
  setRedo: (pointId: string | null) => void;
  setDwell: (seconds: number) => void;
  setCentre: (centre: (() => PlanSpot) | null) => void;
  clearError: () => void;
  close: () => void;
}

const initial = {
  walk: null,
  redoPointId: null,
  dwellS: DEFAULT_DWELL_S,
  busy: false,
  error: null,
  notice: null,
  centre: null,
};

const numberOf = (walk: Walk, pointId: string) =>
  walk.points.findIndex((p) => p.id === pointId) + 1;

export const useWalksStore = create<WalksState>((set, get) => {
  /** One call at a time: busy meanwhile, its failure kept; whether it succeeded. */
  async function call(work: () => Promise<Partial<WalksState>>): Promise<boolean> {
    if (get().busy) return false;
    set({ busy: true, error: null });
    try {
      set({ ...(await work()), busy: false });
      return true;
    } catch (err) {
      set({ busy: false, error: walkFailure(err), notice: null });
      return false;
    }
  }
  return {
    ...initial,
    start: (mapId, deviceMac) =>
      call(async () => ({
        walk: await startWalk(mapId, deviceMac),
        redoPointId: null,
        notice: { kind: 'started' },
      })),
    resume: (walkId) =>
      call(async () => ({
        walk: await fetchWalk(walkId),
        redoPointId: null,
        notice: { kind: 'resumed' },
      })),
    tap: (spot) => {
      const { walk, redoPointId, dwellS } = get();
      if (!walk || walk.status !== 'open') return Promise.resolve(false);
      const now = Date.now();
      const body = {
        x: Math.round(spot.x),
        y: Math.round(spot.y),
        from: new Date(now - dwellS * 1000).toISOString(),
        to: new Date(now).toISOString(),
      };
      return call(async () => {
        if (redoPointId) {
          const next = await replaceWalkPoint(walk.id, redoPointId, body);
          return {
            walk: next,
            redoPointId: null,
            notice: { kind: 'redone', n: numberOf(next, redoPointId) },
          };
        }
        const next = await addWalkPoint(walk.id, body);
        return { walk: next, notice: { kind: 'recorded', n: next.points.length } };
      });
    },
    remove: (pointId) => {
      const { walk } = get();
      if (!walk) return Promise.resolve(false);
      return call(async () => ({
        walk: await removeWalkPoint(walk.id, pointId),
        redoPointId: get().redoPointId === pointId ? null : get().redoPointId,
        notice: { kind: 'removed' },
      }));
    },
    finish: () => {
      const { walk } = get();
      if (!walk) return Promise.resolve(false);
      return call(async () => ({
        walk: await finishWalk(walk.id),
        redoPointId: null,
        notice: { kind: 'finished' },
      }));
    },
    setRedo: (redoPointId) => set({ redoPointId }),
    setDwell: (dwellS) => set({ dwellS }),
    setCentre: (centre) => set({ centre }),
    clearError: () => set({ error: null }),
    close: () => set({ ...initial, dwellS: get().dwellS, centre: get().centre }),
  };
});
