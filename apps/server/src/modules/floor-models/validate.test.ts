import { EMPTY_FLOOR_MODEL, FLOOR_MODEL_ERRORS, type FloorModel } from '@rtls/contract';
import { describe, expect, it } from 'vitest';
import { twoRoomFloor } from '../../../test/floor-fixtures.ts';
import { cleanFloorModel, floorModelProblem, nonNumberIn } from './validate.ts';

const plan = { width: 1000, height: 800 };
/** A room: a closed heavy outline and a light partition with a door on it. */
const room = (): FloorModel =>
  twoRoomFloor({
    right: 900,
    partition: { x: 500, kind: 'light', lossDb: 5 },
    door: { id: 'd1', x: 503 },
  });

describe('floor model checks', () => {
  it('accepts a room, the empty model, and points a little off the plan', () => {
    expect(floorModelProblem(room(), plan)).toBeNull();
    expect(floorModelProblem(EMPTY_FLOOR_MODEL, plan)).toBeNull();
    const m = room();
    m.walls[1]!.points[0] = { x: 500, y: -35 };
    expect(floorModelProblem(m, plan)).toBeNull();
  });

  it('refuses a segment of no length, naming the wall and points', () => {
    const m = room();
    m.walls[0]!.points.splice(2, 0, { x: 900, y: 100 });
    const problem = floorModelProblem(m, plan);
    expect(problem).toContain(FLOOR_MODEL_ERRORS.zeroLengthSegment.en);
    expect(problem).toContain('wall "outer", points 2 and 3');
  });

  it('refuses a door off every wall, and a door spanning two walls', () => {
    const m = room();
    m.doors[0] = { id: 'd1', a: { x: 300, y: 380 }, b: { x: 300, y: 420 } };
    expect(floorModelProblem(m, plan)).toContain(FLOOR_MODEL_ERRORS.doorOffWall.en);
    // Each end near a wall, but not the same one.
    m.doors[0] = { id: 'd1', a: { x: 495, y: 400 }, b: { x: 895, y: 400 } };
    expect(floorModelProblem(m, plan)).toContain('door "d1"');
    m.doors[0] = { id: 'd1', a: { x: 500, y: 400 }, b: { x: 500, y: 400 } };
    expect(floorModelProblem(m, plan)).toContain(FLOOR_MODEL_ERRORS.doorNoWidth.en);
  });

  it('refuses points beyond the margin around the plan, and none when its size is unknown', () => {
    const m = room();
    m.walls[1]!.points[1] = { x: 500, y: 841 };
    expect(floorModelProblem(m, plan)).toContain(FLOOR_MODEL_ERRORS.outsidePlan.en);
    expect(floorModelProblem(m, null)).toBeNull();
    const door = room();
    door.doors[0]!.a = { x: 1051, y: 400 };
    expect(floorModelProblem(door, plan)).toContain('door "d1"');
  });

  it('refuses a crossing or flat outline', () => {
    const m = room();
    const [a, b, c, d] = m.outline!;
    m.outline = [a!, c!, b!, d!];
    expect(floorModelProblem(m, plan)).toBe(FLOOR_MODEL_ERRORS.outlineCrosses.en);
    m.outline = [a!, { x: 500, y: 100 }, b!];
    expect(floorModelProblem(m, plan)).toBe(FLOOR_MODEL_ERRORS.outlineFlat.en);
  });

  it('refuses more segments than a map may have, and shared ids', () => {
    const many: FloorModel = {
      ...EMPTY_FLOOR_MODEL,
      walls: Array.from({ length: 26 }, (_, i) => ({
        id: `w${i}`,
        kind: 'light' as const,
        points: Array.from({ length: 200 }, (_, j) => ({ x: j, y: i + (j % 2) })),
      })),
    };
    expect(floorModelProblem(many, null)).toBe(
      `${FLOOR_MODEL_ERRORS.tooManySegments.en}: 5174 given`,
    );
    const twice = room();
    twice.walls[1]!.id = 'outer';
    expect(floorModelProblem(twice, plan)).toContain(FLOOR_MODEL_ERRORS.duplicateId.en);
  });

  it('finds coordinates sent as text, null or true before the schema turns them into numbers', () => {
    expect(nonNumberIn(room())).toBeNull();
    expect(nonNumberIn({ walls: [{ points: [{ x: 1, y: null }] }] })).toBe(
      `${FLOOR_MODEL_ERRORS.notANumber.en}: walls[0].points[0].y`,
    );
    expect(nonNumberIn({ doors: [{ a: { x: 1, y: 2 }, b: { x: '3', y: 4 } }] })).toContain(
      'doors[0].b.x',
    );
    expect(nonNumberIn({ outline: [{ x: true, y: 1 }] })).toContain('outline[0].x');
    expect(nonNumberIn({ walls: [{ lossDb: '4', points: [] }] })).toContain('walls[0].lossDb');
    expect(nonNumberIn({ walls: [{ lossDb: null, points: [] }] })).toBeNull();
    expect(nonNumberIn('not an object')).toBeNull();
  });

  it('keeps only the fields of the contract', () => {
    const m = room() as FloorModel & { extra?: number };
    (m.walls[0] as { note?: string }).note = 'x';
    m.extra = 1;
    expect(cleanFloorModel(m)).toEqual(room());
  });
});
