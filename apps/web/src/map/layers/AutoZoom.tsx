/**
 * Auto zoom (a view option): while it is on, the view keeps every live tag of this map in
 * sight. Turning it on fits the view to them; afterwards the view moves only when a live tag
 * comes near the edge or leaves it, so it does not twitch with every small step. Turning it off
 * brings back the view it found when it was turned on (on the same map). While the map is
 * replayed, the tags live at the replayed moment, where the replay draws them.
 */
import { useEffect, useRef } from 'react';
import L from 'leaflet';
import { isLive, type TrackingMap } from '@rtls/contract';
import { useDevicesStore } from '../../features/devices/devices-store.ts';
import { placedOn } from '../../features/devices/placed-devices.ts';
import { createShownSource } from '../../features/history/shown-source.ts';
import { useReplayStore } from '../../features/history/replay-store.ts';
import { useViewStore } from '../../features/view/view-store.ts';
import { imageSize } from '../crs.ts';
import { useLeafletMap } from '../map-context.ts';

/** Checked at most this often while tags move (ms). */
const CHECK_MS = 500;
/** A tag nearer the edge than this share of the view counts as leaving it. */
const EDGE_SHARE = 0.08;
/** Padding around the tags when fitting (px). */
const PADDING = 60;
/** Never closer than this many zoom levels above the whole plan's fit (one tag alone). */
const MAX_ZOOM_ABOVE_FIT = 2;

const shown = createShownSource();

/** Bounds of the live tags on this map, or null when there are none. */
function liveBounds(mapId: string, wall: number): L.LatLngBounds | null {
  const { source, replay } = shown(mapId, wall);
  const now = replay?.at ?? wall;
  const live = placedOn(source, mapId).filter((d) => isLive(d.lastSeen, now));
  if (live.length === 0) return null;
  return L.latLngBounds(live.map((d) => [d.position.y, d.position.x] as L.LatLngTuple));
}

/** Whether a zoom animation is running (Leaflet keeps this flag on the map, unexported). */
function zoomAnimating(map: L.Map): boolean {
  return (map as unknown as { _animatingZoom?: boolean })._animatingZoom === true;
}

export function AutoZoom({ map: tracking }: { map: TrackingMap }) {
  const map = useLeafletMap();
  const on = useViewStore((s) => s.viewOptions.autoZoom);
  // The view found when auto zoom was turned on, to go back to when it is turned off.
  const before = useRef<{ center: L.LatLng; zoom: number } | null>(null);

  useEffect(() => {
    before.current = null;
  }, [tracking._id]);

  useEffect(() => {
    if (!map) return;
    if (!on) {
      const view = before.current;
      before.current = null;
      if (!view) return;
      const restore = () => map.setView(view.center, view.zoom, { animate: true });
      // Leaflet ignores a new view while a zoom animation runs (it would end on its own target):
      // go back once the running one has ended.
      if (zoomAnimating(map)) {
        map.once('zoomend', restore);
        return () => void map.off('zoomend', restore);
      }
      restore();
      return;
    }
    before.current ??= { center: map.getCenter(), zoom: map.getZoom() };
    const { width, height } = imageSize(tracking.settings);
    const fit = (force: boolean) => {
      const tags = liveBounds(tracking._id, Date.now());
      if (!tags) return;
      const view = map.getBounds();
      const inner = L.latLngBounds(view.getSouthWest(), view.getNorthEast()).pad(-EDGE_SHARE);
      if (!force && inner.contains(tags)) return;
      const planZoom = map.getBoundsZoom(
        [
          [0, 0],
          [height, width],
        ],
        false,
      );
      map.fitBounds(tags, {
        padding: [PADDING, PADDING],
        maxZoom: Math.min(map.getMaxZoom(), planZoom + MAX_ZOOM_ABOVE_FIT),
        animate: true,
      });
    };
    fit(true);
    let last = 0;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const check = () => {
      if (timer !== null) return;
      const wait = Math.max(0, last + CHECK_MS - performance.now());
      timer = setTimeout(() => {
        timer = null;
        last = performance.now();
        fit(false);
      }, wait);
    };
    const unsubs = [useDevicesStore.subscribe(check), useReplayStore.subscribe(check)];
    return () => {
      unsubs.forEach((u) => u());
      if (timer !== null) clearTimeout(timer);
    };
  }, [map, on, tracking]);
  return null;
}
