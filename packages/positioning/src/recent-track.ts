/**
 * Whether a tag stands, from its recent estimates and its tracked speed: what the room choice holds
 * a tag by.
 */

/**
 * The three are chosen together on the demo building (simulate:quality, 1,800 s, seeds 1–6;
 * checked on seeds 7–12 and with walkers of 0.4–0.8 and 1.3–1.8 m/s instead of 0.9–1.5). Over
 * seeds 1–12, with room-choice.ts's stand-switch at 40 epochs, they put 7.1 % of all positions in
 * another room than the tag's, 3.8 % of standing tags' positions, and a standing tag flips room
 * 1.09 times per 10 minutes (7.0 %, 3.6 % and 0.97 with the stand-switch at 60); halves of 5
 * epochs, a 2 m shift and 0.3 m/s gave 8.2 %, 5.1 % and 1.23, and with walkers of 0.4–0.8 m/s
 * 14.1 % of all positions in the wrong room (7.5 %): a slow walker passed for standing and
 * kept its room through doors.
 */

/** Epochs in each half of the span over which the estimates tell: 8 against 4, 5 and 10. */
const STANDING_HALF_EPOCHS = 8;
/**
 * Most distance (m) between the means of the two halves for a standing tag, whose estimates
 * jitter about a still point: a walker at 1 m/s covers about eight metres between them, a slow
 * one at 0.3 m/s (a patient's shuffle) 2.4 m. 1 m against 0.75, 1.25, 1.5 and 2 m.
 */
const STANDING_SHIFT_M = 1;
/**
 * Tracked speed (m/s) below which a tag counts as standing. A standing tag's velocity is tracked
 * from fixes metres apart, so its speed wanders well above zero: at 0.3 m/s standing tags changed
 * room whenever the other side of a wall led. 0.8 against 0.3, 0.6, 0.7 and 1 m/s (1 m/s flips
 * less but holds walkers of 0.4–0.8 m/s in their room; 0.6 and 0.7 flip more).
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
