/**
 * Which room of the floor a tag is shown in, with hysteresis: the tag changes room once another
 * room clearly holds the belief, and a tag that stands still keeps its room, so readings that
 * flicker across a wall do not flip it (or its zone). A tag does not walk through a door while it
 * stands; readings that keep pointing past a wall (the fixed shadowing of where it stands) are no
 * reason to move it. It leaves once it is seen moving again. Nor does a tag pass from its room into
 * one that no door of it opens onto without walking through the room between (a corridor).
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
 * On the demo building (simulate:quality, 1,800 s, seeds 1–6 / 7–12; measured before the rule of
 * FAR_ROOM_MOVING_EPOCHS below), 0.99 for 60 epochs leaves 3.6 / 3.7 % of standing tags'
 * positions in the wrong room and flips a standing tag 0.82 / 1.11 times per 10 minutes;
 * 40 epochs 3.6 / 4.1 % and 0.90 / 1.28, 90 epochs 3.6 / 3.6 % and 0.80 / 1.03. A minute: no
 * longer is a tag left behind the wrong wall when its steps were missed.
 */
export const STAND_SWITCH_SHARE = 0.99;
export const STAND_SWITCH_EPOCHS = 60;
/**
 * A moving tag is moved into a room that no door of its own room opens onto only once it has been
 * seen moving (neither known nor found to stand) for this many epochs running: to get there it
 * walks out through its door and across the room between, which takes a brisk walker (1.5 m/s)
 * about 4 s from one room into the one facing it across a 4 m corridor. A standing tag whose
 * belief jumps through a wall is seen moving for an epoch or two (its tracked speed and its
 * estimates' shift jump with the belief); without this rule it is shown walking round through
 * the corridor into the room behind the wall and, when the belief comes back, round again: up to
 * four room changes of a tag that never moved. On the demo building (simulate:quality,
 * 1,800 s; chosen on seeds 1–6, checked on 7–12): 3 and 4 epochs tie on seeds 1–6, 4 is better
 * on 7–12, and 5 leaves more standing tags behind the wrong wall (2.8 % against 2.6 %, both
 * measured before SETTLING_EPOCHS).
 * Over seeds 1–12 the wrong room falls from 6.93 to 6.28 % of all positions and from 3.61 to
 * 2.50 % of standing tags' positions, and flips of a standing tag from 0.99 to 0.63 per 10 minutes
 * (walkers of 0.4–0.8 and 1.3–1.8 m/s, seeds 1–6, likewise better). A standing tag then stays in
 * its room while its belief is behind the wall, its confidence lowered by that distance: 0.2
 * points fewer standing tags' positions reach 0.5, but 0.7 points more do so in the right room.
 */
export const FAR_ROOM_MOVING_EPOCHS = 4;
/**
 * For its first epochs a tag's room is still being found, not left: the belief settles from the
 * first readings, and the rule above does not hold it in the room of its first guess. The UJI
 * office's fingerprint points, each a tag of a few dozen scans, settle within 12 epochs; held
 * from their first epoch, their median error was 1.95 m instead of 1.92.
 */
export const SETTLING_EPOCHS = 16;

export interface RoomChoice {
  /** The room to show the tag in after the filter's last update; a standing tag keeps its own. */
  pick(filter: GridFilter, floor: FloorRaster, still?: boolean): number;
  reset(): void;
}

export function createRoomChoice(): RoomChoice {
  let shares = new Float64Array(0);
  let room = -1;
  let floorOf: FloorRaster | null = null;
  let joined: Uint8Array = new Uint8Array(0);
  // Epochs since the choice started, and epochs running the tag has been seen moving.
  let epochs = 0;
  let moving = 0;
  // The room that has held STAND_SWITCH_SHARE while the tag stood, and for how many epochs.
  let challenger = -1;
  let held = 0;
  /** Whether a moving tag may be taken from its room into `to` now. */
  const reachable = (to: number, rooms: number) =>
    joined[room * rooms + to] === 1 ||
    moving >= FAR_ROOM_MOVING_EPOCHS ||
    epochs <= SETTLING_EPOCHS;
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
      epochs++;
      moving = still ? 0 : moving + 1;
      if (room < 0 || floorOf !== floor) {
        floorOf = floor;
        joined = doorsOf(floor);
        room = best;
      } else if (
        best !== room &&
        !still &&
        shares[best]! >= ROOM_SWITCH_SHARE &&
        reachable(best, floor.rooms)
      ) {
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
      epochs = 0;
      moving = 0;
      challenger = -1;
      held = 0;
    },
  };
}

// One door table per floor, shared by every tag located on it.
const DOORS = new WeakMap<FloorRaster, Uint8Array>();
const doorsOf = (floor: FloorRaster): Uint8Array => {
  let joined = DOORS.get(floor);
  if (!joined) DOORS.set(floor, (joined = doorJoined(floor)));
  return joined;
};

/**
 * Which rooms a door joins: entry a × rooms + b is 1 when a tag can step from room a into room b,
 * straight or through a doorway's cells (walkable cells of no room).
 */
export function doorJoined(floor: FloorRaster): Uint8Array {
  const n = floor.rooms;
  const joined = new Uint8Array(n * n);
  const { nx } = floor.grid;
  const { room, walkable, openEast, openNext } = floor;
  const around = (c: number, visit: (d: number) => void) => {
    if (openEast[c]) visit(c + 1);
    if (c % nx > 0 && openEast[c - 1]) visit(c - 1);
    if (openNext[c]) visit(c + nx);
    if (c >= nx && openNext[c - nx]) visit(c - nx);
  };
  const seen = new Uint8Array(walkable.length);
  const stack: number[] = [];
  for (let s = 0; s < walkable.length; s++) {
    if (!walkable[s] || seen[s]) continue;
    // The rooms this cell touches, or, from a doorway's cell, the rooms its doorway touches.
    const touched = new Set<number>();
    seen[s] = 1;
    stack.push(s);
    while (stack.length > 0) {
      const c = stack.pop()!;
      if (room[c]! >= 0) touched.add(room[c]!);
      around(c, (d) => {
        if (room[d]! >= 0) touched.add(room[d]!);
        else if (room[c]! < 0 && walkable[d] && !seen[d]) {
          seen[d] = 1;
          stack.push(d);
        }
      });
    }
    for (const a of touched) for (const b of touched) if (a !== b) joined[a * n + b] = 1;
  }
  return joined;
}
