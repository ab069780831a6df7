/**
 * The heatmap layer: the positions of a chosen period counted per cell, for one map. The View
 * tab asks for it; the map draws it while it belongs to the map on screen.
 */
import type { HeatmapResponse } from '@rtls/contract';
import { create } from 'zustand';
import { fetchHeatmap, type ReportRange } from '../../api/history-reports.ts';
import { errorText } from '../../api/http.ts';

interface HeatmapState {
  /** The heatmap shown, or null when none is. */
  shown: HeatmapResponse | null;
  loading: boolean;
  error: string | null;
  /** Ask for the heatmap of a map's period and show it (a later request wins). */
  show: (mapId: string, range: ReportRange, cellMetres: number) => Promise<void>;
  hide: () => void;
}

let latest = 0;

export const useHeatmapStore = create<HeatmapState>()((set) => ({
  shown: null,
  loading: false,
  error: null,
  async show(mapId, range, cellMetres) {
    const ticket = ++latest;
    set({ loading: true, error: null });
    try {
      const shown = await fetchHeatmap(mapId, range, cellMetres);
      if (ticket === latest) set({ shown, loading: false });
    } catch (err) {
      if (ticket === latest) set({ loading: false, error: errorText(err) });
    }
  },
  hide() {
    latest++;
    set({ shown: null, loading: false, error: null });
  },
}));
