/** Zone polygons: validity, containment and distance to the outline, in map pixels. */
import type { ZoneVertex } from '@rtls/contract';

/** A polygon prepared for many containment tests: its bounding box is checked first. */
export interface CompiledPolygon {
  xs: Float64Array;
  ys: Float64Array;
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  area: number;
}

export function compilePolygon(polygon: readonly ZoneVertex[]): CompiledPolygon {
  const n = polygon.length;
  const xs = new Float64Array(n);
  const ys = new Float64Array(n);
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  polygon.forEach((p, i) => {
    xs[i] = p.x;
    ys[i] = p.y;
    minX = Math.min(minX, p.x);
    maxX = Math.max(maxX, p.x);
    minY = Math.min(minY, p.y);
    maxY = Math.max(maxY, p.y);
  });
  return { xs, ys, minX, minY, maxX, maxY, area: Math.abs(signedArea(polygon)) };
}

function signedArea(polygon: readonly ZoneVertex[]): number {
  let a = 0;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++)
    a += polygon[j]!.x * polygon[i]!.y - polygon[i]!.x * polygon[j]!.y;
  return a / 2;
}

/** Even-odd ray cast, after the bounding box. */
export function contains(p: CompiledPolygon, x: number, y: number): boolean {
  if (x < p.minX || x > p.maxX || y < p.minY || y > p.maxY) return false;
  const { xs, ys } = p;
  let inside = false;
  for (let i = 0, j = xs.length - 1; i < xs.length; j = i++) {
    const yi = ys[i]!;
    const yj = ys[j]!;
    if (yi > y !== yj > y && x < ((xs[j]! - xs[i]!) * (y - yi)) / (yj - yi) + xs[i]!)
      inside = !inside;
  }
  return inside;
}

/** True when (x, y) is inside the polygon or within `margin` of its outline. */
export function withinMargin(p: CompiledPolygon, x: number, y: number, margin: number): boolean {
  if (x < p.minX - margin || x > p.maxX + margin || y < p.minY - margin || y > p.maxY + margin)
    return false;
  if (contains(p, x, y)) return true;
  const { xs, ys } = p;
  for (let i = 0, j = xs.length - 1; i < xs.length; j = i++)
    if (segmentDistance(x, y, xs[j]!, ys[j]!, xs[i]!, ys[i]!) <= margin) return true;
  return false;
}

function segmentDistance(px: number, py: number, ax: number, ay: number, bx: number, by: number) {
  const dx = bx - ax;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / len2));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

/** Why a polygon cannot be a zone, or null: its edges cross, or it has no area. */
export function polygonProblem(
  polygon: readonly ZoneVertex[],
): 'polygonCrosses' | 'polygonFlat' | null {
  const n = polygon.length;
  const scale = polygon.reduce((m, p) => Math.max(m, Math.abs(p.x), Math.abs(p.y)), 1);
  for (let i = 0; i < n; i++) {
    const a = polygon[i]!;
    const b = polygon[(i + 1) % n]!;
    for (let j = i + 1; j < n; j++) {
      // Neighbouring edges share a vertex; that is not a crossing.
      if (j === i + 1 || (i === 0 && j === n - 1)) continue;
      if (segmentsIntersect(a, b, polygon[j]!, polygon[(j + 1) % n]!)) return 'polygonCrosses';
    }
  }
  if (Math.abs(signedArea(polygon)) <= 1e-9 * scale * scale) return 'polygonFlat';
  return null;
}

const orient = (a: ZoneVertex, b: ZoneVertex, c: ZoneVertex) =>
  Math.sign((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x));
const onSegment = (a: ZoneVertex, b: ZoneVertex, p: ZoneVertex) =>
  Math.min(a.x, b.x) <= p.x &&
  p.x <= Math.max(a.x, b.x) &&
  Math.min(a.y, b.y) <= p.y &&
  p.y <= Math.max(a.y, b.y);

function segmentsIntersect(a: ZoneVertex, b: ZoneVertex, c: ZoneVertex, d: ZoneVertex): boolean {
  const o1 = orient(a, b, c);
  const o2 = orient(a, b, d);
  const o3 = orient(c, d, a);
  const o4 = orient(c, d, b);
  if (o1 !== o2 && o3 !== o4) return true;
  return (
    (o1 === 0 && onSegment(a, b, c)) ||
    (o2 === 0 && onSegment(a, b, d)) ||
    (o3 === 0 && onSegment(c, d, a)) ||
    (o4 === 0 && onSegment(c, d, b))
  );
}
