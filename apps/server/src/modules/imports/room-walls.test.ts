import { describe, expect, it } from 'vitest';
import { floorModelProblem } from '../floor-models/validate.ts';
import { roomWalls } from './room-walls.ts';

const ppm = 10;
/** A rectangle in metres, as room corners in pixels. */
const rect = (x0: number, y0: number, x1: number, y1: number) =>
  [
    [x0, y0],
    [x1, y0],
    [x1, y1],
    [x0, y1],
  ].map(([x, y]) => ({ x: x! * ppm, y: y! * ppm }));
const length = (d: { a: { x: number; y: number }; b: { x: number; y: number } }) =>
  Math.hypot(d.b.x - d.a.x, d.b.y - d.a.y) / ppm;

describe('walls from rooms', () => {
  it('makes a shared edge one wall with a 1 m opening at its middle, the outside closed', () => {
    // Two 4 × 3 m rooms side by side; the second lists its corners the other way round.
    const walls = roomWalls([rect(0, 0, 4, 3), rect(4, 0, 8, 3).reverse()], ppm)!;
    expect(walls.model.walls).toHaveLength(7);
    expect(walls.model.walls.every((w) => w.kind === 'light')).toBe(true);
    expect(walls.openings).toBe(1);
    const [door] = walls.model.doors;
    expect(length(door!)).toBeCloseTo(1, 6);
    expect([door!.a.x, door!.b.x]).toEqual([40, 40]);
    expect((door!.a.y + door!.b.y) / 2).toBeCloseTo(15, 6);
    expect(walls.model.outline).toBeNull();
    expect(floorModelProblem(walls.model, { width: 80, height: 30 })).toBeNull();
  });

  it('opens a shared edge shorter than 1.5 m over its whole length', () => {
    const walls = roomWalls([rect(0, 0, 4, 1.2), rect(4, 0, 8, 1.2)], ppm)!;
    expect(walls.openings).toBe(1);
    expect(length(walls.model.doors[0]!)).toBeCloseTo(1.2, 6);
  });

  it('gives each room along a corridor its own opening, and none to rooms apart', () => {
    // A 12 m corridor with three rooms on its north side; a room on its own further away.
    const corridor = rect(0, 4, 12, 6);
    const rooms = [rect(0, 0, 4, 4), rect(4, 0, 8, 4), rect(8, 0, 12, 4)];
    const walls = roomWalls([corridor, ...rooms, rect(20, 20, 23, 23)], ppm)!;
    // Corridor–room three times, room–room twice.
    expect(walls.openings).toBe(5);
    const onCorridor = walls.model.doors.filter((d) => d.a.y === 40 && d.b.y === 40);
    expect(onCorridor.map((d) => (d.a.x + d.b.x) / 2 / ppm).sort((p, q) => p - q)).toEqual([
      2, 6, 10,
    ]);
  });

  it('takes corners a few centimetres apart as the same place', () => {
    const a = rect(0, 0, 4, 3);
    const b = rect(4.02, 0.01, 8, 3.01);
    expect(roomWalls([a, b], ppm)!.openings).toBe(1);
  });
});
