/**
 * The demo floor's geometry in metres, the one source of the floor plan image
 * (apps/web/public/maps/floor1.svg, 20 px per metre) and of the demo map's floor model: a
 * 58 × 38 m building (1–59 × 1–39 m on a 60 × 40 m plan), a main corridor across it (y 18–22 m), a
 * cross corridor (x 28–32 m), and twelve rooms, six on each side, each with one 1.6 m door onto
 * the main corridor.
 */
import type { FloorModel, FloorPoint } from '@rtls/contract';

export interface Rect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface Room extends Rect {
  id: string;
  name: string;
  /** Centre of the door gap on the room's corridor wall. */
  door: { x: number; y: number };
  /** The side of the main corridor the room lies on. */
  side: 'north' | 'south';
}

/** A wall from (x0, y0) to (x1, y1). */
export interface Wall {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export const BUILDING: Rect = { x0: 1, y0: 1, x1: 59, y1: 39 };
/** The main corridor (west–east) and the cross corridor (north–south). */
export const MAIN_CORRIDOR: Rect = { x0: 1, y0: 18, x1: 59, y1: 22 };
export const CROSS_CORRIDOR: Rect = { x0: 28, y0: 1, x1: 32, y1: 39 };
export const DOOR_WIDTH_M = 1.6;

/** Room columns west to east (x from, x to, north name, north door x, south name, south door x). */
const COLUMNS: [number, number, string, number, string, number][] = [
  [1, 13, 'Ward A', 9, 'Ward C', 9],
  [13, 21, 'Ward B', 20, 'Ward D', 14],
  [21, 28, 'Pharmacy', 24, 'Staff', 24],
  [32, 42, 'Imaging', 40, 'Surgery', 36],
  [42, 50, 'Lab', 46, 'Recovery', 46],
  [50, 59, 'Storage', 51, 'Loading Bay', 56],
];

export const ROOMS: Room[] = COLUMNS.flatMap(([x0, x1, north, northDoor, south, southDoor], i) => [
  {
    id: `r${i + 1}`,
    name: north,
    x0,
    y0: BUILDING.y0,
    x1,
    y1: MAIN_CORRIDOR.y0,
    door: { x: northDoor, y: MAIN_CORRIDOR.y0 },
    side: 'north' as const,
  },
  {
    id: `r${i + 7}`,
    name: south,
    x0,
    y0: MAIN_CORRIDOR.y1,
    x1,
    y1: BUILDING.y1,
    door: { x: southDoor, y: MAIN_CORRIDOR.y1 },
    side: 'south' as const,
  },
]).sort((a, b) => Number(a.id.slice(1)) - Number(b.id.slice(1)));

/** A horizontal wall from x0 to x1 at y, with a door gap around each of `doors`. */
function withDoors(y: number, x0: number, x1: number, doors: number[]): Wall[] {
  const out: Wall[] = [];
  let from = x0;
  for (const d of [...doors].sort((a, b) => a - b)) {
    out.push({ x0: from, y0: y, x1: d - DOOR_WIDTH_M / 2, y1: y });
    from = d + DOOR_WIDTH_M / 2;
  }
  out.push({ x0: from, y0: y, x1, y1: y });
  return out;
}

function corridorWall(y: number, side: Room['side']): Wall[] {
  const doorsIn = (x0: number, x1: number) =>
    ROOMS.filter((r) => r.side === side && r.x0 >= x0 && r.x1 <= x1).map((r) => r.door.x);
  const { x0: cw, x1: ce } = CROSS_CORRIDOR;
  return [
    ...withDoors(y, BUILDING.x0, cw, doorsIn(BUILDING.x0, cw)),
    ...withDoors(y, ce, BUILDING.x1, doorsIn(ce, BUILDING.x1)),
  ];
}

/** Every wall: the outline, both sides of the two corridors, and the walls between rooms. */
export const WALLS: Wall[] = (() => {
  const { x0, y0, x1, y1 } = BUILDING;
  const north = { y0, y1: MAIN_CORRIDOR.y0 };
  const south = { y0: MAIN_CORRIDOR.y1, y1 };
  const partitions = [
    ...new Set(ROOMS.flatMap((r) => [r.x0, r.x1]).filter((x) => x !== x0 && x !== x1)),
  ];
  return [
    { x0, y0, x1, y1: y0 },
    { x0, y0: y1, x1, y1 },
    { x0, y0, x1: x0, y1 },
    { x0: x1, y0, x1, y1 },
    ...corridorWall(MAIN_CORRIDOR.y0, 'north'),
    ...corridorWall(MAIN_CORRIDOR.y1, 'south'),
    ...partitions.flatMap((x) => [
      { x0: x, y0: north.y0, x1: x, y1: north.y1 },
      { x0: x, y0: south.y0, x1: x, y1: south.y1 },
    ]),
  ];
})();

/**
 * The demo floor as a map's floor model, in plan pixels: the outer walls (heavy) and every
 * partition (light) whole, each room's door a DOOR_WIDTH_M stretch of its corridor wall, and the
 * building as the walkable outline. Cutting the doors out of these walls gives WALLS.
 */
export function demoFloorModel(pixelsPerMetre: number): FloorModel {
  const round = (v: number) => Math.round(v * pixelsPerMetre * 100) / 100;
  const px = (x: number, y: number): FloorPoint => ({ x: round(x), y: round(y) });
  const { x0, y0, x1, y1 } = BUILDING;
  const corners = [px(x0, y0), px(x1, y0), px(x1, y1), px(x0, y1)];
  const line = (id: string, w: Wall) => ({
    id,
    points: [px(w.x0, w.y0), px(w.x1, w.y1)],
    kind: 'light' as const,
  });
  const { x0: cw, x1: ce } = CROSS_CORRIDOR;
  // The corridor walls, broken only where the cross corridor meets the main one.
  const corridorWalls = [MAIN_CORRIDOR.y0, MAIN_CORRIDOR.y1].flatMap((y, i) => [
    line(`corridor-${i + 1}-west`, { x0, y0: y, x1: cw, y1: y }),
    line(`corridor-${i + 1}-east`, { x0: ce, y0: y, x1, y1: y }),
  ]);
  const partitions = WALLS.filter((w) => w.x0 === w.x1 && w.x0 !== x0 && w.x0 !== x1).map((w, i) =>
    line(`partition-${i + 1}`, w),
  );
  return {
    walls: [
      { id: 'outer', points: [...corners, corners[0]!], kind: 'heavy' },
      ...corridorWalls,
      ...partitions,
    ],
    doors: ROOMS.map((r) => ({
      id: `door-${r.id}`,
      a: px(r.door.x - DOOR_WIDTH_M / 2, r.door.y),
      b: px(r.door.x + DOOR_WIDTH_M / 2, r.door.y),
    })),
    outline: corners,
  };
}

const inside = (r: Rect, x: number, y: number) => x >= r.x0 && x <= r.x1 && y >= r.y0 && y <= r.y1;

export function insideBuilding(x: number, y: number): boolean {
  return inside(BUILDING, x, y);
}

/** The room at (x, y): a room's id, 'corridor', or null outside the building. */
export function placeAt(x: number, y: number): string | null {
  if (!insideBuilding(x, y)) return null;
  if (inside(MAIN_CORRIDOR, x, y) || inside(CROSS_CORRIDOR, x, y)) return 'corridor';
  return ROOMS.find((r) => inside(r, x, y))?.id ?? null;
}

/** Orientation of the turn a → b → c: positive counter-clockwise, 0 collinear. */
function cross(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): number {
  return (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
}

/** Whether c lies within the box of segment a–b (c known to be on its line). */
function on(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): boolean {
  return (
    Math.min(ax, bx) <= cx &&
    cx <= Math.max(ax, bx) &&
    Math.min(ay, by) <= cy &&
    cy <= Math.max(ay, by)
  );
}

/** True when segment p–q and the wall share a point (touching counts). */
export function crossesWall(px: number, py: number, qx: number, qy: number, w: Wall): boolean {
  const d1 = cross(w.x0, w.y0, w.x1, w.y1, px, py);
  const d2 = cross(w.x0, w.y0, w.x1, w.y1, qx, qy);
  const d3 = cross(px, py, qx, qy, w.x0, w.y0);
  const d4 = cross(px, py, qx, qy, w.x1, w.y1);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0)))
    return true;
  return (
    (d1 === 0 && on(w.x0, w.y0, w.x1, w.y1, px, py)) ||
    (d2 === 0 && on(w.x0, w.y0, w.x1, w.y1, qx, qy)) ||
    (d3 === 0 && on(px, py, qx, qy, w.x0, w.y0)) ||
    (d4 === 0 && on(px, py, qx, qy, w.x1, w.y1))
  );
}

/** How many walls the straight line from p to q passes through. */
export function wallsBetween(px: number, py: number, qx: number, qy: number): number {
  let n = 0;
  for (const w of WALLS) if (crossesWall(px, py, qx, qy, w)) n++;
  return n;
}
