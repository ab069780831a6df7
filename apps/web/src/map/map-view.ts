/** A map's view in our units (centre in image pixels, linear zoom), read from and written to Leaflet. */
import type L from 'leaflet';
import type { Point } from '@rtls/contract';
import { scaleToZoom, zoomToScale } from './zoom.ts';
import { STORAGE_KEYS } from '../constants.ts';

export interface MapView {
  center: Point;
  zoom: number;
}

export const readView = (map: L.Map): MapView => {
  const c = map.getCenter();
  return { center: { x: c.lng, y: c.lat }, zoom: zoomToScale(map.getZoom()) };
};

export const applyView = (map: L.Map, view: MapView) =>
  map.setView([view.center.y, view.center.x], scaleToZoom(view.zoom), { animate: false });

const isView = (v: unknown): v is MapView => {
  const o = v as MapView | null;
  return (
    typeof o === 'object' &&
    o !== null &&
    Number.isFinite(o.center?.x) &&
    Number.isFinite(o.center?.y) &&
    Number.isFinite(o.zoom) &&
    o.zoom > 0
  );
};

/** The pan and zoom remembered for a map (`mapView:<id>`), or null the first time it opens. */
export function loadStoredView(mapId: string): MapView | null {
  try {
    const v: unknown = JSON.parse(localStorage.getItem(STORAGE_KEYS.mapViewPrefix + mapId) ?? '');
    return isView(v) ? v : null;
  } catch {
    return null;
  }
}

export const storeView = (mapId: string, view: MapView) =>
  localStorage.setItem(STORAGE_KEYS.mapViewPrefix + mapId, JSON.stringify(view));
