/**
 * The walk on the map: while a walk of this map is open, a tap (click) on the plan records where
 * the tag stands, and a crosshair marks the map's centre for "Record at the crosshair" (keyboard,
 * or a finger that would hide the spot). Every point is a numbered marker; choosing one (click,
 * or Enter when focused) makes the next tap redo it.
 */
import { useEffect } from 'react';
import L from 'leaflet';
import type { TrackingMap } from '@rtls/contract';
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { toLatLng } from '../../map/crs.ts';
import { useLeafletMap } from '../../map/map-context.ts';
import { WalkBar } from './WalkBar.tsx';
import { useWalksStore } from './walks-store.ts';

/** While the walk is open: taps on the plan record points, and the crosshair marks the centre. */
function useWalkTaps(map: L.Map | null, open: boolean) {
  useEffect(() => {
    if (!map || !open) return;
    const store = useWalksStore.getState;
    const container = map.getContainer();
    container.classList.add('walking');
    const crosshair = L.DomUtil.create('div', 'walk-crosshair', container);
    crosshair.setAttribute('aria-hidden', 'true');
    crosshair.dataset.testid = 'walk-crosshair';
    const onClick = (e: L.LeafletMouseEvent) =>
      void store().tap({ x: e.latlng.lng, y: e.latlng.lat });
    map.on('click', onClick);
    // The crosshair's spot, read from the container as drawn now: Leaflet's own centre lags
    // behind a resize (the phone's tools sheet lowered) until it is told of it.
    store().setCentre(() => {
      const c = map.containerPointToLatLng([container.clientWidth / 2, container.clientHeight / 2]);
      return { x: c.lng, y: c.lat };
    });
    return () => {
      container.classList.remove('walking');
      crosshair.remove();
      map.off('click', onClick);
      store().setCentre(null);
    };
  }, [map, open]);
}

export function WalkLayer({ map: tracking }: { map: TrackingMap }) {
  const map = useLeafletMap();
  const { t } = useI18n();
  const walk = useWalksStore((s) => (s.walk?.mapId === tracking._id ? s.walk : null));
  const redo = useWalksStore((s) => s.redoPointId);
  const open = walk?.status === 'open';

  useWalkTaps(map, open);

  // The numbered points.
  useEffect(() => {
    if (!map || !walk) return;
    const group = L.layerGroup().addTo(map);
    walk.points.forEach((p, i) => {
      const n = i + 1;
      const chosen = p.id === redo;
      const title = t(chosen ? 'walks.map.pointRedo' : 'walks.map.point', { n });
      const marker = L.marker(toLatLng(p), {
        keyboard: open,
        interactive: open,
        title,
        icon: L.divIcon({
          className: `walk-point${chosen ? ' redo' : ''}`,
          iconSize: [26, 26],
          html: `<span data-testid="walk-point" data-n="${n}">${n}</span>`,
        }),
        zIndexOffset: 900,
      }).addTo(group);
      marker.getElement()?.setAttribute('aria-label', title);
      if (open) marker.on('click', () => useWalksStore.getState().setRedo(chosen ? null : p.id));
    });
    return () => {
      group.remove();
    };
  }, [map, walk, redo, open, t]);

  return open ? <WalkBar /> : null;
}
