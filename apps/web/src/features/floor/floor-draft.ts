/**
 * The floor model being edited, as pure steps: the tool in hand, the points of the wall, door or
 * outline being drawn, the selection, the walls suggested from the plan, and the models before
 * each change (undo). Points arrive already snapped (snapPoint); doors are placed onto a wall here.
 */
import {
  DEFAULT_WALL_CLASS,
  FLOOR_MODEL_LIMITS,
  type Door,
  type FloorModel,
  type FloorPoint,
  type Wall,
  type WallClass,
} from '@rtls/contract';
import { isValidPolygon } from '../zones/zone-geometry.ts';
import {
  closestOnSegment,
  distance,
  distanceToSegment,
  doorOnWall,
  nearest,
  wallSegments,
  type Segment,
} from './floor-geometry.ts';

export type FloorTool = 'select' | 'wall' | 'door' | 'outline';

export interface FloorSelection {
  kind: 'wall' | 'door' | 'suggestion';
  id: string;
}

/** A wall proposed from the plan's strokes, shown dashed until accepted or rejected. */
export interface Suggestion extends Segment {
  id: string;
  /** Its number in lists ("Suggested wall 3"), kept while others are accepted or rejected. */
  n: number;
  /** Doors on it: the door-wide gaps between the plan's pieces of this wall. */
  doors: Segment[];
}

/** What undo steps back to: the model and the suggestions still open. */
interface Snapshot {
  model: FloorModel;
  suggestions: Suggestion[];
}

export interface FloorDraft {
  /** The model editing started from (what Cancel goes back to). */
  initial: FloorModel;
  model: FloorModel;
  /** The states before each change, oldest first. */
  history: Snapshot[];
  tool: FloorTool;
  /** The class new walls get (and the selected wall has). */
  wallClass: WallClass;
  /** The wall's or outline's points so far, or a door's first end. */
  pending: FloorPoint[];
  selection: FloorSelection | null;
  suggestions: Suggestion[];
}

/** Most undo steps kept. */
export const UNDO_STEPS = 100;

/** A door's ends closer than this (map pixels) make no door. */
const MIN_DOOR_PX = 2;

export const newFloorDraft = (model: FloorModel): FloorDraft => ({
  initial: model,
  model,
  history: [],
  tool: 'wall',
  wallClass: DEFAULT_WALL_CLASS,
  pending: [],
  selection: null,
  suggestions: [],
});

/** An id not yet used in the model. */
function freshId(prefix: string, model: FloorModel): string {
  const used = new Set([...model.walls.map((w) => w.id), ...model.doors.map((d) => d.id)]);
  for (;;) {
    const id = `${prefix}-${Math.random().toString(36).slice(2, 10)}`;
    if (!used.has(id)) return id;
  }
}

/** The draft with a new model (and suggestions), the state before kept for undo. */
const commit = (d: FloorDraft, model: FloorModel, suggestions = d.suggestions): FloorDraft => ({
  ...d,
  model,
  suggestions,
  history: [...d.history, { model: d.model, suggestions: d.suggestions }].slice(-UNDO_STEPS),
  pending: [],
});

/** Whether the model differs from the one editing started from. */
export const isChanged = (d: FloorDraft) => d.model !== d.initial;

const segmentCount = (model: FloorModel) =>
  model.walls.reduce((n, w) => n + w.points.length - 1, 0);

/** Whether one more wall of `points` fits the contract's limits. */
const roomForWall = (model: FloorModel, points: number) =>
  model.walls.length < FLOOR_MODEL_LIMITS.maxWalls &&
  segmentCount(model) + points - 1 <= FLOOR_MODEL_LIMITS.maxSegments;

export const setTool = (d: FloorDraft, tool: FloorTool): FloorDraft => ({
  ...d,
  tool,
  pending: [],
  selection: tool === 'select' ? d.selection : null,
});

/** The next point of the wall or outline being drawn (a repeated point is not added). */
export function addPoint(d: FloorDraft, p: FloorPoint): FloorDraft {
  if (d.tool !== 'wall' && d.tool !== 'outline') return d;
  const last = d.pending[d.pending.length - 1];
  if (last && distance(last, p) < 0.5) return d;
  const max =
    d.tool === 'wall' ? FLOOR_MODEL_LIMITS.maxWallPoints : FLOOR_MODEL_LIMITS.maxOutlinePoints;
  if (d.pending.length >= max) return d;
  return { ...d, pending: [...d.pending, p] };
}

/**
 * Finish what is being drawn: a wall of two or more points, or an outline of three or more that
 * does not cross itself. Anything less stays as it is.
 */
export function finish(d: FloorDraft): FloorDraft {
  if (d.tool === 'wall' && d.pending.length >= 2 && roomForWall(d.model, d.pending.length)) {
    const wall: Wall = { id: freshId('wall', d.model), points: d.pending, kind: d.wallClass };
    return commit(d, { ...d.model, walls: [...d.model.walls, wall] });
  }
  if (d.tool === 'outline' && isValidPolygon(d.pending))
    return commit(d, { ...d.model, outline: d.pending });
  return d;
}

export const cancelPending = (d: FloorDraft): FloorDraft =>
  d.pending.length ? { ...d, pending: [] } : { ...d, selection: null };

/**
 * A click of the door tool at `p`: the first lands on the nearest wall within `tolerance` (its
 * end when that is near); the second lands on the same wall segment, where it passes nearest to
 * `p`, and makes the door. A first click on no wall does nothing.
 */
export function placeDoorEnd(d: FloorDraft, p: FloorPoint, tolerance: number): FloorDraft {
  if (d.tool !== 'door') return d;
  const segments = wallSegments(d.model);
  const first = d.pending[0];
  if (!first) {
    const wall = nearest(p, segments, distanceToSegment, tolerance);
    if (!wall) return d;
    const end = nearest(p, [wall.a, wall.b], distance, tolerance);
    return { ...d, pending: [end ? { ...end } : closestOnSegment(p, wall)] };
  }
  const host = nearest(first, segments, distanceToSegment, 0.5);
  if (!host) return { ...d, pending: [] };
  const end = nearest(p, [host.a, host.b], distance, tolerance);
  const at = end ? { ...end } : closestOnSegment(p, host);
  if (distance(first, at) < MIN_DOOR_PX) return d;
  if (d.model.doors.length >= FLOOR_MODEL_LIMITS.maxDoors) return { ...d, pending: [] };
  const door: Door = { id: freshId('door', d.model), a: first, b: at };
  return commit(d, { ...d.model, doors: [...d.model.doors, door] });
}

/** Undo: the last point being drawn, else the last change. */
export function undo(d: FloorDraft): FloorDraft {
  if (d.pending.length) return { ...d, pending: d.pending.slice(0, -1) };
  const previous = d.history[d.history.length - 1];
  if (!previous) return d;
  const { model } = previous;
  const kept = (s: FloorSelection | null) =>
    s &&
    (s.kind === 'wall' ? model.walls : s.kind === 'door' ? model.doors : previous.suggestions).some(
      (item) => item.id === s.id,
    );
  return {
    ...d,
    model,
    suggestions: previous.suggestions,
    history: d.history.slice(0, -1),
    selection: kept(d.selection) ? d.selection : null,
  };
}

/**
 * Select the door, wall or suggestion nearest to `p` within `tolerance` (doors first: they lie on
 * walls; suggestions last: drawn walls often lie on them).
 */
export function selectAt(d: FloorDraft, p: FloorPoint, tolerance: number): FloorDraft {
  const door = nearest(p, d.model.doors, distanceToSegment, tolerance);
  if (door) return { ...d, selection: { kind: 'door', id: door.id } };
  const wall = nearest(p, wallSegments(d.model), distanceToSegment, tolerance);
  if (!wall) {
    const suggestion = nearest(p, d.suggestions, distanceToSegment, tolerance);
    return { ...d, selection: suggestion ? { kind: 'suggestion', id: suggestion.id } : null };
  }
  const kind = d.model.walls.find((w) => w.id === wall.wallId)?.kind ?? d.wallClass;
  return { ...d, selection: { kind: 'wall', id: wall.wallId }, wallClass: kind };
}

/**
 * Delete the selected wall (and the doors that no longer lie on a wall) or door; a selected
 * suggestion is rejected.
 */
export function deleteSelection(d: FloorDraft): FloorDraft {
  const s = d.selection;
  if (!s) return d;
  if (s.kind === 'suggestion') return { ...rejectSuggestions(d, [s.id]), selection: null };
  if (s.kind === 'door')
    return {
      ...commit(d, { ...d.model, doors: d.model.doors.filter((x) => x.id !== s.id) }),
      selection: null,
    };
  const walls = d.model.walls.filter((w) => w.id !== s.id);
  const segments = wallSegments({ walls });
  const doors = d.model.doors.filter((door) => doorOnWall(door, segments));
  return { ...commit(d, { ...d.model, walls, doors }), selection: null };
}

/** The wall selected, if a wall is. */
export const selectedWall = (d: FloorDraft): Wall | null =>
  d.selection?.kind === 'wall'
    ? (d.model.walls.find((w) => w.id === d.selection!.id) ?? null)
    : null;

/** Change the selected wall (class, loss); with no wall selected only new walls' class changes. */
export function changeWall(
  d: FloorDraft,
  change: Partial<Pick<Wall, 'kind' | 'lossDb'>>,
): FloorDraft {
  const wallClass = change.kind ?? d.wallClass;
  const wall = selectedWall(d);
  if (!wall) return { ...d, wallClass };
  const walls = d.model.walls.map((w) => (w.id === wall.id ? { ...w, ...change } : w));
  return { ...commit(d, { ...d.model, walls }), wallClass };
}

export const removeOutline = (d: FloorDraft): FloorDraft =>
  d.model.outline ? commit(d, { ...d.model, outline: null }) : d;

/** Show these suggestions (an undo step: undo hides them again). */
export const setSuggestions = (d: FloorDraft, suggestions: Suggestion[]): FloorDraft =>
  commit(d, d.model, suggestions);

/** Accept the given suggestions (all when no ids): each becomes a wall of the class in hand. */
export function acceptSuggestions(d: FloorDraft, ids?: readonly string[]): FloorDraft {
  const chosen = d.suggestions.filter((s) => !ids || ids.includes(s.id));
  let model = d.model;
  const accepted = new Set<string>();
  for (const s of chosen) {
    if (!roomForWall(model, 2)) break;
    if (model.doors.length + s.doors.length > FLOOR_MODEL_LIMITS.maxDoors) break;
    const wall: Wall = { id: freshId('wall', model), points: [s.a, s.b], kind: d.wallClass };
    model = { ...model, walls: [...model.walls, wall] };
    for (const door of s.doors)
      model = { ...model, doors: [...model.doors, { id: freshId('door', model), ...door }] };
    accepted.add(s.id);
  }
  if (accepted.size === 0) return d;
  const selection =
    d.selection?.kind === 'suggestion' && accepted.has(d.selection.id) ? null : d.selection;
  return {
    ...commit(
      d,
      model,
      d.suggestions.filter((s) => !accepted.has(s.id)),
    ),
    selection,
  };
}

/** Reject the given suggestions (all when no ids); undo brings them back. */
export const rejectSuggestions = (d: FloorDraft, ids?: readonly string[]): FloorDraft =>
  commit(d, d.model, ids ? d.suggestions.filter((s) => !ids.includes(s.id)) : []);
