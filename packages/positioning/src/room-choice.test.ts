import { describe, expect, it } from 'vitest';
import type { FloorRaster } from './floor-raster.ts';
import type { GridFilter } from './grid-filter.ts';
import {
  createRoomChoice,
  ROOM_SWITCH_SHARE,
  STAND_SWITCH_EPOCHS,
  STAND_SWITCH_SHARE,
} from './room-choice.ts';

/** A floor of two rooms, and a filter whose belief puts `share` in room 1 and the rest in 0. */
const floor = { rooms: 2 } as FloorRaster;
const belief = (share: number) =>
  ({
    roomShares(out: Float64Array) {
      out[0] = 1 - share;
      out[1] = share;
    },
  }) as GridFilter;

describe('room choice', () => {
  it('moves a walking tag once another room clearly holds the belief', () => {
    const choice = createRoomChoice();
    expect(choice.pick(belief(0.1), floor)).toBe(0);
    expect(choice.pick(belief(ROOM_SWITCH_SHARE - 0.01), floor)).toBe(0);
    expect(choice.pick(belief(ROOM_SWITCH_SHARE), floor)).toBe(1);
  });

  it('keeps a standing tag in its room while the other room only leads', () => {
    const choice = createRoomChoice();
    choice.pick(belief(0.1), floor);
    for (let i = 0; i < 200; i++) expect(choice.pick(belief(0.9), floor, true)).toBe(0);
  });

  it('moves a standing tag once the other room holds nearly all the belief for long enough', () => {
    const choice = createRoomChoice();
    choice.pick(belief(0.1), floor);
    for (let i = 1; i < STAND_SWITCH_EPOCHS; i++)
      expect(choice.pick(belief(STAND_SWITCH_SHARE), floor, true)).toBe(0);
    // One epoch short of the run, the evidence falters: the count starts again.
    expect(choice.pick(belief(0.9), floor, true)).toBe(0);
    for (let i = 1; i < STAND_SWITCH_EPOCHS; i++)
      expect(choice.pick(belief(STAND_SWITCH_SHARE), floor, true)).toBe(0);
    expect(choice.pick(belief(STAND_SWITCH_SHARE), floor, true)).toBe(1);
  });
});
