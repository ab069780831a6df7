/**
 * How a floor model looks on the map: walls in their class's colour and thickness, each door as
 * a gap in its wall with a marker at each end, the walkable outline dashed. Colours come from the
 * stylesheet (floor.css), so they follow the light and dark themes.
 */
import L from 'leaflet';
import type { FloorModel, WallClass } from '@rtls/contract';
import type { FloorSelection } from '../../features/floor/floor-draft.ts';
import { toLatLng } from '../crs.ts';

/**
 * The map pane of floor models: above the plan and the zones (both in the overlay pane, 400),
 * under the zones' labels (450) and the markers (600).
 */
export const FLOOR_PANE = 'floorModel';

/** Line width (screen pixels) of each wall class: heavier walls are drawn thicker. */
export const WALL_WEIGHT: Readonly<Record<WallClass, number>> = { glass: 3, light: 4, heavy: 6 };

/** The floor pane, created on first use. */
export function floorPane(map: L.Map): string {
  if (!map.getPane(FLOOR_PANE)) map.createPane(FLOOR_PANE).style.zIndex = '410';
  return FLOOR_PANE;
}

/** Draw the model into `group`; the selected wall or door is marked. */
export function drawFloorModel(
  group: L.LayerGroup,
  pane: string,
  model: FloorModel,
  selection: FloorSelection | null = null,
) {
  const base = { pane, interactive: false };
  if (model.outline)
    L.polygon(model.outline.map(toLatLng), {
      ...base,
      className: 'floor-outline',
      weight: 2,
      dashArray: '8 6',
      fill: false,
    }).addTo(group);
  for (const wall of model.walls) {
    const selected = selection?.kind === 'wall' && selection.id === wall.id;
    L.polyline(wall.points.map(toLatLng), {
      ...base,
      className: `floor-wall floor-wall-${wall.kind}${selected ? ' selected' : ''}`,
      weight: WALL_WEIGHT[wall.kind] + (selected ? 2 : 0),
      lineCap: 'square',
    }).addTo(group);
  }
  for (const door of model.doors) {
    const selected = selection?.kind === 'door' && selection.id === door.id;
    const ends = [toLatLng(door.a), toLatLng(door.b)];
    L.polyline(ends, { ...base, className: 'floor-door-gap', weight: 9, lineCap: 'butt' }).addTo(
      group,
    );
    L.polyline(ends, {
      ...base,
      className: `floor-door${selected ? ' selected' : ''}`,
      weight: selected ? 4 : 2,
      dashArray: '4 3',
    }).addTo(group);
    for (const end of ends)
      L.circleMarker(end, { ...base, className: 'floor-door-end', radius: 3, weight: 2 }).addTo(
        group,
      );
  }
}
