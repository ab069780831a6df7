/** Plane geometry of zone polygons in image pixels: snapping, closing, validity, label anchor. */
import type { Point } from '@rtls/contract';

/** How close (screen pixels) a click must be to a vertex to land on it. */
export const SNAP_PX = 8;

/** Screen position of an image point (the map's projection at its current zoom). */
export type ToScreen = (p: Point) => Point;

const screenDistance = (a: Point, b: Point, toScreen: ToScreen) => {
  const sa = toScreen(a);
  const sb = toScreen(b);
  return Math.hypot(sa.x - sb.x, sa.y - sb.y);
};

/** Index of the target nearest to `p` within `tolerance` screen pixels, or -1. */
export function nearestWithin(
  p: Point,
  targets: readonly Point[],
  toScreen: ToScreen,
  tolerance = SNAP_PX,
): number {
  let best = -1;
  let bestDistance = tolerance;
  targets.forEach((t, i) => {
    const d = screenDistance(p, t, toScreen);
    if (d <= bestDistance) {
      best = i;
      bestDistance = d;
    }
  });
  return best;
}

/** `p`, or the vertex it lands on when one is within `tolerance` screen pixels. */
export function snap(
  p: Point,
  targets: readonly Point[],
  toScreen: ToScreen,
  tolerance = SNAP_PX,
): Point {
  const i = nearestWithin(p, targets, toScreen, tolerance);
  return i < 0 ? p : { ...targets[i]! };
}

const cross = (o: Point, a: Point, b: Point) =>
  (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);

/** Whether segments ab and cd cross at a point inside both (touching ends do not count). */
function segmentsCross(a: Point, b: Point, c: Point, d: Point): boolean {
  const d1 = cross(c, d, a);
  const d2 = cross(c, d, b);
  const d3 = cross(a, b, c);
  const d4 = cross(a, b, d);
  return d1 * d2 < 0 && d3 * d4 < 0;
}

/** Twice the signed area (shoelace). */
function doubleArea(points: readonly Point[]): number {
  let sum = 0;
  points.forEach((p, i) => {
    const q = points[(i + 1) % points.length]!;
    sum += p.x * q.y - q.x * p.y;
  });
  return sum;
}

/** A polygon a zone can have: three or more vertices, some area, no edge crossing another. */
export function isValidPolygon(points: readonly Point[]): boolean {
  const n = points.length;
  if (n < 3 || Math.abs(doubleArea(points)) < 1e-9) return false;
  for (let i = 0; i < n; i++) {
    const a = points[i]!;
    const b = points[(i + 1) % n]!;
    for (let j = i + 2; j < n; j++) {
      if (i === 0 && j === n - 1) continue; // the closing edge shares a vertex with the first
      if (segmentsCross(a, b, points[j]!, points[(j + 1) % n]!)) return false;
    }
  }
  return true;
}

/** Where a zone's label goes: its area centroid (the vertex mean for a degenerate polygon). */
export function labelAnchor(points: readonly Point[]): Point {
  const a = doubleArea(points);
  if (points.length < 3 || Math.abs(a) < 1e-9) {
    const n = Math.max(points.length, 1);
    return {
      x: points.reduce((s, p) => s + p.x, 0) / n,
      y: points.reduce((s, p) => s + p.y, 0) / n,
    };
  }
  let cx = 0;
  let cy = 0;
  points.forEach((p, i) => {
    const q = points[(i + 1) % points.length]!;
    const f = p.x * q.y - q.x * p.y;
    cx += (p.x + q.x) * f;
    cy += (p.y + q.y) * f;
  });
  return { x: cx / (3 * a), y: cy / (3 * a) };
}

/** A point kept on the floor plan (0..width, 0..height). */
export const clampToImage = (p: Point, size: { width: number; height: number }): Point => ({
  x: Math.min(Math.max(p.x, 0), size.width),
  y: Math.min(Math.max(p.y, 0), size.height),
});
