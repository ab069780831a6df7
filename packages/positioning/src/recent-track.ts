/**
 * Whether a tag stands, from its recent estimates and its tracked speed: what the room choice holds
 * a tag by.
 */

/** Epochs in each half of the span over which a tag's recent estimates tell that it stands. */
const STANDING_HALF_EPOCHS = 5;
/**
 * Most distance (m) between the means of the two halves for a standing tag: a walker at 1 m/s
 * covers about five metres between them, a slow one at 0.3 m/s (a patient's shuffle) 1.5 m, and a
 * standing tag's estimates jitter about a still point. Chosen with STANDING_SPEED_M_S on the demo
 * building (simulate:quality, 1,800 s, seeds 1–6; checked on seeds 7–12 and with walkers of
 * 0.4–0.8 and 1.3–1.8 m/s): 1 m against 0.75, 1.25, 1.5 and 2 m. At 2 m a slow walker passed for
 * standing and kept its room through doors (walkers of 0.4–0.8 m/s in the wrong room 14.1 % of the
 * time, against 9.0 %).
 */
const STANDING_SHIFT_M = 1;
/**
 * Tracked speed (m/s) below which a tag counts as standing. A standing tag's velocity is tracked
 * from fixes metres apart, so its speed wanders well above zero. Chosen with STANDING_SHIFT_M on
 * the demo building (simulate:quality, 1,800 s, seeds 1–6; checked on seeds 7–12 and with slower
 * and faster walkers): 0.8 against 0.3, 0.6, 0.7 and 1 m/s. With the 1 m shift, 0.3 m/s let
 * standing tags change room whenever the other side of a wall led (seeds 1–12: 1.59 flips per 10
 * minutes standing, 5.4 % of standing positions in the wrong room); 0.8 gives 1.17 and 4.0 %, and
 * 7.3 % of all positions in the wrong room (2 m with 0.3 m/s: 1.23, 5.1 % and 8.2 %); 1 m/s flips
 * less but holds walkers of 0.4–0.8 m/s in their room (11.0 % wrong against 9.0 %), 0.6 and
 * 0.7 m/s flip more.
 */
const STANDING_SPEED_M_S = 0.8;

/** The tag's last estimates, and whether they say it stands. */
export function createRecentTrack() {
  const xs: number[] = [];
  const ys: number[] = [];
  const n = 2 * STANDING_HALF_EPOCHS;
  const mean = (v: number[], from: number, to: number) => {
    let sum = 0;
    for (let i = from; i < to; i++) sum += v[i]!;
    return sum / (to - from);
  };
  return {
    add(x: number, y: number) {
      xs.push(x);
      ys.push(y);
      if (xs.length > n) {
        xs.shift();
        ys.shift();
      }
    },
    /**
     * Whether the tag stands: its recent estimates hold still, or its tracked speed (m/s) is
     * below a stroll. Either alone misses standing tags the other sees (jittery estimates near a
     * wall, a velocity still settling after a stop).
     */
    standing(speed = Infinity): boolean {
      if (speed < STANDING_SPEED_M_S) return true;
      if (xs.length < n) return false;
      const h = STANDING_HALF_EPOCHS;
      const dx = mean(xs, h, n) - mean(xs, 0, h);
      const dy = mean(ys, h, n) - mean(ys, 0, h);
      return Math.hypot(dx, dy) < STANDING_SHIFT_M;
    },
    reset() {
      xs.length = 0;
      ys.length = 0;
    },
  };
}
