/** Zoom in and out (step 0.2 in scale) and fit to screen. */
import L from 'leaflet';
import type { TrackingMap } from '@rtls/contract';
import { useI18n } from '../app/I18nProvider.tsx';
import { fitMap } from './fit.ts';
import { useLeafletMap } from './map-context.ts';
import { scaleToZoom, stepScale, zoomToScale } from './zoom.ts';

export function MapControls({ map: tracking }: { map: TrackingMap }) {
  const { t } = useI18n();
  const map = useLeafletMap();
  if (!map) return null;
  const zoomBy = (direction: 1 | -1) =>
    map.setZoom(scaleToZoom(stepScale(zoomToScale(map.getZoom()), direction)));
  const stop = (el: HTMLDivElement | null) => {
    if (el) L.DomEvent.disableClickPropagation(el);
  };
  return (
    <div className="map-controls" ref={stop}>
      <button
        type="button"
        className="icon-button"
        aria-label={t('map.zoomIn')}
        title={t('map.zoomIn')}
        onClick={() => zoomBy(1)}
      >
        +
      </button>
      <button
        type="button"
        className="icon-button"
        aria-label={t('map.zoomOut')}
        title={t('map.zoomOut')}
        onClick={() => zoomBy(-1)}
      >
        −
      </button>
      <button
        type="button"
        className="icon-button"
        aria-label={t('map.fit')}
        title={t('map.fit')}
        onClick={() => fitMap(map, tracking)}
      >
        ⤢
      </button>
    </div>
  );
}
