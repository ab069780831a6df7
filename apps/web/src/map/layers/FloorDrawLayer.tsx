/**
 * Editing the floor model on the map (owners and editors). Wall and outline tools: click to add a
 * point (it lands on a wall's end, a wall or a line of the plan within a few pixels), double-click
 * or Enter to finish, Escape to drop it. Door tool: click a wall, then the door's other end along
 * it. Select tool: click a wall, door or suggestion; Delete removes (rejects) it. Ctrl+Z undoes.
 * The tools, the class, Save and Cancel are in the Zones tab; both read the same draft.
 */
import { useEffect } from 'react';
import L from 'leaflet';
import type { FloorPoint, TrackingMap } from '@rtls/contract';
import {
  addPoint,
  cancelPending,
  deleteSelection,
  finish,
  placeDoorEnd,
  selectAt,
  undo,
  type FloorDraft,
} from '../../features/floor/floor-draft.ts';
import { snapPoint, wallEnds, wallSegments } from '../../features/floor/floor-geometry.ts';
import { useFloorStore } from '../../features/floor/floor-store.ts';
import { clampToImage, SNAP_PX } from '../../features/zones/zone-geometry.ts';
import { imageSize, toLatLng } from '../crs.ts';
import { useLeafletMap } from '../map-context.ts';
import { floorPane } from './floor-shapes.ts';

/** How near (screen pixels) a click must be to a wall to put a door on it or select it. */
const PICK_PX = 12;

/** Keys pressed in a field are the field's (typing a loss, choosing a class). */
const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement && target.matches('input, textarea, select, [contenteditable]');

/** Map pixels per screen pixel at the map's zoom now. */
const mapPixelsPerScreenPixel = (map: L.Map) =>
  1 / (map.latLngToContainerPoint([0, 1]).x - map.latLngToContainerPoint([0, 0]).x || 1);

/** Where a drawn point lands: a wall end, a wall, a plan line (the plan's strokes, once read). */
function snapped(d: FloorDraft, p: FloorPoint, tolerance: number): FloorPoint {
  const plan = useFloorStore.getState().plan;
  return snapPoint(
    p,
    {
      ends: [...wallEnds(d.model), ...d.pending.slice(0, 1)],
      walls: wallSegments(d.model),
      planLines: plan.state === 'ready' ? plan.strokes : [],
    },
    tolerance,
  );
}

export function FloorDrawLayer({ map: tracking }: { map: TrackingMap }) {
  const map = useLeafletMap();
  const draft = useFloorStore((s) => s.draft);
  const editing = draft !== null;
  const { width, height } = imageSize(tracking.settings);

  // Clicks and keys while the editor is open.
  useEffect(() => {
    if (!map || !editing) return;
    const store = useFloorStore.getState;
    const container = map.getContainer();
    container.classList.add('drawing-floor');
    map.doubleClickZoom.disable();
    const at = (e: L.LeafletMouseEvent) =>
      clampToImage({ x: e.latlng.lng, y: e.latlng.lat }, { width, height });
    const onClick = (e: L.LeafletMouseEvent) => {
      const p = at(e);
      const scale = mapPixelsPerScreenPixel(map);
      store().changeDraft((d) => {
        if (d.tool === 'select') return selectAt(d, p, PICK_PX * scale);
        if (d.tool === 'door') return placeDoorEnd(d, p, PICK_PX * scale);
        return addPoint(d, snapped(d, p, SNAP_PX * scale));
      });
    };
    const onDoubleClick = () => store().changeDraft(finish);
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || (e.target as Element | null)?.closest?.('[role="dialog"]')) return;
      if (typing(e.target)) return;
      const d = store().draft;
      if (!d) return;
      const undoKey = (e.ctrlKey || e.metaKey) && !e.shiftKey && e.key.toLowerCase() === 'z';
      if (undoKey) store().changeDraft(undo);
      else if (e.key === 'Escape') store().changeDraft(cancelPending);
      else if (e.key === 'Enter' && d.pending.length > 0) store().changeDraft(finish);
      else if ((e.key === 'Delete' || e.key === 'Backspace') && d.pending.length > 0)
        store().changeDraft(undo);
      else if ((e.key === 'Delete' || e.key === 'Backspace') && d.selection)
        store().changeDraft(deleteSelection);
      else return;
      e.preventDefault();
    };
    map.on('click', onClick);
    map.on('dblclick', onDoubleClick);
    document.addEventListener('keydown', onKey);
    return () => {
      container.classList.remove('drawing-floor');
      map.doubleClickZoom.enable();
      map.off('click', onClick);
      map.off('dblclick', onDoubleClick);
      document.removeEventListener('keydown', onKey);
    };
  }, [map, editing, width, height]);

  // What is being drawn, with a line to the pointer, and the suggestions.
  useEffect(() => {
    if (!map || !draft) return;
    const pane = floorPane(map);
    const group = L.layerGroup().addTo(map);
    for (const s of draft.suggestions) {
      const selected = draft.selection?.kind === 'suggestion' && draft.selection.id === s.id;
      L.polyline([toLatLng(s.a), toLatLng(s.b)], {
        pane,
        interactive: false,
        className: `floor-suggestion${selected ? ' selected' : ''}`,
        weight: selected ? 5 : 3,
        dashArray: '6 5',
      }).addTo(group);
      for (const door of s.doors)
        L.polyline([toLatLng(door.a), toLatLng(door.b)], {
          pane,
          interactive: false,
          className: 'floor-suggestion-door',
          weight: 3,
          dashArray: '2 3',
        }).addTo(group);
    }
    const points = draft.pending.map(toLatLng);
    const closing = draft.tool === 'outline' ? points.slice(0, 1) : [];
    L.polyline(points, {
      pane,
      interactive: false,
      className: `floor-pending floor-pending-${draft.tool}`,
      weight: 3,
    }).addTo(group);
    const rubber = L.polyline([], {
      pane,
      interactive: false,
      className: 'floor-pending-next',
      weight: 2,
      dashArray: '4 4',
    }).addTo(group);
    for (const p of points)
      L.circleMarker(p, { pane, interactive: false, className: 'floor-point', radius: 4 }).addTo(
        group,
      );
    const follow = (e: L.LeafletMouseEvent) => {
      const last = draft.pending[draft.pending.length - 1];
      if (!last || draft.tool === 'select') return;
      const p = snapped(
        draft,
        { x: e.latlng.lng, y: e.latlng.lat },
        SNAP_PX * mapPixelsPerScreenPixel(map),
      );
      rubber.setLatLngs([toLatLng(last), toLatLng(p), ...closing]);
    };
    map.on('mousemove', follow);
    return () => {
      map.off('mousemove', follow);
      group.remove();
    };
  }, [map, draft]);

  return null;
}
