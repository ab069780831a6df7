/** Floor models for tests: walled rooms on a plan, valid as they are. */
import type { FloorModel, Point, WallClass } from '@rtls/contract';

/** The corners of the rectangle from (x0, y0) to (x1, y1), clockwise from the first. */
export const corners = (x0: number, y0: number, x1: number, y1: number): Point[] => [
  { x: x0, y: y0 },
  { x: x1, y: y0 },
  { x: x1, y: y1 },
  { x: x0, y: y1 },
];

/**
 * Two rooms: a closed heavy wall round the rectangle from (100, 100) to (right, 700), which is
 * also the walkable outline, split by a partition at x = partitionX with a door 40 px wide
 * centred on y = 400 at x = door.x.
 */
export function twoRoomFloor(o: {
  right: number;
  partitionX: number;
  partition: { kind: WallClass; lossDb: number };
  door: { id: string; x: number };
}): FloorModel {
  return {
    walls: [
      {
        id: 'outer',
        kind: 'heavy',
        points: [...corners(100, 100, o.right, 700), { x: 100, y: 100 }],
      },
      {
        id: 'partition',
        ...o.partition,
        points: [
          { x: o.partitionX, y: 100 },
          { x: o.partitionX, y: 700 },
        ],
      },
    ],
    doors: [{ id: o.door.id, a: { x: o.door.x, y: 380 }, b: { x: o.door.x, y: 420 } }],
    outline: corners(100, 100, o.right, 700),
  };
}
