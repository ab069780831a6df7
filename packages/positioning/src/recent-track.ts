/** Whether a tag's recent estimates say it stands: what the room choice holds a tag by. */

/** Epochs in each half of the span over which a tag's recent estimates tell that it stands. */
const STANDING_HALF_EPOCHS = 5;
/**
 * Most distance (m) between the means of the two halves for a standing tag: a walker covers
 * about five metres between them, a standing tag's estimates jitter about a still point. Chosen
 * with the room choice on the demo building (simulate:quality, seeds 1–3 of 600 s, checked on
 * seeds 4–6): 2 m against 1, 1.5, 2.5 and 3 m (wider lets walkers pass for standing and keep
 * their room too long), and two halves of 5 epochs against 8.
 */
const STANDING_SHIFT_M = 2;

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
    standing(): boolean {
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
