import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Door, FloorModel, Wall } from '@rtls/contract';
import { makeZone } from '../../test/zone-fixtures.ts';
import { enclosedAreas, roomsToCreate } from './rooms.ts';

const PPM = 20;
const SIZE = { width: 400, height: 300 };
const wall = (id: string, ...points: [number, number][]): Wall => ({
  id,
  kind: 'light',
  points: points.map(([x, y]) => ({ x, y })),
});
const door = (id: string, a: [number, number], b: [number, number]): Door => ({
  id,
  a: { x: a[0], y: a[1] },
  b: { x: b[0], y: b[1] },
});

/** Two rooms side by side (20..200 and 200..380 × 20..220); the partition has a door gap. */
const twoRooms = (withDoor: boolean): FloorModel => ({
  walls: [
    wall('outer', [20, 20], [380, 20], [380, 220], [20, 220], [20, 20]),
    wall('p1', [200, 20], [200, 100]),
    wall('p2', [200, 132], [200, 220]),
  ],
  doors: withDoor ? [door('d1', [200, 100], [200, 132])] : [],
  outline: null,
});

const bounds = (polygon: { x: number; y: number }[]) => ({
  x0: Math.min(...polygon.map((p) => p.x)),
  x1: Math.max(...polygon.map((p) => p.x)),
  y0: Math.min(...polygon.map((p) => p.y)),
  y1: Math.max(...polygon.map((p) => p.y)),
});

describe('enclosed areas', () => {
  it('finds each room a closed door shuts, as a rectangle just inside its walls', () => {
    const areas = enclosedAreas(twoRooms(true), SIZE, PPM);
    expect(areas).toHaveLength(2);
    for (const a of areas) expect(a.polygon).toHaveLength(4);
    const boxes = areas.map((a) => bounds(a.polygon)).sort((a, b) => a.x0 - b.x0);
    expect(boxes[0]!.x0).toBeGreaterThanOrEqual(20);
    expect(boxes[0]!.x0).toBeLessThanOrEqual(25);
    expect(boxes[0]!.x1).toBeGreaterThanOrEqual(195);
    expect(boxes[0]!.x1).toBeLessThanOrEqual(200);
    expect(boxes[1]!.x0).toBeGreaterThanOrEqual(200);
    expect(boxes[1]!.y1).toBeLessThanOrEqual(220);
    expect(boxes[1]!.y1).toBeGreaterThanOrEqual(215);
  });

  it('without the door the gap joins both rooms into one area', () => {
    expect(enclosedAreas(twoRooms(false), SIZE, PPM)).toHaveLength(1);
  });

  it('walls that enclose nothing give no area', () => {
    const model: FloorModel = { walls: [wall('w', [20, 20], [380, 20])], doors: [], outline: null };
    expect(enclosedAreas(model, SIZE, PPM)).toEqual([]);
  });

  it("finds the demo floor's twelve rooms and its corridors, doors shut", async () => {
    // The plan's walls and rooms in metres, the one source of the demo plan (outside this project).
    const planModule = path.resolve(
      import.meta.dirname,
      '../../../../server/src/simulator/plan.ts',
    );
    const plan = (await import(/* @vite-ignore */ planModule)) as {
      WALLS: { x0: number; y0: number; x1: number; y1: number }[];
      ROOMS: { door: { x: number; y: number } }[];
      DOOR_WIDTH_M: number;
    };
    const px = (m: number) => m * PPM;
    const model: FloorModel = {
      walls: plan.WALLS.map((w, i) => wall(`w${i}`, [px(w.x0), px(w.y0)], [px(w.x1), px(w.y1)])),
      doors: plan.ROOMS.map((r, i) =>
        door(
          `d${i}`,
          [px(r.door.x - plan.DOOR_WIDTH_M / 2), px(r.door.y)],
          [px(r.door.x + plan.DOOR_WIDTH_M / 2), px(r.door.y)],
        ),
      ),
      outline: null,
    };
    const areas = enclosedAreas(model, { width: 1200, height: 800 }, PPM);
    expect(areas).toHaveLength(13);
    // The corridors (a cross) are the largest; each room a rectangle.
    expect(areas[0]!.polygon.length).toBeGreaterThan(4);
    for (const a of areas.slice(1)) expect(a.polygon).toHaveLength(4);
  });

  it('an L-shaped room keeps its six corners', () => {
    const model: FloorModel = {
      walls: [
        wall('l', [20, 20], [300, 20], [300, 120], [120, 120], [120, 260], [20, 260], [20, 20]),
      ],
      doors: [],
      outline: null,
    };
    const [area] = enclosedAreas(model, SIZE, PPM);
    expect(area!.polygon).toHaveLength(6);
  });
});

describe('rooms to create', () => {
  it('names new rooms Room 1, Room 2… skipping names in use and areas a zone covers', () => {
    const areas = enclosedAreas(twoRooms(true), SIZE, PPM).sort(
      (a, b) => bounds(a.polygon).x0 - bounds(b.polygon).x0,
    );
    const name = (n: number) => `Room ${n}`;
    expect(roomsToCreate(areas, [], name).map((r) => r.name)).toEqual(['Room 1', 'Room 2']);
    const covering = makeZone({
      name: 'Lab',
      polygon: [
        { x: 20, y: 20 },
        { x: 200, y: 20 },
        { x: 200, y: 220 },
        { x: 20, y: 220 },
      ],
    });
    const taken = makeZone({
      id: 'z2',
      name: 'Room 1',
      polygon: [
        { x: 0, y: 0 },
        { x: 5, y: 0 },
        { x: 0, y: 5 },
      ],
    });
    const rooms = roomsToCreate(areas, [covering, taken], name);
    expect(rooms).toHaveLength(1);
    expect(rooms[0]!.name).toBe('Room 2');
    expect(bounds(rooms[0]!.polygon).x0).toBeGreaterThanOrEqual(200);
  });
});
