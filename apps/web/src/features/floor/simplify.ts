/** Fewer corners for a closed outline traced along grid cells: straight runs and stairs go. */
import type { FloorPoint } from '@rtls/contract';

function offLine(p: FloorPoint, a: FloorPoint, b: FloorPoint): number {
  const len = Math.hypot(b.x - a.x, b.y - a.y);
  if (len === 0) return Math.hypot(p.x - a.x, p.y - a.y);
  return Math.abs((b.x - a.x) * (a.y - p.y) - (a.x - p.x) * (b.y - a.y)) / len;
}

/** Douglas–Peucker of the open chain points[from..to], the ends kept. */
function chain(
  points: readonly FloorPoint[],
  from: number,
  to: number,
  epsilon: number,
  keep: boolean[],
) {
  let worst = -1;
  let worstOff = epsilon;
  for (let i = from + 1; i < to; i++) {
    const off = offLine(points[i]!, points[from]!, points[to]!);
    if (off > worstOff) [worst, worstOff] = [i, off];
  }
  if (worst < 0) return;
  keep[worst] = true;
  chain(points, from, worst, epsilon, keep);
  chain(points, worst, to, epsilon, keep);
}

/** The closed outline with corners off by at most `epsilon` removed. */
function simplifyOnce(points: readonly FloorPoint[], epsilon: number): FloorPoint[] {
  if (points.length <= 3) return [...points];
  // Split where the outline is widest: the first corner and the one farthest from it.
  let far = 0;
  points.forEach((p, i) => {
    const d = Math.hypot(p.x - points[0]!.x, p.y - points[0]!.y);
    if (d > Math.hypot(points[far]!.x - points[0]!.x, points[far]!.y - points[0]!.y)) far = i;
  });
  const ring = [...points, points[0]!];
  const keep = ring.map((_, i) => i === 0 || i === far || i === ring.length - 1);
  chain(ring, 0, far, epsilon, keep);
  chain(ring, far, ring.length - 1, epsilon, keep);
  return ring.slice(0, -1).filter((_, i) => keep[i]);
}

/**
 * The closed outline simplified within `epsilon`, loosened until it has at most `maxCorners`;
 * null when fewer than three corners would remain.
 */
export function simplifyClosed(
  points: readonly FloorPoint[],
  epsilon: number,
  maxCorners: number,
): FloorPoint[] | null {
  let out = simplifyOnce(points, epsilon);
  for (let e = epsilon * 1.5; out.length > maxCorners; e *= 1.5) out = simplifyOnce(points, e);
  return out.length >= 3 ? out : null;
}
