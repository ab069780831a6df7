/**
 * The datasets' floors, from what their folders hold. Kolakowski 2021: the flat's outline
 * (layout.csv; its inner walls are notches of the outline). UJI 2019: the shelves (type 1) and
 * pillars (type 2) of each zone (data/obs), no outline. The simulated sites are open halls with no
 * walls. A polygon's edges become walls at half their class's loss: a line through a shelf, a
 * pillar or a wall stub crosses two edges and takes one crossing's loss, as `npm run replay`'s
 * mask walls do.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { WALL_CLASS_LOSS_DB, type WallClass } from '@rtls/contract';
import type { FloorGeometry, WallSegment } from '@rtls/positioning';

type Point = { x: number; y: number };

const rows = (file: string) =>
  readFileSync(file, 'utf8')
    .trim()
    .split(/\r?\n/)
    .slice(1)
    .map((l) => l.split(','));

/** The closed polygon's edges as walls of this class, each at half the class's loss. */
function edges(polygon: readonly Point[], kind: WallClass): WallSegment[] {
  const lossDb = WALL_CLASS_LOSS_DB[kind] / 2;
  const out: WallSegment[] = [];
  for (let i = 0; i < polygon.length; i++) {
    const a = polygon[i]!;
    const b = polygon[(i + 1) % polygon.length]!;
    if (a.x !== b.x || a.y !== b.y) out.push({ x0: a.x, y0: a.y, x1: b.x, y1: b.y, lossDb, kind });
  }
  return out;
}

/** A polygon without its closing point, when it repeats the first. */
function open(points: Point[]): Point[] {
  const first = points[0];
  const last = points.at(-1);
  const closed = points.length > 1 && first && last && first.x === last.x && first.y === last.y;
  return closed ? points.slice(0, -1) : points;
}

/**
 * The Kolakowski flat: its outline as the walkable area, and its edges as light walls (the
 * dataset does not say what the walls are made of).
 */
export function kolakowskiFloor(dir: string): FloorGeometry | null {
  const file = join(dir, 'layout.csv');
  if (!existsSync(file)) return null;
  const outline = open(rows(file).map(([x, y]) => ({ x: Number(x), y: Number(y) })));
  return { walls: edges(outline, 'light'), doors: [], outline };
}

/** Obstacle types of the UJI obs files, and the wall class each is taken as. */
const UJI_OBSTACLES: Record<string, WallClass> = {
  /** Bookshelves and cabinets (4-cornered outlines). */
  '1': 'light',
  /** Pillars (round outlines): concrete. */
  '2': 'heavy',
};

/** A UJI zone's shelves and pillars as walls; no outline (the zone's is not given). */
export function ujiFloor(dir: string, zone: 'lib' | 'geo'): FloorGeometry | null {
  const file = join(dir, 'obs', `${zone}.csv`);
  if (!existsSync(file)) return null;
  const shapes = new Map<string, { kind: WallClass; points: Point[] }>();
  for (const [id, x, y, type] of rows(file)) {
    const key = `${type}/${id}`;
    let s = shapes.get(key);
    if (!s) shapes.set(key, (s = { kind: UJI_OBSTACLES[type ?? ''] ?? 'light', points: [] }));
    s.points.push({ x: Number(x), y: Number(y) });
  }
  const walls = [...shapes.values()].flatMap((s) => edges(open(s.points), s.kind));
  return walls.length > 0 ? { walls, doors: [], outline: null } : null;
}
