/**
 * The zone being drawn or edited, as pure steps: click to add a corner (landing on a nearby vertex),
 * click the first corner (or finish) to close the outline, drag a corner, undo the last one.
 */
import { ZONE_DEFAULT_COLOR, type Point, type Zone } from '@rtls/contract';
import { isValidPolygon, nearestWithin, snap, type ToScreen } from './zone-geometry.ts';

export interface ZoneDraft {
  /** null while drawing a new zone; the zone's id while editing one. */
  zoneId: string | null;
  vertices: Point[];
  /** The outline is finished: its corners can be dragged and the zone saved. */
  closed: boolean;
  name: string;
  color: string;
}

/** A colour input holds lower-case #rrggbb. */
export const newDraft = (color = ZONE_DEFAULT_COLOR.toLowerCase()): ZoneDraft => ({
  zoneId: null,
  vertices: [],
  closed: false,
  name: '',
  color,
});

export const editDraft = (zone: Zone): ZoneDraft => ({
  zoneId: zone.id,
  vertices: zone.polygon.map((p) => ({ ...p })),
  closed: true,
  name: zone.name,
  color: zone.color,
});

/** Close the outline when it makes a valid polygon; otherwise the draft stays open. */
export const closeDraft = (d: ZoneDraft): ZoneDraft =>
  !d.closed && isValidPolygon(d.vertices) ? { ...d, closed: true } : d;

/**
 * A click at `p` while drawing: on the first corner (with three or more) it closes the outline;
 * otherwise a corner is added, snapped to a nearby vertex of this draft or of `others`.
 */
export function addVertex(
  d: ZoneDraft,
  p: Point,
  toScreen: ToScreen,
  others: readonly Point[] = [],
): ZoneDraft {
  if (d.closed) return d;
  const first = d.vertices[0];
  if (first && d.vertices.length >= 3 && nearestWithin(p, [first], toScreen) === 0)
    return closeDraft(d);
  const at = snap(p, [...d.vertices, ...others], toScreen);
  const last = d.vertices[d.vertices.length - 1];
  if (last && last.x === at.x && last.y === at.y) return d; // a double click adds one corner
  return { ...d, vertices: [...d.vertices, at] };
}

/** Corner `index` dragged to `p`, snapped to a vertex of `others` (other zones) nearby. */
export function moveVertex(
  d: ZoneDraft,
  index: number,
  p: Point,
  toScreen: ToScreen,
  others: readonly Point[] = [],
): ZoneDraft {
  if (index < 0 || index >= d.vertices.length) return d;
  const vertices = d.vertices.slice();
  vertices[index] = snap(p, others, toScreen);
  return { ...d, vertices };
}

/** Undo the last corner while drawing (an edited, closed outline keeps its corners). */
export const removeLastVertex = (d: ZoneDraft): ZoneDraft =>
  d.closed || d.vertices.length === 0 ? d : { ...d, vertices: d.vertices.slice(0, -1) };

/** Whether the draft can be saved: a closed, valid outline and a name. */
export const canSave = (d: ZoneDraft) =>
  d.closed && isValidPolygon(d.vertices) && d.name.trim().length > 0;
