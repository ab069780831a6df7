/**
 * Which room of the floor a tag is shown in, with hysteresis: the tag changes room once another
 * room clearly holds the belief, and a tag known to stand still keeps its room while any of the
 * belief is left there, so readings that flicker across a wall do not flip it (or its zone).
 */
import type { FloorRaster } from './floor-raster.ts';
import type { GridFilter } from './grid-filter.ts';

/**
 * Share of the belief another room needs to take a moving tag: twice as likely as every other
 * place together. Chosen on the demo building (simulate:quality, two seeds of 600 s) among one
 * epoch at 2/3 or 0.55 and two to four epochs running at 2/3 or 0.8: every wait longer than one
 * epoch left more positions in the wrong room (8.7–14.6 % against 7.6–10.0 %) and more flips,
 * since the shown position then trails the tag through its doors.
 */
export const ROOM_SWITCH_SHARE = 2 / 3;
/**
 * Share of its room below which a tag standing still leaves it. A tag that stands does not walk
 * through a door; readings that keep pointing past a wall (the fixed shadowing of where it
 * stands) are what it leaves its room on only when they leave nothing of the belief there.
 */
const STILL_LEAVE_SHARE = 0.01;

export interface RoomChoice {
  /**
   * The room to show the tag in after the filter's last update; a tag known to stand still
   * (`still`) leaves its room only when nothing of the belief is left there.
   */
  pick(filter: GridFilter, floor: FloorRaster, still?: boolean): number;
  reset(): void;
}

export function createRoomChoice(): RoomChoice {
  let shares = new Float64Array(0);
  let room = -1;
  let floorOf: FloorRaster | null = null;
  return {
    pick(filter, floor, still = false) {
      if (shares.length !== floor.rooms) shares = new Float64Array(floor.rooms);
      filter.roomShares(shares);
      let best = 0;
      for (let r = 1; r < shares.length; r++) if (shares[r]! > shares[best]!) best = r;
      if (room < 0 || floorOf !== floor) {
        floorOf = floor;
        room = best;
      } else if (best !== room) {
        const leaves = still
          ? shares[room]! < STILL_LEAVE_SHARE
          : shares[best]! >= ROOM_SWITCH_SHARE;
        if (leaves) room = best;
      }
      return room;
    },
    reset() {
      room = -1;
      floorOf = null;
    },
  };
}
