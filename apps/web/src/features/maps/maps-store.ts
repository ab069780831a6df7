/** Map list state of spec §3: entities, own and shared lists, the current map. */
import { create } from 'zustand';
import { STORAGE_KEYS, type TrackingMap } from '@rtls/contract';
import { fetchMaps, fetchSharedMaps } from '../../api/maps.ts';

interface MapsState {
  entities: Record<string, TrackingMap>;
  userMaps: string[];
  sharedMaps: string[];
  currentMapId: string | null;
  loading: boolean;
  error: string | null;
  load: () => Promise<void>;
  select: (id: string | null) => void;
  reset: () => void;
}

const initial = {
  entities: {},
  userMaps: [],
  sharedMaps: [],
  currentMapId: null,
  loading: false,
  error: null,
};

export const useMapsStore = create<MapsState>((set, get) => ({
  ...initial,
  async load() {
    set({ loading: true, error: null });
    try {
      const [own, shared] = await Promise.all([fetchMaps(), fetchSharedMaps()]);
      const entities: Record<string, TrackingMap> = {};
      for (const m of [...own, ...shared]) entities[m._id] = m;
      // Restore the remembered map if it is known, otherwise the first available one (spec §4).
      const remembered = localStorage.getItem(STORAGE_KEYS.lastMap);
      const current = get().currentMapId;
      const pick =
        (current && entities[current] && current) ||
        (remembered && entities[remembered] && remembered) ||
        own[0]?._id ||
        shared[0]?._id ||
        null;
      set({
        entities,
        userMaps: own.map((m) => m._id),
        sharedMaps: shared.map((m) => m._id),
        loading: false,
      });
      get().select(pick);
    } catch (err) {
      set({ loading: false, error: (err as Error).message });
    }
  },
  select(id) {
    if (id) localStorage.setItem(STORAGE_KEYS.lastMap, id);
    set({ currentMapId: id });
  },
  reset: () => set(initial),
}));

export const useCurrentMap = () =>
  useMapsStore((s) => (s.currentMapId ? s.entities[s.currentMapId] : undefined));
