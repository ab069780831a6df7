/**
 * The heatmap of a period (asked for in the View tab): the positions kept per cell, drawn over
 * the plan under the markers, with its legend, while it belongs to the map on screen.
 */
import { useEffect } from 'react';
import L from 'leaflet';
import { useHeatmapStore } from '../../features/reports/heatmap-store.ts';
import { HeatmapLegend } from '../../features/reports/HeatmapLegend.tsx';
import { useLeafletMap } from '../map-context.ts';
import { heatmapImage } from './heatmap-image.ts';

export function HeatmapLayer({ mapId }: { mapId: string }) {
  const map = useLeafletMap();
  const shown = useHeatmapStore((s) => (s.shown?.mapId === mapId ? s.shown : null));
  useEffect(() => {
    if (!map || !shown) return;
    const image = heatmapImage(shown);
    if (!image) return;
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    ctx.putImageData(new ImageData(image.rgba, image.width, image.height), 0, 0);
    const overlay = L.imageOverlay(canvas.toDataURL(), L.latLngBounds(image.corners), {
      interactive: false,
      className: 'heatmap-overlay',
    }).addTo(map);
    return () => void overlay.remove();
  }, [map, shown]);
  return shown ? <HeatmapLegend heatmap={shown} /> : null;
}
