/** Signal-domain maximum likelihood: coarse grid over the search box, then LM refinement. */
import { refine } from './nls.ts';
import type { Signals } from './signals.ts';
import { offsetPrior, searchBox, type Fix } from './solvers.ts';

/** Grid points per side; the LM step then recovers the sub-cell position. */
const GRID = 21;
const BOX = new Float64Array(4);
let MU0 = new Float64Array(16);

/** Cost at (x, y) with the tag offset b eliminated in closed form; leaves b in lastOffset. */
let lastOffset = 0;
function profileCost(s: Signals, x: number, y: number): number {
  const lb = offsetPrior(s);
  let sw = 0;
  let swr = 0;
  for (let i = 0; i < s.count; i++) {
    const dx = x - s.ax[i]!;
    const dy = y - s.ay[i]!;
    const r =
      s.rssi[i]! - s.p0[i]! + 0.5 * s.k[i]! * Math.log(dx * dx + dy * dy + s.dz2[i]! + 1e-6);
    MU0[i] = r;
    sw += s.w[i]!;
    swr += s.w[i]! * r;
  }
  const b = swr / (sw + lb);
  let c = lb * b * b;
  for (let i = 0; i < s.count; i++) {
    const r = MU0[i]! - b;
    c += s.w[i]! * r * r;
  }
  lastOffset = b;
  return c;
}

/** Global maximum-likelihood position (Gaussian shadowing, offset prior) from the signals. */
export function solveMaximumLikelihood(s: Signals, out: Fix): Fix {
  if (MU0.length < s.count) MU0 = new Float64Array(s.count * 2);
  const box = searchBox(s, BOX);
  const stepX = (box[2]! - box[0]!) / (GRID - 1);
  const stepY = (box[3]! - box[1]!) / (GRID - 1);
  let best = Infinity;
  for (let gy = 0; gy < GRID; gy++) {
    const y = box[1]! + gy * stepY;
    for (let gx = 0; gx < GRID; gx++) {
      const x = box[0]! + gx * stepX;
      const c = profileCost(s, x, y);
      if (c < best) {
        best = c;
        out.x = x;
        out.y = y;
        out.b = lastOffset;
      }
    }
  }
  refine(s, out);
  return out;
}
