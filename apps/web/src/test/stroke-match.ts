/** How well detected strokes match true walls, by length: the figures the detector's tests print. */
import type { FloorPoint } from '@rtls/contract';

export interface Segment {
  a: FloorPoint;
  b: FloorPoint;
}

const length = (s: Segment) => Math.hypot(s.b.x - s.a.x, s.b.y - s.a.y);

function distanceToSegment(p: FloorPoint, s: Segment): number {
  const dx = s.b.x - s.a.x;
  const dy = s.b.y - s.a.y;
  const len2 = dx * dx + dy * dy || 1;
  const t = Math.max(0, Math.min(1, ((p.x - s.a.x) * dx + (p.y - s.a.y) * dy) / len2));
  return Math.hypot(p.x - (s.a.x + t * dx), p.y - (s.a.y + t * dy));
}

const parallel = (s: Segment, o: Segment) =>
  Math.abs((s.b.x - s.a.x) * (o.b.y - o.a.y) - (s.b.y - s.a.y) * (o.b.x - o.a.x)) <=
  0.2 * length(s) * length(o);

/** Length of `of` lying within `tol` px of a parallel segment of `by`, sampled each pixel. */
function coveredLength(of: readonly Segment[], by: readonly Segment[], tol: number): number {
  let covered = 0;
  for (const s of of) {
    const len = length(s);
    const steps = Math.max(1, Math.round(len));
    const near = by.filter((o) => parallel(s, o));
    for (let k = 0; k < steps; k++) {
      const t = (k + 0.5) / steps;
      const p = { x: s.a.x + t * (s.b.x - s.a.x), y: s.a.y + t * (s.b.y - s.a.y) };
      if (near.some((o) => distanceToSegment(p, o) <= tol)) covered += len / steps;
    }
  }
  return covered;
}

/**
 * recall: the share of the true walls' length that a found stroke covers; falseShare: the share
 * of the found strokes' length that lies on no true wall; falseStrokes: found strokes mostly
 * (over half their length) on no true wall.
 */
export function strokeMatch(truth: readonly Segment[], found: readonly Segment[], tol: number) {
  const total = (list: readonly Segment[]) => list.reduce((sum, s) => sum + length(s), 0);
  const recall = coveredLength(truth, found, tol) / total(truth);
  const foundTotal = total(found);
  const falseShare = foundTotal === 0 ? 0 : 1 - coveredLength(found, truth, tol) / foundTotal;
  const falseStrokes = found.filter((s) => coveredLength([s], truth, tol) < length(s) / 2);
  return { recall, falseShare, falseStrokes };
}
