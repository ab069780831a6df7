import { describe, expect, it } from 'vitest';
import type { WallSegment } from './floor.ts';
import { rasterizeFloor } from './floor-raster.ts';
import type { GridFilter } from './grid-filter.ts';
import { gridForBox } from './grid.ts';
import {
  createRoomChoice,
  doorJoined,
  FAR_ROOM_MOVING_EPOCHS,
  ROOM_SWITCH_SHARE,
  SETTLING_EPOCHS,
  STAND_SWITCH_EPOCHS,
  STAND_SWITCH_SHARE,
} from './room-choice.ts';

/**
 * A 30 × 10 m hall cut into three rooms by walls at x = 10 and x = 20, each with a door: the west
 * and east rooms open onto the middle one (a corridor) and not onto each other.
 */
const wall = (x: number): WallSegment => ({
  x0: x,
  y0: 0,
  x1: x,
  y1: 10,
  lossDb: 4,
  kind: 'light',
});
const floor = rasterizeFloor(gridForBox(0, 0, 30, 10, 30 * 10), {
  walls: [wall(10), wall(20)],
  doors: [
    { x0: 10, y0: 4, x1: 10, y1: 6 },
    { x0: 20, y0: 4, x1: 20, y1: 6 },
  ],
  outline: null,
})!;
const roomAt = (x: number) => floor.room[floor.cellAt(x, 5)]!;
const WEST = roomAt(5);
const MIDDLE = roomAt(15);
const EAST = roomAt(25);

/** A filter whose belief puts `share` in room `to` and the rest in the west room. */
const belief = (share: number, to = MIDDLE) =>
  ({
    roomShares(out: Float64Array) {
      out.fill(0);
      out[WEST] = 1 - share;
      out[to] = share;
    },
  }) as GridFilter;

/** A choice that has shown a standing tag in the west room past its settling epochs. */
function settledWest() {
  const choice = createRoomChoice();
  for (let i = 0; i < SETTLING_EPOCHS; i++) expect(choice.pick(belief(0), floor, true)).toBe(WEST);
  return choice;
}

describe('room choice', () => {
  it('tells which rooms a door joins', () => {
    expect(new Set([WEST, MIDDLE, EAST]).size).toBe(3);
    const joined = doorJoined(floor);
    const n = floor.rooms;
    expect(joined[WEST * n + MIDDLE]).toBe(1);
    expect(joined[EAST * n + MIDDLE]).toBe(1);
    expect(joined[WEST * n + EAST]).toBe(0);
  });

  it('moves a walking tag once another room clearly holds the belief', () => {
    const choice = createRoomChoice();
    expect(choice.pick(belief(0.1), floor)).toBe(WEST);
    expect(choice.pick(belief(ROOM_SWITCH_SHARE - 0.01), floor)).toBe(WEST);
    expect(choice.pick(belief(ROOM_SWITCH_SHARE), floor)).toBe(MIDDLE);
  });

  it('moves a tag seen moving for one epoch into the room its door opens onto', () => {
    const choice = settledWest();
    expect(choice.pick(belief(1), floor)).toBe(MIDDLE);
  });

  it('keeps a standing tag whose belief jumps through a wall in its room', () => {
    const choice = settledWest();
    // The jump makes the tag look as if it moved for an epoch; then it is seen standing again.
    expect(choice.pick(belief(1, EAST), floor)).toBe(WEST);
    for (let i = 0; i < 10; i++) expect(choice.pick(belief(1, EAST), floor, true)).toBe(WEST);
    // And for as many epochs short of a walk round through the corridor.
    for (let k = 1; k < FAR_ROOM_MOVING_EPOCHS; k++)
      expect(choice.pick(belief(1, EAST), floor)).toBe(WEST);
    expect(choice.pick(belief(1, EAST), floor, true)).toBe(WEST);
  });

  it('moves a tag into a room no door of its own opens onto once it has moved long enough', () => {
    const choice = settledWest();
    for (let k = 1; k < FAR_ROOM_MOVING_EPOCHS; k++)
      expect(choice.pick(belief(1, EAST), floor)).toBe(WEST);
    expect(choice.pick(belief(1, EAST), floor)).toBe(EAST);
  });

  it('finds a newly located tag its room wherever the belief settles', () => {
    const choice = createRoomChoice();
    expect(choice.pick(belief(0), floor, true)).toBe(WEST);
    expect(choice.pick(belief(1, EAST), floor)).toBe(EAST);
  });

  it('keeps a standing tag in its room while the other room only leads', () => {
    const choice = createRoomChoice();
    choice.pick(belief(0.1), floor);
    for (let i = 0; i < 200; i++) expect(choice.pick(belief(0.9), floor, true)).toBe(WEST);
  });

  it('moves a standing tag once the other room holds nearly all the belief for long enough', () => {
    for (const to of [MIDDLE, EAST]) {
      const choice = createRoomChoice();
      choice.pick(belief(0.1, to), floor);
      for (let i = 1; i < STAND_SWITCH_EPOCHS; i++)
        expect(choice.pick(belief(STAND_SWITCH_SHARE, to), floor, true)).toBe(WEST);
      // One epoch short of the run, the evidence falters: the count starts again.
      expect(choice.pick(belief(0.9, to), floor, true)).toBe(WEST);
      for (let i = 1; i < STAND_SWITCH_EPOCHS; i++)
        expect(choice.pick(belief(STAND_SWITCH_SHARE, to), floor, true)).toBe(WEST);
      expect(choice.pick(belief(STAND_SWITCH_SHARE, to), floor, true)).toBe(to);
    }
  });
});
