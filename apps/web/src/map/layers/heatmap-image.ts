/**
 * The heatmap as an image: one image pixel per cell of the grid the cells span, coloured from
 * transparent blue (little time spent there) through green and yellow to red (the most), by the
 * square root of the time so that cells passed now and then still show beside the busiest ones.
 */
import type { HeatmapResponse } from '@rtls/contract';

/** The colour stops of the ramp, from the least time to the most (r, g, b). */
export const HEAT_STOPS: readonly (readonly [number, number, number])[] = [
  [37, 99, 235],
  [22, 163, 74],
  [234, 179, 8],
  [220, 38, 38],
];

/** The colour (r, g, b, a) of a cell with `n` of the busiest cell's `max` (seconds). */
export function heatColour(n: number, max: number): [number, number, number, number] {
  if (n <= 0 || max <= 0) return [0, 0, 0, 0];
  const f = Math.sqrt(Math.min(1, n / max));
  const pos = f * (HEAT_STOPS.length - 1);
  const k = Math.min(HEAT_STOPS.length - 2, Math.floor(pos));
  const u = pos - k;
  const a = HEAT_STOPS[k]!;
  const b = HEAT_STOPS[k + 1]!;
  const mix = (c: 0 | 1 | 2) => Math.round(a[c] + (b[c] - a[c]) * u);
  return [mix(0), mix(1), mix(2), Math.round(90 + 150 * f)];
}

/** The cells as RGBA pixels, and where the image lies on the map (pixels, [y, x] corners). */
export function heatmapImage(h: Pick<HeatmapResponse, 'cells' | 'cellPixels' | 'maxSeconds'>) {
  if (h.cells.length === 0) return null;
  let i0 = Infinity;
  let j0 = Infinity;
  let i1 = -Infinity;
  let j1 = -Infinity;
  for (const c of h.cells) {
    i0 = Math.min(i0, c.i);
    j0 = Math.min(j0, c.j);
    i1 = Math.max(i1, c.i);
    j1 = Math.max(j1, c.j);
  }
  const width = i1 - i0 + 1;
  const height = j1 - j0 + 1;
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (const c of h.cells)
    rgba.set(heatColour(c.seconds, h.maxSeconds), ((c.j - j0) * width + (c.i - i0)) * 4);
  const s = h.cellPixels;
  return {
    width,
    height,
    rgba,
    corners: [
      [j0 * s, i0 * s],
      [(j1 + 1) * s, (i1 + 1) * s],
    ] as [[number, number], [number, number]],
  };
}
