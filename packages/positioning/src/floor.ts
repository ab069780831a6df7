/**
 * A floor's geometry in metres as the engine reads it: wall segments with the signal each
 * crossing takes, doors and openings (stretches of wall that can be passed), and the walkable
 * outline. Doors are cut out of the walls once (solidWalls), so motion and radio see the same
 * solid stretches.
 */

/** A straight stretch of wall from (x0, y0) to (x1, y1), m. */
export interface WallSegment {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** Signal lost per crossing (dB). */
  lossDb: number;
  /** The wall's class (e.g. 'light', 'heavy'): what the self-calibration learns a loss for. */
  kind: string;
}

/** A door or opening: the stretch from (x0, y0) to (x1, y1) of the wall it lies on, m. */
export interface Opening {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** A floor's walls, doors and walkable outline (m). */
export interface FloorGeometry {
  walls: readonly WallSegment[];
  doors: readonly Opening[];
  /** The walkable area (a simple polygon); the whole floor when null. */
  outline: readonly { x: number; y: number }[] | null;
}

/** How far (m) a door's ends may lie from a wall's line and still open it. */
export const DOOR_ON_WALL_M = 0.5;

/**
 * The floor's walls with every door's stretch cut out: what blocks motion and takes signal.
 * Doors narrower than `minDoorM` are cut as that wide, about their middle (a coarse grid's cells
 * must find a way through each door).
 */
export function solidWalls(floor: FloorGeometry, minDoorM = 0): WallSegment[] {
  const out: WallSegment[] = [];
  const doors = floor.doors.map((d) => widened(d, minDoorM));
  for (const w of floor.walls) {
    const dx = w.x1 - w.x0;
    const dy = w.y1 - w.y0;
    const len2 = dx * dx + dy * dy;
    if (!(len2 > 0)) continue;
    const len = Math.sqrt(len2);
    // Stretches [t0, t1] of the wall (0..1) that doors open.
    const cuts: [number, number][] = [];
    for (const d of doors) {
      const ta = ((d.x0 - w.x0) * dx + (d.y0 - w.y0) * dy) / len2;
      const tb = ((d.x1 - w.x0) * dx + (d.y1 - w.y0) * dy) / len2;
      const offA = Math.abs((d.x0 - w.x0) * dy - (d.y0 - w.y0) * dx) / len;
      const offB = Math.abs((d.x1 - w.x0) * dy - (d.y1 - w.y0) * dx) / len;
      if (offA > DOOR_ON_WALL_M || offB > DOOR_ON_WALL_M) continue;
      const t0 = Math.max(0, Math.min(ta, tb));
      const t1 = Math.min(1, Math.max(ta, tb));
      if (t1 > t0) cuts.push([t0, t1]);
    }
    cuts.sort((a, b) => a[0] - b[0]);
    let from = 0;
    for (const [t0, t1] of cuts) {
      if (t0 > from) out.push(part(w, from, t0));
      from = Math.max(from, t1);
    }
    if (from < 1) out.push(part(w, from, 1));
  }
  return out.filter((s) => Math.hypot(s.x1 - s.x0, s.y1 - s.y0) > 1e-6);
}

function widened(d: Opening, minM: number): Opening {
  const len = Math.hypot(d.x1 - d.x0, d.y1 - d.y0);
  if (!(len > 0) || len >= minM) return d;
  const k = (minM - len) / (2 * len);
  const dx = k * (d.x1 - d.x0);
  const dy = k * (d.y1 - d.y0);
  return { x0: d.x0 - dx, y0: d.y0 - dy, x1: d.x1 + dx, y1: d.y1 + dy };
}

function part(w: WallSegment, t0: number, t1: number): WallSegment {
  const dx = w.x1 - w.x0;
  const dy = w.y1 - w.y0;
  return {
    x0: w.x0 + t0 * dx,
    y0: w.y0 + t0 * dy,
    x1: w.x0 + t1 * dx,
    y1: w.y0 + t1 * dy,
    lossDb: w.lossDb,
    kind: w.kind,
  };
}

/** True when the segment from (ax, ay) to (bx, by) crosses the wall (touching counts). */
export function crossesWall(
  ax: number,
  ay: number,
  bx: number,
  by: number,
  w: { x0: number; y0: number; x1: number; y1: number },
): boolean {
  const d1 = orient(w.x0, w.y0, w.x1, w.y1, ax, ay);
  const d2 = orient(w.x0, w.y0, w.x1, w.y1, bx, by);
  if ((d1 > 0 && d2 > 0) || (d1 < 0 && d2 < 0)) return false;
  const d3 = orient(ax, ay, bx, by, w.x0, w.y0);
  const d4 = orient(ax, ay, bx, by, w.x1, w.y1);
  if ((d3 > 0 && d4 > 0) || (d3 < 0 && d4 < 0)) return false;
  if (d1 === 0 && d2 === 0) {
    // Collinear: crossing only where the two overlap.
    const lo = (p: number, q: number) => Math.min(p, q);
    const hi = (p: number, q: number) => Math.max(p, q);
    return (
      hi(ax, bx) >= lo(w.x0, w.x1) &&
      hi(w.x0, w.x1) >= lo(ax, bx) &&
      hi(ay, by) >= lo(w.y0, w.y1) &&
      hi(w.y0, w.y1) >= lo(ay, by)
    );
  }
  return true;
}

function orient(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): number {
  return (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
}

/** True when (x, y) lies inside the polygon (even–odd rule). */
export function insidePolygon(
  polygon: readonly { x: number; y: number }[],
  x: number,
  y: number,
): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const a = polygon[i]!;
    const b = polygon[j]!;
    if (a.y > y !== b.y > y && x < ((b.x - a.x) * (y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
  }
  return inside;
}
