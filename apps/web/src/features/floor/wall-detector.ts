/**
 * Walls suggested from a floor plan image: the plan's dark straight strokes as centre lines, in
 * the image's pixels. Pure: it reads a pixel array (RGBA as a canvas gives it, or grey) and
 * touches no DOM. Horizontal and vertical strokes are bands of long dark runs in rows and columns;
 * strokes at other angles are straight, thin clusters of the dark pixels left over. Strokes
 * shorter than a metre and text-like clutter are dropped, parallel duplicates of one thick
 * stroke become one centre line, and ends that stop at a crossing stroke are joined to its line.
 */
import type { FloorPoint } from '@rtls/contract';
import { axisStrokes, joinCollinear, mergeParallel, type AxisStroke } from './axis-strokes.ts';
import { slantedStrokes } from './slanted-strokes.ts';

/** A plan image as pixels: row-major, 4 values a pixel (RGBA) or 1 (grey). */
export interface PlanPixels {
  width: number;
  height: number;
  data: ArrayLike<number>;
  channels: 1 | 4;
}

export interface DetectOptions {
  /** The plan's scale: lengths below are in metres. */
  pixelsPerMetre: number;
  /** Shortest stroke kept (m). */
  minLengthM?: number;
  /** Thickest stroke that is a wall (m); a thicker dark area is a fill, not a wall. */
  maxThicknessM?: number;
  /** Luminance (0–255) below which a pixel is ink. */
  darkThreshold?: number;
}

/** A detected stroke: its centre line from a to b and its thickness, image pixels. */
export interface Stroke {
  a: FloorPoint;
  b: FloorPoint;
  thickness: number;
}

export const DETECT_DEFAULTS = { minLengthM: 1, maxThicknessM: 0.6, darkThreshold: 128 } as const;

/** Which pixels are ink: luminance below the threshold, transparent pixels read as white paper. */
export function inkMask(img: PlanPixels, threshold: number): Uint8Array {
  const n = img.width * img.height;
  const mask = new Uint8Array(n);
  const d = img.data;
  for (let i = 0; i < n; i++) {
    let lum: number;
    if (img.channels === 1) lum = d[i]!;
    else {
      const o = i * 4;
      const alpha = d[o + 3]! / 255;
      const grey = 0.299 * d[o]! + 0.587 * d[o + 1]! + 0.114 * d[o + 2]!;
      lum = grey * alpha + 255 * (1 - alpha);
    }
    if (lum < threshold) mask[i] = 1;
  }
  return mask;
}

const toStroke = (s: AxisStroke): Stroke =>
  s.axis === 'h'
    ? { a: { x: s.from, y: s.at }, b: { x: s.to, y: s.at }, thickness: s.thickness }
    : { a: { x: s.at, y: s.from }, b: { x: s.at, y: s.to }, thickness: s.thickness };

export const strokeLength = (s: Stroke) => Math.hypot(s.b.x - s.a.x, s.b.y - s.a.y);

/** Where the lines through p1–p2 and q1–q2 cross, with p's and q's parameters; null if parallel. */
function crossing(p1: FloorPoint, p2: FloorPoint, q1: FloorPoint, q2: FloorPoint) {
  const rx = p2.x - p1.x;
  const ry = p2.y - p1.y;
  const sx = q2.x - q1.x;
  const sy = q2.y - q1.y;
  const den = rx * sy - ry * sx;
  if (Math.abs(den) < 1e-9) return null;
  const t = ((q1.x - p1.x) * sy - (q1.y - p1.y) * sx) / den;
  const u = ((q1.x - p1.x) * ry - (q1.y - p1.y) * rx) / den;
  return { x: p1.x + t * rx, y: p1.y + t * ry, t, u };
}

/** Sine of the angle between two strokes: 0 parallel, 1 square. */
function sinBetween(s: Stroke, o: Stroke) {
  const ax = s.b.x - s.a.x;
  const ay = s.b.y - s.a.y;
  const bx = o.b.x - o.a.x;
  const by = o.b.y - o.a.y;
  return Math.abs(ax * by - ay * bx) / (Math.hypot(ax, ay) * Math.hypot(bx, by) || 1);
}

/**
 * Each end that stops within a stroke's thickness of a crossing stroke's centre line moves onto
 * it: a square cap no longer sticks out past the corner, and a stroke that stops at its
 * neighbour's edge meets its centre line, so walls join and rooms close.
 */
export function joinEnds(strokes: readonly Stroke[], slackPx: number): Stroke[] {
  return strokes.map((s, i) => {
    const moved = { ...s, a: { ...s.a }, b: { ...s.b } };
    for (const end of ['a', 'b'] as const) {
      let bestDistance = Infinity;
      strokes.forEach((o, j) => {
        if (j === i || sinBetween(s, o) < 0.5) return;
        const c = crossing(s.a, s.b, o.a, o.b);
        if (!c) return;
        const reach = Math.max(s.thickness, o.thickness) / 2 + slackPx;
        const along = strokeLength(o);
        if (c.u * along < -reach || c.u * along > along + reach) return;
        const d = Math.hypot(c.x - s[end].x, c.y - s[end].y);
        if (d <= reach && d < bestDistance) {
          moved[end] = { x: c.x, y: c.y };
          bestDistance = d;
        }
      });
    }
    return moved;
  });
}

/** The plan's wall candidates: dark straight strokes of at least a metre, as centre lines. */
export function detectWalls(img: PlanPixels, options: DetectOptions): Stroke[] {
  const o = { ...DETECT_DEFAULTS, ...options };
  const minLength = o.minLengthM * o.pixelsPerMetre;
  const maxThickness = Math.max(2, o.maxThicknessM * o.pixelsPerMetre);
  // Anti-aliasing and dashes of a drawn line break it by a pixel or two; a door is far wider.
  const gap = Math.max(2, 0.1 * o.pixelsPerMetre);
  const mask = inkMask(img, o.darkThreshold);
  const axis = axisStrokes(mask, img.width, img.height, { minLength, maxThickness });
  const merged = joinCollinear(mergeParallel(joinCollinear(axis, gap), maxThickness), gap).filter(
    (s) => s.to - s.from >= minLength,
  );
  const slanted = slantedStrokes(mask, img.width, img.height, merged, { minLength, maxThickness });
  const joined = joinEnds([...merged.map(toStroke), ...slanted], gap);
  return joined.filter((s) => strokeLength(s) >= minLength * 0.9);
}
