/** The floor-plan image, stretched over the map's image size. */
import { useEffect } from 'react';
import L from 'leaflet';
import type { TrackingMap } from '@rtls/contract';
import { imageSize } from '../crs.ts';
import { planImageUrl } from '../image-url.ts';
import { useLeafletMap } from '../map-context.ts';

/** A map without its own image shows `defaultImage`, the settings' default map image. */
export function BackgroundLayer({
  map: tracking,
  defaultImage,
}: {
  map: TrackingMap;
  defaultImage: string;
}) {
  const map = useLeafletMap();
  const url = planImageUrl(tracking, defaultImage);
  const { width, height } = imageSize(tracking.settings);
  useEffect(() => {
    if (!map) return;
    const bounds = L.latLngBounds([0, 0], [height, width]);
    const layer = url
      ? L.imageOverlay(url, bounds, { className: 'floor-plan', alt: tracking.name })
      : L.rectangle(bounds, { className: 'floor-plan-blank', weight: 1 });
    layer.addTo(map);
    return () => void layer.remove();
  }, [map, url, width, height, tracking.name]);
  return null;
}
