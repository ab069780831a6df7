/**
 * Spec §4: a map opening for the first time is fitted; otherwise its remembered view comes back.
 * Pan and zoom are stored per map once the view has settled for 100 ms.
 */
import { useEffect } from 'react';
import type L from 'leaflet';
import { DEBOUNCE_MS, type TrackingMap } from '@rtls/contract';
import { fitMap } from './fit.ts';
import { applyView, loadStoredView, readView, storeView } from './map-view.ts';

export function restoreView(map: L.Map, tracking: TrackingMap) {
  const stored = loadStoredView(tracking._id);
  if (stored) return applyView(map, stored);
  fitMap(map, tracking);
  // Remembered at once, so only the very first open fits by itself.
  storeView(tracking._id, readView(map));
}

export function useViewPersistence(map: L.Map | null, mapId: string) {
  useEffect(() => {
    if (!map) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onMove = () => {
      clearTimeout(timer);
      timer = setTimeout(() => storeView(mapId, readView(map)), DEBOUNCE_MS.viewPersist);
    };
    map.on('moveend zoomend', onMove);
    return () => {
      clearTimeout(timer);
      map.off('moveend zoomend', onMove);
    };
  }, [map, mapId]);
}
