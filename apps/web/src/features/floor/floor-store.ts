/**
 * The floor model of the map on screen (loaded over REST, re-read when the socket says it changed
 * or after a reconnect), whether the View tab shows it, and the editing of it: the draft, the
 * plan's strokes (snapping targets and suggestions) and saving the whole model.
 */
import { create } from 'zustand';
import { EMPTY_FLOOR_MODEL, type FloorModel } from '@rtls/contract';
import { errorText } from '../../api/http.ts';
import * as api from '../../api/floor-model.ts';
import { openMap } from '../../state/map-scoped-store.ts';
import { newFloorDraft, type FloorDraft } from './floor-draft.ts';
import type { Stroke } from './wall-detector.ts';

const VISIBLE_KEY = 'rtls.floor.visible';

/** How far the reading of the plan's strokes has come. */
export type PlanReading =
  | { state: 'idle' | 'reading' }
  | { state: 'ready'; strokes: Stroke[] }
  | { state: 'failed'; error: string };

interface FloorState {
  mapId: string | null;
  /** The saved model. */
  model: FloorModel;
  updatedAt: string | null;
  loading: boolean;
  error: string | null;
  /** The View tab's toggle as the user set it; null until set (then on when there are walls). */
  visible: boolean | null;
  draft: FloorDraft | null;
  saving: boolean;
  /** Why the last save failed (the call's error), until the next try. */
  saveFailure: unknown;
  plan: PlanReading;
  loadForMap: (mapId: string | null) => Promise<void>;
  /** Re-read the map's model (someone changed it, or the connection came back). */
  reload: (mapId: string | null) => Promise<void>;
  setVisible: (visible: boolean) => void;
  startEditing: () => void;
  changeDraft: (change: (d: FloorDraft) => FloorDraft) => void;
  cancelEditing: () => void;
  /** PUT the drafted model; the draft is kept (with the failure) when that fails. */
  save: () => Promise<void>;
  /**
   * The plan's strokes, read once per map with `read` (a read in progress is shared; a failed one
   * is tried again); null when reading fails.
   */
  readPlan: (read: () => Promise<Stroke[]>) => Promise<Stroke[] | null>;
  reset: () => void;
}

const initial = {
  mapId: null,
  model: EMPTY_FLOOR_MODEL,
  updatedAt: null,
  loading: false,
  error: null,
  draft: null,
  saving: false,
  saveFailure: null,
  plan: { state: 'idle' } as PlanReading,
};

const storedVisible = (): boolean | null => {
  const v = localStorage.getItem(VISIBLE_KEY);
  return v === null ? null : v === 'true';
};

/** Whether the map layer shows the saved model: the user's choice, else when there are walls. */
export const floorShown = (s: Pick<FloorState, 'visible' | 'model'>) =>
  s.visible ?? s.model.walls.length > 0;

/** The plan reading in progress, shared by everyone who asks meanwhile. */
let reading: { mapId: string | null; promise: Promise<Stroke[] | null> } | null = null;

export const useFloorStore = create<FloorState>((set, get) => ({
  ...initial,
  visible: storedVisible(),
  async loadForMap(mapId) {
    if (openMap(get, set, initial, mapId)) await get().reload(mapId);
  },
  async reload(mapId) {
    if (!mapId || get().mapId !== mapId) return;
    try {
      const { floorModel, updatedAt } = await api.fetchFloorModel(mapId);
      if (get().mapId !== mapId) return; // the user moved on to another map meanwhile
      set({ model: floorModel, updatedAt, loading: false, error: null });
    } catch (err) {
      if (get().mapId === mapId) set({ loading: false, error: errorText(err) });
    }
  },
  setVisible(visible) {
    localStorage.setItem(VISIBLE_KEY, String(visible));
    set({ visible });
  },
  startEditing: () => set({ draft: newFloorDraft(get().model), saveFailure: null }),
  changeDraft(change) {
    const draft = get().draft;
    if (draft) set({ draft: change(draft) });
  },
  cancelEditing: () => set({ draft: null, saveFailure: null }),
  async save() {
    const { draft, mapId, saving } = get();
    if (!draft || !mapId || saving) return;
    const sent = draft.model;
    set({ saving: true, saveFailure: null });
    try {
      const answer = await api.saveFloorModel(mapId, sent);
      if (get().mapId !== mapId) return;
      set({
        model: answer.floorModel ?? sent,
        updatedAt: answer.updatedAt ?? null,
        draft: null,
      });
    } catch (err) {
      console.error('Failed to save the floor model', err);
      set({ saveFailure: err });
    } finally {
      set({ saving: false });
    }
  },
  readPlan(read) {
    const { mapId, plan } = get();
    if (plan.state === 'ready') return Promise.resolve(plan.strokes);
    if (reading?.mapId === mapId) return reading.promise;
    set({ plan: { state: 'reading' } });
    const promise = read().then(
      (strokes) => {
        if (get().mapId === mapId) set({ plan: { state: 'ready', strokes } });
        return strokes;
      },
      (err: unknown) => {
        console.error('Failed to read the floor plan image', err);
        if (get().mapId === mapId)
          set({ plan: { state: 'failed', error: (err as Error).message } });
        return null;
      },
    );
    reading = { mapId, promise };
    void promise.finally(() => {
      if (reading?.promise === promise) reading = null;
    });
    return promise;
  },
  reset: () => set(initial),
}));
