/**
 * Which room of the floor a tag is shown in, with hysteresis: the tag changes room once another
 * room clearly holds the belief, and a tag that stands still keeps its room, so readings that
 * flicker across a wall do not flip it (or its zone). A tag does not walk through a door while it
 * stands; readings that keep pointing past a wall (the fixed shadowing of where it stands) are no
 * reason to move it. It leaves once it is seen moving again.
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
 * A standing tag still changes room when the evidence for another stays strong: that room holds
 * this share of the belief for STAND_SWITCH_EPOCHS epochs running. Without it a tag carried into
 * the next room while unheard, or whose last steps the filter missed, stays behind the wall for
 * as long as it stands. Long and strict because the fixed shadowing of where a tag stands can
 * point past a wall for minutes (0.95 for 8 epochs or 0.99 for 20 flipped standing tags often).
 * On the demo building (simulate:quality, 1,800 s, seeds 1–6 / 7–12), 0.99 for 60 epochs leaves
 * 3.6 / 3.7 % of standing tags' positions in the wrong room and flips a standing tag 0.82 / 1.11
 * times per 10 minutes; 40 epochs 3.6 / 4.1 % and 0.90 / 1.28, 90 epochs 3.6 / 3.6 % and
 * 0.80 / 1.03. A minute: no longer is a tag left behind the wrong wall when its steps were missed.
 */
export const STAND_SWITCH_SHARE = 0.99;
export const STAND_SWITCH_EPOCHS = 60;

export interface RoomChoice {
  /** The room to show the tag in after the filter's last update; a standing tag keeps its own. */
  pick(filter: GridFilter, floor: FloorRaster, still?: boolean): number;
  reset(): void;
}

export function createRoomChoice(): RoomChoice {
  let shares = new Float64Array(0);
  let room = -1;
  let floorOf: FloorRaster | null = null;
  // The room that has held STAND_SWITCH_SHARE while the tag stood, and for how many epochs.
  let challenger = -1;
  let held = 0;
  return {
    pick(filter, floor, still = false) {
      if (shares.length !== floor.rooms) shares = new Float64Array(floor.rooms);
      filter.roomShares(shares);
      let best = 0;
      for (let r = 1; r < shares.length; r++) if (shares[r]! > shares[best]!) best = r;
      if (best !== room && shares[best]! >= STAND_SWITCH_SHARE) {
        held = best === challenger ? held + 1 : 1;
        challenger = best;
      } else {
        challenger = -1;
        held = 0;
      }
      if (room < 0 || floorOf !== floor) {
        floorOf = floor;
        room = best;
      } else if (best !== room && !still && shares[best]! >= ROOM_SWITCH_SHARE) {
        room = best;
      } else if (best !== room && held >= STAND_SWITCH_EPOCHS) {
        room = best;
      }
      if (room === best) {
        challenger = -1;
        held = 0;
      }
      return room;
    },
    reset() {
      room = -1;
      floorOf = null;
      challenger = -1;
      held = 0;
    },
  };
}
