/**
 * Which room of the floor a tag is shown in, with hysteresis: a tag standing by a wall keeps its
 * room while the belief is split across it, and changes room once the evidence for the other
 * stays strong, so readings that flicker across a wall do not flip it (or its zone) back and forth.
 */
import type { FloorRaster } from './floor-raster.ts';
import type { GridFilter } from './grid-filter.ts';

/**
 * Share of the belief another room needs, epoch after epoch (ROOM_SWITCH_EPOCHS of them), to
 * take the tag. Two thirds: the other room must be twice as likely as every other place together.
 */
export const ROOM_SWITCH_SHARE = 2 / 3;
/** Consecutive epochs the other room must hold ROOM_SWITCH_SHARE (about 2 s at 1 Hz). */
export const ROOM_SWITCH_EPOCHS = 2;
/** Share at which another room takes the tag at once: nothing is left where it was. */
const ROOM_SURE_SHARE = 0.95;
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
  let candidate = -1;
  let lead = 0;
  return {
    pick(filter, floor, still = false) {
      if (shares.length !== floor.rooms) shares = new Float64Array(floor.rooms);
      filter.roomShares(shares);
      let best = 0;
      for (let r = 1; r < shares.length; r++) if (shares[r]! > shares[best]!) best = r;
      if (room < 0 || floorOf !== floor) {
        floorOf = floor;
        room = best;
        candidate = -1;
        lead = 0;
        return room;
      }
      if (best === room) {
        candidate = -1;
        lead = 0;
        return room;
      }
      const share = shares[best]!;
      if (still) {
        if (shares[room]! < STILL_LEAVE_SHARE) room = best;
      } else if (share >= ROOM_SURE_SHARE) {
        room = best;
      } else if (share >= ROOM_SWITCH_SHARE) {
        lead = candidate === best ? lead + 1 : 1;
        candidate = best;
        if (lead >= ROOM_SWITCH_EPOCHS) room = best;
      } else {
        candidate = -1;
        lead = 0;
      }
      if (room === best) {
        candidate = -1;
        lead = 0;
      }
      return room;
    },
    reset() {
      room = -1;
      floorOf = null;
      candidate = -1;
      lead = 0;
    },
  };
}
