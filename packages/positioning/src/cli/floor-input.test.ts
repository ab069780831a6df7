import { WALL_CLASS_LOSS_DB } from '@rtls/contract';
import { describe, expect, it } from 'vitest';
import { crossesWall, solidWalls, type FloorGeometry } from '../floor.ts';
import { maskWalls, parseFloor, parseOrigin } from './floor-input.ts';
import { decodePng } from './png.ts';
import { encodePng } from './test-png.ts';

/** Total loss (dB) of the solid walls the straight line from a to b crosses. */
function lossBetween(floor: FloorGeometry, a: [number, number], b: [number, number]): number {
  return solidWalls(floor)
    .filter((w) => crossesWall(a[0], a[1], b[0], b[1], w))
    .reduce((sum, w) => sum + w.lossDb, 0);
}

describe('parseFloor', () => {
  const text = JSON.stringify({
    walls: [
      {
        points: [
          [0, 0],
          [10, 0],
          [10, 5],
        ],
        kind: 'heavy',
      },
      {
        points: [
          [5, 0],
          [5, 5],
        ],
        kind: 'glass',
        lossDb: 3,
      },
    ],
    doors: [{ a: [5, 2], b: [5, 3] }],
    outline: [
      [0, 0],
      [10, 0],
      [10, 5],
      [0, 5],
    ],
  });

  it('reads walls (a polyline a segment per stretch, the class loss when none is given), doors and the outline', () => {
    const floor = parseFloor(text);
    expect(floor.walls).toHaveLength(3);
    expect(floor.walls[0]).toEqual({ x0: 0, y0: 0, x1: 10, y1: 0, lossDb: 10, kind: 'heavy' });
    expect(floor.walls[2]).toMatchObject({ lossDb: 3, kind: 'glass' });
    expect(floor.outline).toHaveLength(4);
    // Through the door no wall is crossed; beside it the glass wall is.
    expect(lossBetween(floor, [4, 2.5], [6, 2.5])).toBe(0);
    expect(lossBetween(floor, [4, 1], [6, 1])).toBe(3);
  });

  it('names the file and the fault', () => {
    const bad = (v: unknown) => () => parseFloor(JSON.stringify(v), 'site/floor.json');
    /** A floor of one wall from (0, 0) to (1, 0) with these fields besides its points. */
    const oneWall = (fields: object) => ({
      walls: [
        {
          points: [
            [0, 0],
            [1, 0],
          ],
          ...fields,
        },
      ],
    });
    expect(() => parseFloor('{"walls": [', 'f.json')).toThrow(/^f\.json: invalid JSON/);
    expect(bad({ wall: [] })).toThrow('site/floor.json: unknown key "wall"');
    expect(
      bad({
        walls: [
          {
            points: [
              [0, 0],
              [1, 'a'],
            ],
          },
        ],
      }),
    ).toThrow('site/floor.json: walls[0].points[1] must be [x, y] in metres, got [1,"a"]');
    expect(bad({ walls: [{ points: [[0, 0]] }] })).toThrow(
      'walls[0].points must be at least two [x, y] points',
    );
    expect(bad(oneWall({ kind: 'brick' }))).toThrow(
      'walls[0].kind must be one of glass, light, heavy, got "brick"',
    );
    expect(bad(oneWall({ lossDb: -2 }))).toThrow(
      'walls[0].lossDb must be a number of dB from 0 to 40',
    );
    expect(
      bad({
        walls: [
          {
            points: [
              [0, 0],
              [4, 0],
            ],
          },
        ],
        doors: [{ a: [1, 2], b: [2, 2] }],
      }),
    ).toThrow('doors[0] does not lie on a wall (both ends within 0.5 m of one)');
    expect(
      bad({
        outline: [
          [0, 0],
          [1, 1],
        ],
      }),
    ).toThrow('"outline" needs at least 3 points, got 2');
    expect(bad({})).toThrow('site/floor.json: has no walls and no outline');
  });

  it("takes doors on the walls it is given besides its own (a mask's)", () => {
    const mask = [{ x0: 0, y0: 0, x1: 4, y1: 0, lossDb: 2, kind: 'light' }];
    const floor = parseFloor('{"doors": [{"a": [1, 0], "b": [2, 0]}]}', 'f.json', mask);
    expect(floor.walls).toEqual(mask);
    expect(lossBetween(floor, [1.5, -1], [1.5, 1])).toBe(0);
  });
});

describe('maskWalls', () => {
  // 8 × 4 pixels, white but for a dark column (x = 4): two rooms side by side.
  const rows = [0, 1, 2, 3].map(() => [0, 255, 255, 255, 255, 0, 255, 255, 255]);
  const image = decodePng(encodePng(8, 4, 0, 8, rows), 'mask.png');
  const floor: FloorGeometry = {
    walls: maskWalls(image, { metresPerPixel: 0.5, origin: parseOrigin('10,20') }),
    doors: [],
    outline: null,
  };

  it('makes walls of every walkable boundary, merged into straight runs, in metres', () => {
    // Top and bottom edges split by the dark column (2 + 2), the left and right image edges, and
    // both sides of the column.
    expect(floor.walls).toHaveLength(8);
    const xs = floor.walls.flatMap((w) => [w.x0, w.x1]);
    const ys = floor.walls.flatMap((w) => [w.y0, w.y1]);
    expect([Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)]).toEqual([
      10, 14, 20, 22,
    ]);
    expect(floor.walls).toContainEqual({
      x0: 12,
      y0: 20,
      x1: 12,
      y1: 22,
      lossDb: 2,
      kind: 'light',
    });
  });

  it("costs a crossing of a dark stretch one wall of the class's loss, and nothing within a room", () => {
    expect(lossBetween(floor, [11, 21], [13.5, 21])).toBe(WALL_CLASS_LOSS_DB.light);
    expect(lossBetween(floor, [10.5, 20.5], [11.5, 21.5])).toBe(0);
    const heavy = maskWalls(image, { metresPerPixel: 0.5, origin: { x: 0, y: 0 }, kind: 'heavy' });
    expect(heavy.every((w) => w.lossDb === WALL_CLASS_LOSS_DB.heavy / 2)).toBe(true);
  });

  it('reads --mask-origin as "x,y" metres', () => {
    expect(parseOrigin(' -3.5, 2 ')).toEqual({ x: -3.5, y: 2 });
    expect(() => parseOrigin('3')).toThrow('--mask-origin must be "x,y" in metres, got "3"');
  });
});
