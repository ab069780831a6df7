/** Floor models for tests: walled rooms on a plan, valid as they are. */
import type { FloorModel, Point, WallClass } from '@rtls/contract';

/** The corners of the rectangle from (x0, y0) to (x1, y1), clockwise from the first. */
export const corners = (x0: number, y0: number, x1: number, y1: number): Point[] => [
  { x: x0, y: y0 },
  { x: x1, y: y0 },
  { x: x1, y: y1 },
  { x: x0, y: y1 },
];

interface TwoRooms {
  /** The right-hand side of the outer wall (px). */
  right: number;
  /** The partition: where it stands (px), its class and loss (dB). */
  partition: { x: number; kind: WallClass; lossDb: number };
  /** The door: its id and where it stands (px). */
  door: { id: string; x: number };
}

/** A 1000 × 600 px floor on a 1200 × 800 plan, split by a glass partition with a door in it. */
const TWO_ROOMS: TwoRooms = {
  right: 1100,
  partition: { x: 600, kind: 'glass', lossDb: 3 },
  door: { id: 'door', x: 600 },
};

/**
 * Two rooms: a closed heavy wall round the rectangle from (100, 100) to (right, 700), which is
 * also the walkable outline, split by a partition at partition.x with a door 40 px wide centred
 * on y = 400 at door.x.
 */
export function twoRoomFloor(over: Partial<TwoRooms> = {}): FloorModel {
  const o = { ...TWO_ROOMS, ...over };
  const { x, ...wall } = o.partition;
  return {
    walls: [
      {
        id: 'outer',
        kind: 'heavy',
        points: [...corners(100, 100, o.right, 700), { x: 100, y: 100 }],
      },
      {
        id: 'partition',
        ...wall,
        points: [
          { x, y: 100 },
          { x, y: 700 },
        ],
      },
    ],
    doors: [{ id: o.door.id, a: { x: o.door.x, y: 380 }, b: { x: o.door.x, y: 420 } }],
    outline: corners(100, 100, o.right, 700),
  };
}
