/**
 * The map's floor model: its walls, doors and outline. Shown while the View tab's toggle is on
 * (by default when the map has walls) and always while it is edited, when the model drawn is the
 * draft and the drawing layer adds what is being drawn, the suggestions and the clicks.
 */
import { useEffect } from 'react';
import L from 'leaflet';
import type { TrackingMap } from '@rtls/contract';
import { canEdit } from '../../features/maps/access.ts';
import { floorShown, useFloorStore } from '../../features/floor/floor-store.ts';
import { useLeafletMap } from '../map-context.ts';
import { drawFloorModel, floorPane } from './floor-shapes.ts';
import { FloorDrawLayer } from './FloorDrawLayer.tsx';

export function FloorLayer({ map: tracking }: { map: TrackingMap }) {
  const map = useLeafletMap();
  const saved = useFloorStore((s) => s.model);
  const shown = useFloorStore(floorShown);
  const draft = useFloorStore((s) => s.draft);
  const model = draft?.model ?? saved;
  const selection = draft?.selection ?? null;
  const visible = shown || draft !== null;

  useEffect(() => {
    if (!map || !visible) return;
    const group = L.layerGroup().addTo(map);
    drawFloorModel(group, floorPane(map), model, selection);
    return () => void group.remove();
  }, [map, visible, model, selection]);

  return canEdit(tracking) && draft ? <FloorDrawLayer map={tracking} /> : null;
}
