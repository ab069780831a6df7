/**
 * Straight strokes at any angle: the ink left once the horizontal and vertical strokes are taken
 * out falls into connected clusters; a cluster long, thin and nearly full along its main axis is
 * a straight stroke. Letters are too short, arcs (door swings) too hollow for their width.
 */
import type { AxisStroke } from './axis-strokes.ts';
import { forEachCluster } from './ink-clusters.ts';
import type { Stroke } from './wall-detector.ts';

/** Least share of its box (length × thickness) a straight stroke's cluster fills. */
const MIN_FILL = 0.35;

/** The mask without the pixels of the given strokes (and a pixel of their fringe). */
function withoutStrokes(
  mask: Uint8Array,
  width: number,
  height: number,
  taken: readonly AxisStroke[],
) {
  const left = mask.slice();
  for (const s of taken) {
    const lo = Math.floor(s.at - s.thickness / 2) - 1;
    const hi = Math.ceil(s.at + s.thickness / 2) + 1;
    const x0 = s.axis === 'h' ? Math.floor(s.from) - 1 : lo;
    const x1 = s.axis === 'h' ? Math.ceil(s.to) + 1 : hi;
    const y0 = s.axis === 'h' ? lo : Math.floor(s.from) - 1;
    const y1 = s.axis === 'h' ? hi : Math.ceil(s.to) + 1;
    for (let y = Math.max(0, y0); y < Math.min(height, y1); y++)
      left.fill(0, y * width + Math.max(0, x0), y * width + Math.min(width, x1));
  }
  return left;
}

/** The stroke a cluster of pixels (indices into the image) makes, or null when it is none. */
function clusterStroke(
  pixels: Int32Array,
  count: number,
  width: number,
  o: { minLength: number; maxThickness: number },
): Stroke | null {
  let mx = 0;
  let my = 0;
  for (let k = 0; k < count; k++) {
    mx += (pixels[k]! % width) + 0.5;
    my += Math.floor(pixels[k]! / width) + 0.5;
  }
  mx /= count;
  my /= count;
  let sxx = 0;
  let syy = 0;
  let sxy = 0;
  for (let k = 0; k < count; k++) {
    const dx = (pixels[k]! % width) + 0.5 - mx;
    const dy = Math.floor(pixels[k]! / width) + 0.5 - my;
    sxx += dx * dx;
    syy += dy * dy;
    sxy += dx * dy;
  }
  const angle = 0.5 * Math.atan2(2 * sxy, sxx - syy);
  const ux = Math.cos(angle);
  const uy = Math.sin(angle);
  let t0 = Infinity;
  let t1 = -Infinity;
  let p0 = Infinity;
  let p1 = -Infinity;
  for (let k = 0; k < count; k++) {
    const dx = (pixels[k]! % width) + 0.5 - mx;
    const dy = Math.floor(pixels[k]! / width) + 0.5 - my;
    const t = dx * ux + dy * uy;
    const p = -dx * uy + dy * ux;
    t0 = Math.min(t0, t);
    t1 = Math.max(t1, t);
    p0 = Math.min(p0, p);
    p1 = Math.max(p1, p);
  }
  const length = t1 - t0 + 1;
  const thickness = p1 - p0 + 1;
  if (length < o.minLength || thickness > o.maxThickness) return null;
  if (count < MIN_FILL * length * thickness) return null;
  const pc = (p0 + p1) / 2;
  const cx = mx - uy * pc;
  const cy = my + ux * pc;
  return {
    a: { x: cx + ux * (t0 - 0.5), y: cy + uy * (t0 - 0.5) },
    b: { x: cx + ux * (t1 + 0.5), y: cy + uy * (t1 + 0.5) },
    thickness,
  };
}

/** Straight strokes among the ink the horizontal and vertical strokes leave. */
export function slantedStrokes(
  mask: Uint8Array,
  width: number,
  height: number,
  taken: readonly AxisStroke[],
  o: { minLength: number; maxThickness: number },
): Stroke[] {
  const left = withoutStrokes(mask, width, height, taken);
  const out: Stroke[] = [];
  forEachCluster(left, width, height, (pixels, count, { x0, y0, x1, y1 }) => {
    // Clusters smaller than a stroke of the shortest length (letters, specks) are not read.
    if (count < o.minLength || Math.hypot(x1 - x0 + 1, y1 - y0 + 1) < o.minLength) return;
    const stroke = clusterStroke(pixels, count, width, o);
    if (stroke) out.push(stroke);
  });
  return out;
}
