/**
 * Our zoom is a linear scale (1 = one image pixel per screen pixel); Leaflet's is log2 of it.
 */
import { maxZoomForDiagonal, ZOOM } from '../constants.ts';

export const scaleToZoom = (scale: number) => Math.log2(Math.max(ZOOM.minimum, scale));
export const zoomToScale = (zoom: number) => 2 ** zoom;

/** Fit = 0.9 × the smaller ratio, capped at 1, bounded 0.001–50. */
export function fitScale(
  container: { width: number; height: number },
  image: { width: number; height: number },
): number {
  const w = Math.max(1, container.width - 2 * ZOOM.fitPadding);
  const h = Math.max(1, container.height - 2 * ZOOM.fitPadding);
  const ratio = Math.min(w / image.width, h / image.height) * ZOOM.fitRatio;
  return Math.min(ZOOM.fitMax, Math.max(ZOOM.fitMin, Math.min(ZOOM.fitCap, ratio)));
}

/**
 * One button step (0.2) up or down in linear scale. Below one step the plan is tiny, so the step
 * becomes a factor instead: zooming out always makes the plan smaller, zooming in larger.
 */
export function stepScale(scale: number, direction: 1 | -1): number {
  if (scale <= ZOOM.buttonStep || (direction === -1 && scale - ZOOM.buttonStep < ZOOM.buttonStep)) {
    const factor = 1 + ZOOM.buttonStep * 2;
    return Math.max(ZOOM.minimum, direction === 1 ? scale * factor : scale / factor);
  }
  return Math.round((scale + direction * ZOOM.buttonStep) / ZOOM.snap) * ZOOM.snap;
}

/** The settings panel's zoom values (app settings). */
export interface ZoomSettings {
  defaultZoom: number;
  minZoom: number;
  maxZoom: number;
}

/**
 * The settings' zoom values are relative to the fitted view (1 = fitted to screen), so they mean
 * the same on every floor plan and screen. Min and max bound zooming, always leaving the fitted
 * view and the default reachable, within the hard limits: the minimum 1e-5 and the plan's
 * diagonal rule. Linear scales.
 */
export function zoomBounds(
  fit: number,
  image: { width: number; height: number },
  settings: ZoomSettings,
): { min: number; max: number } {
  const low = Math.min(settings.minZoom, settings.defaultZoom, 1);
  const high = Math.max(settings.maxZoom, settings.defaultZoom, 1);
  const diagonalMax = maxZoomForDiagonal(Math.hypot(image.width, image.height));
  const max = Math.min(diagonalMax, fit * high);
  return { min: Math.min(max, Math.max(ZOOM.minimum, fit * low)), max };
}

/** The hard limits alone: the minimum 1e-5 and the plan's diagonal rule. */
export const unboundedZoom = (image: { width: number; height: number }) => ({
  min: ZOOM.minimum,
  max: maxZoomForDiagonal(Math.hypot(image.width, image.height)),
});

/** The scale a map opens at the first time: the fit times the default zoom, within the bounds. */
export function openingScale(
  fit: number,
  bounds: { min: number; max: number },
  defaultZoom: number,
) {
  return Math.min(bounds.max, Math.max(bounds.min, fit * defaultZoom));
}
