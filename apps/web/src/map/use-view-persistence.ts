/**
 * A map opening for the first time is fitted; otherwise its remembered view comes back.
 * Pan and zoom are stored per map once the view has settled for 100 ms.
 */
import { useEffect } from 'react';
import type L from 'leaflet';
import type { TrackingMap } from '@rtls/contract';
import { applyZoomBounds, openMap } from './fit.ts';
import { applyView, loadStoredView, readView, storeView } from './map-view.ts';
import type { ZoomSettings } from './zoom.ts';
import { APP_DEFAULT_ZOOM, APP_MAX_ZOOM, APP_MIN_ZOOM, DEBOUNCE_MS } from '../constants.ts';

const DEFAULT_ZOOM_SETTINGS: ZoomSettings = {
  defaultZoom: APP_DEFAULT_ZOOM,
  minZoom: APP_MIN_ZOOM,
  maxZoom: APP_MAX_ZOOM,
};

/** Zoom limits from the settings, then the remembered view or, the first time, the fitted one. */
export function restoreView(
  map: L.Map,
  tracking: TrackingMap,
  zoom: ZoomSettings = DEFAULT_ZOOM_SETTINGS,
) {
  const stored = loadStoredView(tracking._id);
  if (stored) {
    applyZoomBounds(map, tracking, zoom);
    return applyView(map, stored);
  }
  openMap(map, tracking, zoom);
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
