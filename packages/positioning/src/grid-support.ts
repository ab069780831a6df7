/** Where tags are expected on a grid: the gateways' bounding box with a soft edge. */
import { anchorsBox, type Grid } from './grid.ts';
import type { Anchor } from './types.ts';

/**
 * Spread (m) of the soft edge of where tags are expected: full weight within the gateways'
 * bounding box, falling as a Gaussian of this σ outside it. Gateways are mounted around and
 * inside the area they cover, so a tag far outside their hull is rare, while shadowed or
 * truncated links push estimates off the floor. Chosen among 0.5, 1 and 2 m (and none) on the
 * Kolakowski calibration run, the UJI library and the choosing simulation only
 * (bench/lib/stream-report.ts).
 */
export const HULL_EDGE_M = 1;

/** A grid's weights of where tags are expected: the anchors' box with a soft edge. */
export function hullSupport(
  grid: Grid,
  anchors: readonly Anchor[],
  edgeM = HULL_EDGE_M,
): Float64Array {
  const { x0, y0, x1, y1 } = anchorsBox(anchors);
  const out = new Float64Array(grid.nx * grid.ny);
  for (let j = 0; j < grid.ny; j++) {
    const y = grid.y0 + j * grid.step;
    const dy = Math.max(0, y0 - y, y - y1);
    for (let i = 0; i < grid.nx; i++) {
      const x = grid.x0 + i * grid.step;
      const dx = Math.max(0, x0 - x, x - x1);
      out[j * grid.nx + i] = Math.exp(-(dx * dx + dy * dy) / (2 * edgeM * edgeM));
    }
  }
  return out;
}
