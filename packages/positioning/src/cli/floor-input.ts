/**
 * The replay's floor inputs, in metres: a floor file (walls, doors, walkable outline) and a
 * walkable-area mask image whose boundaries become walls. Both become the engine's FloorGeometry
 * through the same conversion a map's floor model takes (floorGeometry), so replay and server read
 * walls, losses and doors alike.
 */
import {
  FLOOR_MODEL_LIMITS,
  WALL_CLASS_LOSS_DB,
  WALL_CLASSES,
  type FloorModel,
  type WallClass,
} from '@rtls/contract';
import { DOOR_ON_WALL_M, type FloorGeometry, type WallSegment } from '../floor.ts';
import { floorGeometry } from '../frame.ts';
import { InputError } from '../replay.ts';
import type { GreyImage } from './png.ts';

type Point = { x: number; y: number };

/**
 * Parse floor.json: {"walls": [{"points": [[x, y], ...], "kind": "light", "lossDb": 4}],
 * "doors": [{"a": [x, y], "b": [x, y]}], "outline": [[x, y], ...]}, metres; every key optional,
 * a wall's kind one of WALL_CLASSES ('light' when absent) and its lossDb the class's when absent.
 * Doors must lie on a wall of the file or of `otherWalls` (e.g. a mask's).
 */
export function parseFloor(
  text: string,
  file = 'floor.json',
  otherWalls: readonly WallSegment[] = [],
): FloorGeometry {
  const fail = (problem: string): never => {
    throw new InputError(file, null, problem);
  };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    return fail(`invalid JSON (${(e as Error).message})`);
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    return fail('expected an object with "walls", "doors" and/or "outline"');
  const { walls = [], doors = [], outline = null, ...rest } = data as Record<string, unknown>;
  const unknown = Object.keys(rest)[0];
  if (unknown !== undefined)
    fail(`unknown key "${unknown}" (expected "walls", "doors" and "outline")`);
  const point = (v: unknown, where: string): Point => {
    const ok =
      Array.isArray(v) &&
      v.length === 2 &&
      v.every(
        (c) =>
          typeof c === 'number' &&
          Number.isFinite(c) &&
          Math.abs(c) <= FLOOR_MODEL_LIMITS.maxAbsCoordinate,
      );
    if (!ok) fail(`${where} must be [x, y] in metres, got ${JSON.stringify(v)}`);
    return { x: (v as number[])[0]!, y: (v as number[])[1]! };
  };
  if (!Array.isArray(walls)) fail('"walls" must be an array');
  if (!Array.isArray(doors)) fail('"doors" must be an array');
  if (outline !== null && !Array.isArray(outline)) fail('"outline" must be an array of [x, y]');
  const model: FloorModel = {
    walls: (walls as unknown[]).map((w, i) => parseWall(w, `walls[${i}]`, point, fail)),
    doors: (doors as unknown[]).map((d, i) => {
      const where = `doors[${i}]`;
      if (typeof d !== 'object' || d === null || Array.isArray(d))
        fail(`${where} must be {"a": [x, y], "b": [x, y]}`);
      const r = d as Record<string, unknown>;
      return { id: `d${i}`, a: point(r.a, `${where}.a`), b: point(r.b, `${where}.b`) };
    }),
    outline:
      outline === null ? null : (outline as unknown[]).map((p, i) => point(p, `outline[${i}]`)),
  };
  if (model.outline && model.outline.length < 3)
    fail(`"outline" needs at least 3 points, got ${model.outline.length}`);
  // Metres in, metres out: the floor model's "pixels" are metres here.
  const floor = floorGeometry(model, 1);
  if (!floor && otherWalls.length === 0) return fail('has no walls and no outline');
  // Doors alone open the other walls.
  const geometry = floor ?? {
    walls: [],
    doors: model.doors.map((d) => ({ x0: d.a.x, y0: d.a.y, x1: d.b.x, y1: d.b.y })),
    outline: null,
  };
  const all = [...geometry.walls, ...otherWalls];
  geometry.doors.forEach((d, i) => {
    const onWall = all.some(
      (w) =>
        segmentDistance(d.x0, d.y0, w) <= DOOR_ON_WALL_M &&
        segmentDistance(d.x1, d.y1, w) <= DOOR_ON_WALL_M,
    );
    if (!onWall)
      fail(`doors[${i}] does not lie on a wall (both ends within ${DOOR_ON_WALL_M} m of one)`);
  });
  return { ...geometry, walls: all };
}

function parseWall(
  w: unknown,
  where: string,
  point: (v: unknown, where: string) => Point,
  fail: (problem: string) => never,
): FloorModel['walls'][number] {
  if (typeof w !== 'object' || w === null || Array.isArray(w))
    fail(`${where} must be an object with "points"`);
  const { points, kind = 'light', lossDb = null, ...rest } = w as Record<string, unknown>;
  const unknown = Object.keys(rest)[0];
  if (unknown !== undefined)
    fail(`${where} has an unknown key "${unknown}" (expected "points", "kind", "lossDb")`);
  if (!Array.isArray(points) || points.length < 2)
    fail(`${where}.points must be at least two [x, y] points`);
  if (!WALL_CLASSES.includes(kind as WallClass))
    fail(`${where}.kind must be one of ${WALL_CLASSES.join(', ')}, got ${JSON.stringify(kind)}`);
  const max = FLOOR_MODEL_LIMITS.maxLossDb;
  if (lossDb !== null && !(typeof lossDb === 'number' && lossDb >= 0 && lossDb <= max))
    fail(`${where}.lossDb must be a number of dB from 0 to ${max}, got ${JSON.stringify(lossDb)}`);
  const pts = (points as unknown[]).map((p, k) => point(p, `${where}.points[${k}]`));
  pts.forEach((p, k) => {
    const q = pts[k - 1];
    if (q && q.x === p.x && q.y === p.y) fail(`${where}.points[${k}] repeats the point before it`);
  });
  return { id: where, points: pts, kind: kind as WallClass, lossDb: lossDb as number | null };
}

/** Distance (m) from (x, y) to the wall's segment. */
function segmentDistance(x: number, y: number, w: WallSegment): number {
  const dx = w.x1 - w.x0;
  const dy = w.y1 - w.y0;
  const len2 = dx * dx + dy * dy;
  const t = len2 > 0 ? Math.max(0, Math.min(1, ((x - w.x0) * dx + (y - w.y0) * dy) / len2)) : 0;
  return Math.hypot(x - (w.x0 + t * dx), y - (w.y0 + t * dy));
}

/** Where the mask image lies on the floor, and what its walls are made of. */
export interface MaskPlacement {
  /** Metres per image pixel. */
  metresPerPixel: number;
  /** Where the image's top-left corner lies (m). */
  origin: Point;
  /** Class of the walls the mask gives ('light' when absent). */
  kind?: WallClass;
}

/** A pixel lighter than this (0…255) is walkable; darker ones are walls or not walkable. */
export const MASK_WALKABLE_FROM = 128;

/**
 * The walls of a walkable-area mask: every boundary between walkable and non-walkable pixels
 * (outside the image counts as non-walkable), merged into straight runs along pixel edges. Walls
 * rather than an outline, as a mask may hold several areas and holes. A dark stretch has a
 * boundary on each side, so each boundary takes half its class's loss: crossing a drawn wall or a
 * block of shelving costs one wall's loss, as the floor file's walls do.
 */
export function maskWalls(image: GreyImage, placement: MaskPlacement): WallSegment[] {
  const { width, height, lightness } = image;
  const kind = placement.kind ?? 'light';
  const lossDb = WALL_CLASS_LOSS_DB[kind] / 2;
  const walk = (x: number, y: number) =>
    x >= 0 && y >= 0 && x < width && y < height && lightness[y * width + x]! >= MASK_WALKABLE_FROM;
  const m = placement.metresPerPixel;
  const { x: ox, y: oy } = placement.origin;
  const walls: WallSegment[] = [];
  const push = (x0: number, y0: number, x1: number, y1: number) =>
    walls.push({
      x0: ox + x0 * m,
      y0: oy + y0 * m,
      x1: ox + x1 * m,
      y1: oy + y1 * m,
      lossDb,
      kind,
    });
  // Horizontal boundaries: between pixel rows y − 1 and y, runs of x.
  for (let y = 0; y <= height; y++) {
    let from = -1;
    for (let x = 0; x <= width; x++) {
      const edge = x < width && walk(x, y - 1) !== walk(x, y);
      if (edge && from < 0) from = x;
      if (!edge && from >= 0) {
        push(from, y, x, y);
        from = -1;
      }
    }
  }
  // Vertical boundaries: between pixel columns x − 1 and x, runs of y.
  for (let x = 0; x <= width; x++) {
    let from = -1;
    for (let y = 0; y <= height; y++) {
      const edge = y < height && walk(x - 1, y) !== walk(x, y);
      if (edge && from < 0) from = y;
      if (!edge && from >= 0) {
        push(x, from, x, y);
        from = -1;
      }
    }
  }
  return walls;
}

/** Parse "x,y" (metres) as given to --mask-origin. */
export function parseOrigin(text: string): Point {
  const parts = text.split(',').map((v) => Number(v.trim()));
  if (parts.length !== 2 || parts.some((v) => !Number.isFinite(v)) || text.trim() === '')
    throw new Error(`--mask-origin must be "x,y" in metres, got "${text}"`);
  return { x: parts[0]!, y: parts[1]! };
}
