/** Image coordinates on a flat map: x to the right, y downward, one unit per image pixel. */
import L from 'leaflet';
import type { MapSettings, Point } from '@rtls/contract';
import { DEFAULT_IMAGE_SIZE } from '../constants.ts';

export const ImageCRS: L.CRS = L.extend({}, L.CRS.Simple, {
  transformation: new L.Transformation(1, 0, 1, 0),
});

export const toLatLng = (p: Point): L.LatLngExpression => [p.y, p.x];

/** The map's image size, 800×600 when missing. */
export function imageSize(settings: MapSettings | undefined) {
  const s = settings?.imageSize;
  return s && s.width > 0 && s.height > 0 ? s : DEFAULT_IMAGE_SIZE;
}

/** A valid numeric, non-NaN position, or null (the marker is then hidden). */
export function validPoint(p: Point | null | undefined): Point | null {
  return p &&
    typeof p.x === 'number' &&
    typeof p.y === 'number' &&
    Number.isFinite(p.x) &&
    Number.isFinite(p.y)
    ? p
    : null;
}
