/** Fit a floor plan to the map's container (spec §9 fit rule). */
import type L from 'leaflet';
import type { TrackingMap } from '@rtls/contract';
import { imageSize } from './crs.ts';
import { fitScale, scaleToZoom } from './zoom.ts';

export function fitMap(map: L.Map, tracking: TrackingMap) {
  const size = imageSize(tracking.settings);
  const container = map.getSize();
  const scale = fitScale({ width: container.x, height: container.y }, size);
  map.setView([size.height / 2, size.width / 2], scaleToZoom(scale), { animate: false });
}
