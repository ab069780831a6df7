/** Whether a tag's recent estimates say it stands: what the room choice holds a tag by. */

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
