/** The optional 9 × 9 percent grid overlay (lines at every 10 % of the plan). */
import { useEffect } from 'react';
import L from 'leaflet';
import type { TrackingMap } from '@rtls/contract';
import { useViewStore } from '../../features/view/view-store.ts';
import { imageSize } from '../crs.ts';
import { useLeafletMap } from '../map-context.ts';

export function GridLayer({ map: tracking }: { map: TrackingMap }) {
  const map = useLeafletMap();
  const show = useViewStore((s) => s.viewOptions.showGridLines);
  const { width, height } = imageSize(tracking.settings);
  useEffect(() => {
    if (!map || !show) return;
    const lines: L.LatLngExpression[][] = [];
    for (let i = 1; i <= 9; i++) {
      lines.push([
        [0, (width * i) / 10],
        [height, (width * i) / 10],
      ]);
      lines.push([
        [(height * i) / 10, 0],
        [(height * i) / 10, width],
      ]);
    }
    const layer = L.polyline(lines, {
      className: 'grid-line',
      weight: 1,
      interactive: false,
    }).addTo(map);
    return () => void layer.remove();
  }, [map, show, width, height]);
  return null;
}
