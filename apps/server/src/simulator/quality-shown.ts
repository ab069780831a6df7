/**
 * What the console is shown, second by second, against the demo building's walls and rooms: steps
 * through walls, steps no walker makes, jumps, and the room a standing tag is shown in.
 */
import { placeAt, wallsBetween } from './plan.ts';

/** Figures of the shown positions' 1-second steps (consecutive seconds of one tag). */
export interface ShownReport {
  /** 1-second steps (a tag shown in two consecutive seconds), moving or not. */
  steps: number;
  /** Share of those steps whose straight line crosses a wall (doors are gaps in WALLS). */
  crossingWall: number;
  /** Share of those steps longer than FAST_STEP_M_S (no walker is that fast). */
  faster: number;
  /** Jumps (shown farther than JUMP_M from where it was 1 or 2 s before) per tag and 10 minutes. */
  jumpsPer10Min: number;
  /** Share of shown positions in another room (or corridor) than the tag's while it stands still. */
  wrongRoomStanding: number;
  standingSamples: number;
  /**
   * Shown room changes from one second to the next while the tag stands still in one room (or
   * corridor) and has stood there STANDING_MS or more (the seconds of its arrival, while the
   * shown position still walks in, are not standing yet), per 10 minutes of such standing.
   */
  flipsPer10MinStanding: number;
  /** Standing tag-seconds behind the flip rate. */
  standingSeconds: number;
}

/** A shown step longer than this in one second is faster than any walker (m/s). */
export const FAST_STEP_M_S = 3;
/** A shown move longer than this within JUMP_WINDOW_S seconds is a jump (m). */
export const JUMP_M = 5;
export const JUMP_WINDOW_S = 2;
/** A tag still for this long counts as standing (ms). */
export const STANDING_MS = 5_000;

interface ShownState {
  /**
   * The last JUMP_WINDOW_S seconds, oldest first: the shown position (null when none) and whether
   * a jump was counted in that second.
   */
  recent: { at: { x: number; y: number } | null; jump: boolean }[];
  place: string | null;
}

/**
 * Tallies the shown positions second by second per tag: where a step crosses a wall, how fast it
 * is, jumps, rooms and room flips. A jump is counted in the second the shown position is more
 * than JUMP_M from where it was k ≤ JUMP_WINDOW_S seconds before, unless one was counted in
 * the seconds between: a move lasting two seconds is one jump, a jump there and back two.
 */
export function createShownTally() {
  const tags = new Map<string, ShownState>();
  let steps = 0;
  let crossing = 0;
  let fast = 0;
  let jumps = 0;
  let shownSeconds = 0;
  let wrongStanding = 0;
  let standingSamples = 0;
  let flips = 0;
  let standingSeconds = 0;
  return {
    /** One second of one tag: the shown position (null when none) and the truth. */
    add(
      tag: string,
      shown: { x: number; y: number } | null,
      truth: { x: number; y: number; standingMs: number; moved: boolean },
    ) {
      let st = tags.get(tag);
      if (!st) tags.set(tag, (st = { recent: [], place: null }));
      const recent = st.recent;
      const prev = recent.at(-1)?.at ?? null;
      let jump = false;
      if (shown) {
        // k seconds back, with no jump counted in the k − 1 seconds since.
        for (let k = 1; k <= recent.length; k++) {
          const then = recent[recent.length - k]!;
          const p = then.at;
          if (p && Math.hypot(shown.x - p.x, shown.y - p.y) > JUMP_M) jump = true;
          if (jump || then.jump) break;
        }
      }
      recent.push({ at: shown, jump });
      if (recent.length > JUMP_WINDOW_S) recent.shift();
      if (!shown) return;
      if (jump) jumps++;
      shownSeconds++;
      const place = placeAt(shown.x, shown.y);
      const truePlace = placeAt(truth.x, truth.y);
      if (truth.standingMs >= STANDING_MS) {
        standingSamples++;
        if (place !== truePlace) wrongStanding++;
      }
      if (prev) {
        steps++;
        const d = Math.hypot(shown.x - prev.x, shown.y - prev.y);
        if (wallsBetween(prev.x, prev.y, shown.x, shown.y) > 0) crossing++;
        if (d > FAST_STEP_M_S) fast++;
        if (!truth.moved && truePlace !== null && truth.standingMs >= STANDING_MS) {
          standingSeconds++;
          if (place !== st.place) flips++;
        }
      }
      st.place = place;
    },
    report(): ShownReport {
      return {
        steps,
        crossingWall: crossing / (steps || 1),
        faster: fast / (steps || 1),
        jumpsPer10Min: (jumps * 600) / (shownSeconds || 1),
        wrongRoomStanding: wrongStanding / (standingSamples || 1),
        standingSamples,
        flipsPer10MinStanding: (flips * 600) / (standingSeconds || 1),
        standingSeconds,
      };
    },
  };
}
