/**
 * The caller's buildings (GET /api/buildings), loaded with the session's other lists and again
 * after a reconnect, and the building the map on screen is a floor of.
 */
import { useMemo } from 'react';
import { create } from 'zustand';
import type { Building } from '@rtls/contract';
import { fetchBuildings } from '../../api/buildings.ts';
import { useMapsStore } from '../maps/maps-store.ts';
import { buildingOf } from './building-floors.ts';

interface BuildingsState {
  /** Each with the floors the caller may read, lowest level first. */
  buildings: Building[];
  /** A failure is only logged: the console keeps the buildings it had. */
  load: () => Promise<void>;
  reset: () => void;
}

export const useBuildingsStore = create<BuildingsState>((set) => ({
  buildings: [],
  async load() {
    try {
      set({ buildings: await fetchBuildings() });
    } catch (err) {
      console.error('Failed to fetch buildings', err);
    }
  },
  reset: () => set({ buildings: [] }),
}));

/** The building the map on screen is a floor of, or null. */
export function useCurrentBuilding(): Building | null {
  const buildings = useBuildingsStore((s) => s.buildings);
  const mapId = useMapsStore((s) => s.currentMapId);
  return useMemo(() => buildingOf(buildings, mapId), [buildings, mapId]);
}
