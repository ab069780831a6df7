/** Fit a floor plan to the map's container (fitScale) and bound zooming by the settings. */
import type L from 'leaflet';
import type { TrackingMap } from '@rtls/contract';
import { imageSize } from './crs.ts';
import {
  fitScale,
  openingScale,
  scaleToZoom,
  unboundedZoom,
  zoomBounds,
  type ZoomSettings,
} from './zoom.ts';

/** The fitted scale of this plan in the map's container now (and whether it has a size yet). */
function fitted(map: L.Map, tracking: TrackingMap) {
  const size = imageSize(tracking.settings);
  const container = map.getSize();
  const fit = fitScale({ width: container.x, height: container.y }, size);
  return { size, fit, sized: container.x > 0 && container.y > 0 };
}

/** Centre the plan at this linear scale. */
function centreAt(map: L.Map, size: { width: number; height: number }, scale: number) {
  map.setView([size.height / 2, size.width / 2], scaleToZoom(scale), { animate: false });
}

/** The fit-to-screen button. */
export function fitMap(map: L.Map, tracking: TrackingMap) {
  const { size, fit } = fitted(map, tracking);
  centreAt(map, size, fit);
}

/** Leaflet's zoom limits from the settings' min and max zoom, relative to the current fit. */
export function applyZoomBounds(map: L.Map, tracking: TrackingMap, zoom: ZoomSettings) {
  const { size, fit, sized } = fitted(map, tracking);
  // A container without a size (not laid out yet) has no fit to be relative to.
  const bounds = sized ? zoomBounds(fit, size, zoom) : unboundedZoom(size);
  map.setMinZoom(scaleToZoom(bounds.min));
  map.setMaxZoom(scaleToZoom(bounds.max));
  return { size, fit, bounds };
}

/** A map's first open: fitted to screen, times the settings' default zoom (1 = the fit itself). */
export function openMap(map: L.Map, tracking: TrackingMap, zoom: ZoomSettings) {
  const { size, fit, bounds } = applyZoomBounds(map, tracking, zoom);
  centreAt(map, size, openingScale(fit, bounds, zoom.defaultZoom));
}

/**
 * The container changed size (panel toggled, full screen, window resized): a plan that was wholly
 * in view is fitted again; otherwise the view keeps its centre and zoom.
 */
export function keepViewOnResize(map: L.Map, tracking: TrackingMap) {
  const before = map.getSize();
  const { width, height } = imageSize(tracking.settings);
  const whole =
    before.x > 0 &&
    before.y > 0 &&
    map
      .getBounds()
      .pad(0.02)
      .contains([
        [0, 0],
        [height, width],
      ]);
  const centre = map.getCenter();
  map.invalidateSize({ pan: false });
  const after = map.getSize();
  if (after.equals(before) || after.x === 0 || after.y === 0) return;
  if (whole) fitMap(map, tracking);
  else map.setView(centre, map.getZoom(), { animate: false });
}
