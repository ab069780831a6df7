/**
 * Walls from room polygons (map pixels), for configurations that draw rooms but no walls or
 * doors (ESPresense-companion). Every room edge is a light wall. A stretch two rooms share is one
 * wall with an opening at its middle (1 m wide, or the whole stretch when shorter than 1.5 m), so
 * neighbouring rooms stay reachable; a stretch of one room only (the outside) has no opening.
 * Edges are first cut where another room's corner lies on them, so a long corridor side shared
 * with several rooms gives each room its own stretch, each with its opening.
 */
import { FLOOR_MODEL_LIMITS, type Door, type FloorModel, type Wall } from '@rtls/contract';

/** Width of a guessed opening between two rooms (m). */
export const OPENING_WIDTH_M = 1;
/** A shared stretch shorter than this (m) is open over its whole length. */
export const OPEN_WHOLE_BELOW_M = 1.5;
/** How close (m) two corners or a corner and an edge must be to count as the same place. */
export const SHARED_TOLERANCE_M = 0.05;

interface P {
  x: number;
  y: number;
}
interface Piece {
  a: P;
  b: P;
  room: number;
}

export interface RoomWalls {
  model: FloorModel;
  /** Openings guessed between rooms. */
  openings: number;
}

const dist = (a: P, b: P) => Math.hypot(a.x - b.x, a.y - b.y);
const round = (v: number) => Math.round(v * 10) / 10;
const lerp = (a: P, b: P, t: number): P => ({
  x: round(a.x + (b.x - a.x) * t),
  y: round(a.y + (b.y - a.y) * t),
});

/** Each room's edges, cut at every other room's corner lying on them. */
function pieces(rooms: readonly (readonly P[])[], tol: number): Piece[] {
  const corners = rooms.flat();
  const out: Piece[] = [];
  rooms.forEach((points, room) => {
    if (points.length < 3) return;
    for (let i = 0; i < points.length; i++) {
      const a = points[i]!;
      const b = points[(i + 1) % points.length]!;
      const len = dist(a, b);
      if (len <= tol) continue;
      const dx = (b.x - a.x) / len;
      const dy = (b.y - a.y) / len;
      const along: number[] = [];
      for (const c of corners) {
        const t = (c.x - a.x) * dx + (c.y - a.y) * dy;
        const off = Math.abs((c.x - a.x) * dy - (c.y - a.y) * dx);
        if (off <= tol && t > tol && t < len - tol) along.push(t);
      }
      along.sort((p, q) => p - q);
      // Corners of several rooms at one place cut the edge once.
      const ts = [0];
      for (const t of along) if (t - ts.at(-1)! > tol) ts.push(t);
      if (len - ts.at(-1)! <= tol) ts.pop();
      ts.push(len);
      for (let k = 1; k < ts.length; k++) {
        const p = k === 1 ? a : lerp(a, b, ts[k - 1]! / len);
        const q = k === ts.length - 1 ? b : lerp(a, b, ts[k]! / len);
        out.push({ a: p, b: q, room });
      }
    }
  });
  return out;
}

/** Pieces grouped by place: the same stretch (either direction) of one or more rooms. */
function groups(all: Piece[], tol: number): Piece[][] {
  const cell = Math.max(tol * 4, 1e-6);
  const mid = (s: Piece): P => ({ x: (s.a.x + s.b.x) / 2, y: (s.a.y + s.b.y) / 2 });
  // Pieces by the cell of their middle: a partner's middle lies in one of the 9 cells around.
  const byCell = new Map<string, number[]>();
  all.forEach((s, i) => {
    const m = mid(s);
    const k = `${Math.floor(m.x / cell)},${Math.floor(m.y / cell)}`;
    const list = byCell.get(k);
    if (list) list.push(i);
    else byCell.set(k, [i]);
  });
  const taken = new Set<number>();
  const out: Piece[][] = [];
  all.forEach((s, i) => {
    if (taken.has(i)) return;
    taken.add(i);
    const group = [s];
    const m = mid(s);
    const [cx, cy] = [Math.floor(m.x / cell), Math.floor(m.y / cell)];
    for (let gx = cx - 1; gx <= cx + 1; gx++)
      for (let gy = cy - 1; gy <= cy + 1; gy++)
        for (const j of byCell.get(`${gx},${gy}`) ?? []) {
          if (taken.has(j)) continue;
          const o = all[j]!;
          const same =
            (dist(o.a, s.a) <= tol && dist(o.b, s.b) <= tol) ||
            (dist(o.a, s.b) <= tol && dist(o.b, s.a) <= tol);
          if (same) {
            taken.add(j);
            group.push(o);
          }
        }
    out.push(group);
  });
  return out;
}

/**
 * The walls and guessed openings of these rooms, drawn at `pixelsPerMetre`, the outline left null;
 * null when the rooms have more edges than a floor model could hold as walls.
 */
export function roomWalls(
  rooms: readonly (readonly P[])[],
  pixelsPerMetre: number,
): RoomWalls | null {
  // Shared edges become one wall each, so twice the limit in edges may still fit.
  if (rooms.reduce((n, r) => n + r.length, 0) > 2 * FLOOR_MODEL_LIMITS.maxSegments) return null;
  const tol = SHARED_TOLERANCE_M * pixelsPerMetre;
  const all = pieces(rooms, tol);
  const walls: Wall[] = [];
  const doors: Door[] = [];
  for (const group of groups(all, tol)) {
    const { a, b } = group[0]!;
    const id = `w${walls.length + 1}`;
    walls.push({ id, points: [a, b], kind: 'light' });
    if (new Set(group.map((g) => g.room)).size < 2) continue;
    const len = dist(a, b);
    const open = len < OPEN_WHOLE_BELOW_M * pixelsPerMetre ? len : OPENING_WIDTH_M * pixelsPerMetre;
    const t0 = (1 - open / len) / 2;
    doors.push({
      id: `d${doors.length + 1}`,
      a: t0 === 0 ? a : lerp(a, b, t0),
      b: t0 === 0 ? b : lerp(a, b, 1 - t0),
    });
  }
  return { model: { walls, doors, outline: null }, openings: doors.length };
}
