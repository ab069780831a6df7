/**
 * Drawing and editing a zone on the map (owners and editors). Click to add a corner (it lands on a
 * vertex within a few pixels); click the first corner or press Enter to close the outline; drag a
 * corner to move it, or focus it (Tab) and move it with the arrow keys (Shift: 10 px); Backspace
 * undoes the last corner; Escape cancels. The name, colour and Save are in the Zones tab.
 */
import { useEffect, useRef } from 'react';
import L from 'leaflet';
import type { Point, TrackingMap } from '@rtls/contract';
import { useI18n } from '../../i18n/I18nProvider.tsx';
import {
  addVertex,
  closeDraft,
  moveVertex,
  removeLastVertex,
} from '../../features/zones/zone-draft.ts';
import { clampToImage, type ToScreen } from '../../features/zones/zone-geometry.ts';
import { useZonesStore } from '../../features/zones/zones-store.ts';
import { imageSize, toLatLng } from '../crs.ts';
import { useLeafletMap } from '../map-context.ts';

/** Screen-pixel step of each arrow key. */
const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/** Keys pressed in a field or on a button are theirs (typing a name, pressing Cancel). */
const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  target.matches('input, textarea, select, button, a[href], [contenteditable]');

/** Vertices of the other zones, which new corners snap to. */
function otherVertices(editedId: string | null): Point[] {
  const { entities } = useZonesStore.getState();
  return Object.values(entities).flatMap((z) => (z.id === editedId ? [] : z.polygon));
}

/** The element of corner handle `index`, if `layer` is that handle. */
function handleAt(layer: L.Layer, index: number): HTMLElement | null {
  if (!(layer instanceof L.Marker)) return null;
  const el = layer.getElement();
  return el?.querySelector(`[data-index="${index}"]`) ? el : null;
}

export function ZoneDrawLayer({ map: tracking }: { map: TrackingMap }) {
  const map = useLeafletMap();
  const { t } = useI18n();
  const draft = useZonesStore((s) => s.draft);
  const drawing = draft !== null;
  const { width, height } = imageSize(tracking.settings);
  /** The corner with keyboard focus, given back to it when the handles are redrawn. */
  const focused = useRef<number | null>(null);

  // Clicks and keys while a draft is open.
  useEffect(() => {
    if (!map || !drawing) return;
    const store = useZonesStore.getState;
    const toScreen: ToScreen = (p) => map.latLngToContainerPoint(toLatLng(p));
    const container = map.getContainer();
    container.classList.add('drawing-zone');
    map.doubleClickZoom.disable();
    const onClick = (e: L.LeafletMouseEvent) => {
      const p = clampToImage({ x: e.latlng.lng, y: e.latlng.lat }, { width, height });
      store().changeDraft((d) => addVertex(d, p, toScreen, otherVertices(d.zoneId)));
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || (e.target as Element | null)?.closest?.('[role="dialog"]')) return;
      if (e.key === 'Escape') store().cancelDraft();
      else if (typing(e.target)) return;
      else if (e.key === 'Enter') store().changeDraft(closeDraft);
      else if (e.key === 'Backspace') store().changeDraft(removeLastVertex);
      else return;
      e.preventDefault();
    };
    map.on('click', onClick);
    document.addEventListener('keydown', onKey);
    return () => {
      container.classList.remove('drawing-zone');
      map.doubleClickZoom.enable();
      map.off('click', onClick);
      document.removeEventListener('keydown', onKey);
    };
  }, [map, drawing, width, height]);

  // The outline and its corner handles.
  useEffect(() => {
    if (!map || !draft || draft.vertices.length === 0) return;
    const toScreen: ToScreen = (p) => map.latLngToContainerPoint(toLatLng(p));
    const group = L.layerGroup().addTo(map);
    const latLngs = draft.vertices.map(toLatLng);
    const style = { color: draft.color, weight: 2, interactive: false, className: 'zone-draft' };
    const outline = draft.closed
      ? L.polygon(latLngs, { ...style, fillColor: draft.color, fillOpacity: 0.2 })
      : L.polyline(latLngs, { ...style, dashArray: '6 4' });
    outline.addTo(group);
    draft.vertices.forEach((v, i) => {
      const closes = !draft.closed && i === 0 && draft.vertices.length >= 3;
      const title = closes ? t('zones.draw.closeHere') : t('zones.draw.corner', { n: i + 1 });
      const handle = L.marker(toLatLng(v), {
        draggable: true,
        keyboard: true,
        title,
        icon: L.divIcon({
          className: `zone-vertex${closes ? ' closes' : ''}`,
          iconSize: [14, 14],
          html: `<span data-testid="zone-vertex" data-index="${i}"></span>`,
        }),
        zIndexOffset: 1000,
      }).addTo(group);
      if (closes) handle.on('click', () => useZonesStore.getState().changeDraft(closeDraft));
      handle.on('drag', () => {
        const points = (outline.getLatLngs() as L.LatLng[][] | L.LatLng[]).flat();
        points[i] = handle.getLatLng();
        outline.setLatLngs(points);
      });
      handle.on('dragend', () => {
        const ll = handle.getLatLng();
        const p = clampToImage({ x: ll.lng, y: ll.lat }, { width, height });
        useZonesStore
          .getState()
          .changeDraft((d) => moveVertex(d, i, p, toScreen, otherVertices(d.zoneId)));
      });
      const el = handle.getElement();
      if (!el) return;
      el.setAttribute('aria-label', title);
      el.addEventListener('focus', () => (focused.current = i));
      el.addEventListener('blur', () => (focused.current = null));
      // Arrow keys move the focused corner (not the map); nudges do not snap.
      el.addEventListener('keydown', (e) => {
        const arrow = ARROWS[e.key];
        if (!arrow) return;
        e.preventDefault();
        e.stopPropagation();
        const step = e.shiftKey ? 10 : 1;
        const at = map.latLngToContainerPoint(toLatLng(v));
        const ll = map.containerPointToLatLng([at.x + arrow[0] * step, at.y + arrow[1] * step]);
        const p = clampToImage({ x: ll.lng, y: ll.lat }, { width, height });
        useZonesStore.getState().changeDraft((d) => moveVertex(d, i, p, toScreen));
      });
    });
    const refocus = focused.current;
    if (refocus !== null) group.eachLayer((l) => handleAt(l, refocus)?.focus());
    return () => {
      const keep = focused.current;
      group.remove();
      focused.current = keep;
    };
  }, [map, draft, t, width, height]);

  return null;
}
