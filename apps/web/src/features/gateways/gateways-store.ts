/** Gateways of the current map, keyed by MAC. */
import { create } from 'zustand';
import type { Gateway } from '@rtls/contract';
import { fetchMapGateways } from '../../api/gateways.ts';

interface GatewaysState {
  entities: Record<string, Gateway>;
  mapId: string | null;
  loading: boolean;
  error: string | null;
  loadForMap: (mapId: string | null) => Promise<void>;
  reset: () => void;
}

const initial = { entities: {}, mapId: null, loading: false, error: null };

export const useGatewaysStore = create<GatewaysState>((set, get) => ({
  ...initial,
  async loadForMap(mapId) {
    set({
      mapId,
      loading: mapId !== null,
      error: null,
      ...(mapId !== get().mapId ? { entities: {} } : {}),
    });
    if (!mapId) return;
    try {
      const list = await fetchMapGateways(mapId);
      if (get().mapId !== mapId) return; // the user moved on to another map meanwhile
      set({ entities: Object.fromEntries(list.map((g) => [g.mac, g])), loading: false });
    } catch (err) {
      set({ loading: false, error: (err as Error).message });
    }
  },
  reset: () => set(initial),
}));
