/**
 * Plane geometry of a floor model in map pixels: its wall segments, distances, and where a
 * clicked point lands (a wall's end, a wall, a line of the plan). Tolerances are map pixels: the
 * drawing layer turns its screen tolerance into map pixels at the current zoom.
 */
import { FLOOR_MODEL_LIMITS, type Door, type FloorModel, type FloorPoint } from '@rtls/contract';

export interface Segment {
  a: FloorPoint;
  b: FloorPoint;
}

/** A segment of a wall polyline: the wall's id and the index of its first point. */
export interface WallSegment extends Segment {
  wallId: string;
  index: number;
}

export const distance = (p: FloorPoint, q: FloorPoint) => Math.hypot(p.x - q.x, p.y - q.y);

/** Every segment of every wall. */
export const wallSegments = (model: Pick<FloorModel, 'walls'>): WallSegment[] =>
  model.walls.flatMap((w) =>
    w.points.slice(1).map((b, i) => ({ wallId: w.id, index: i, a: w.points[i]!, b })),
  );

/** Where `p` falls on the line through s (0 at a, 1 at b) and the point there. */
export function project(p: FloorPoint, s: Segment) {
  const dx = s.b.x - s.a.x;
  const dy = s.b.y - s.a.y;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : ((p.x - s.a.x) * dx + (p.y - s.a.y) * dy) / len2;
  return { t, point: { x: s.a.x + t * dx, y: s.a.y + t * dy } };
}

/** The point of segment s nearest to p. */
export function closestOnSegment(p: FloorPoint, s: Segment): FloorPoint {
  const { t } = project(p, s);
  const c = Math.max(0, Math.min(1, t));
  return { x: s.a.x + c * (s.b.x - s.a.x), y: s.a.y + c * (s.b.y - s.a.y) };
}

export const distanceToSegment = (p: FloorPoint, s: Segment) => distance(p, closestOnSegment(p, s));

/** The item nearest to p by `measure`, if within `tolerance`. */
export function nearest<T>(
  p: FloorPoint,
  items: readonly T[],
  measure: (p: FloorPoint, item: T) => number,
  tolerance: number,
): T | null {
  let best: T | null = null;
  let bestDistance = tolerance;
  for (const item of items) {
    const d = measure(p, item);
    if (d <= bestDistance) {
      best = item;
      bestDistance = d;
    }
  }
  return best;
}

/** Where a drawn point may land: ends of walls first, then walls, then the plan's lines. */
export interface SnapTargets {
  ends: readonly FloorPoint[];
  walls: readonly Segment[];
  planLines: readonly Segment[];
}

/** `p`, or the end, wall or plan line it lands on within `tolerance` map pixels. */
export function snapPoint(p: FloorPoint, targets: SnapTargets, tolerance: number): FloorPoint {
  const end = nearest(p, targets.ends, distance, tolerance);
  if (end) return { ...end };
  const wall = nearest(p, targets.walls, distanceToSegment, tolerance);
  if (wall) return closestOnSegment(p, wall);
  const line = nearest(p, targets.planLines, distanceToSegment, tolerance);
  if (line) {
    // A plan line's end (a corner of the plan) within reach beats the line itself.
    const corner = nearest(p, [line.a, line.b], distance, tolerance);
    return corner ? { ...corner } : closestOnSegment(p, line);
  }
  return p;
}

/** The ends of every wall polyline: where new walls join old ones. */
export const wallEnds = (model: Pick<FloorModel, 'walls'>): FloorPoint[] =>
  model.walls.flatMap((w) => [w.points[0]!, w.points[w.points.length - 1]!]);

/** Whether a door's two ends each lie within the contract's reach of some wall. */
export function doorOnWall(door: Door, segments: readonly Segment[]): boolean {
  const near = (p: FloorPoint) =>
    segments.some((s) => distanceToSegment(p, s) <= FLOOR_MODEL_LIMITS.doorSnapPx);
  return near(door.a) && near(door.b);
}

/** Whether two segments are parallel and on one line, within `tolerance` pixels. */
export function collinear(s: Segment, o: Segment, tolerance: number): boolean {
  const len = distance(s.a, s.b);
  if (len === 0) return false;
  const off = (p: FloorPoint) =>
    Math.abs((s.b.x - s.a.x) * (p.y - s.a.y) - (s.b.y - s.a.y) * (p.x - s.a.x)) / len;
  return off(o.a) <= tolerance && off(o.b) <= tolerance;
}

/** Whether most of s (three quarters of its length) lies within `tolerance` of parallel walls. */
export function coveredBy(s: Segment, walls: readonly Segment[], tolerance: number): boolean {
  const len = distance(s.a, s.b);
  const near = walls.filter((w) => collinear(w, s, tolerance) || collinear(s, w, tolerance));
  if (len === 0 || near.length === 0) return false;
  const steps = Math.max(2, Math.ceil(len / 4));
  let covered = 0;
  for (let k = 0; k <= steps; k++) {
    const t = k / steps;
    const p = { x: s.a.x + t * (s.b.x - s.a.x), y: s.a.y + t * (s.b.y - s.a.y) };
    if (near.some((w) => distanceToSegment(p, w) <= tolerance)) covered++;
  }
  return covered >= 0.75 * (steps + 1);
}
