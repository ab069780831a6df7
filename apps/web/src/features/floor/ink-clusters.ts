/** Connected clusters of ink in a plan's ink mask, for the wall and text detectors. */

/** A cluster's bounding box, image pixels, both ends included. */
export interface ClusterBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/**
 * Calls `visit` for each 8-connected cluster of ink (1) in `mask`, clearing the mask as it goes:
 * the cluster's pixel indices are the first `count` entries of `pixels` (one array, reused from
 * cluster to cluster, in breadth-first order from the cluster's first pixel in row order).
 */
export function forEachCluster(
  mask: Uint8Array,
  width: number,
  height: number,
  visit: (pixels: Int32Array, count: number, box: ClusterBox) => void,
): void {
  const queue = new Int32Array(width * height);
  for (let seed = 0; seed < mask.length; seed++) {
    if (mask[seed] !== 1) continue;
    mask[seed] = 0;
    queue[0] = seed;
    let head = 0;
    let tail = 1;
    const box = { x0: width, y0: height, x1: 0, y1: 0 };
    while (head < tail) {
      const i = queue[head++]!;
      const x = i % width;
      const y = (i - x) / width;
      box.x0 = Math.min(box.x0, x);
      box.x1 = Math.max(box.x1, x);
      box.y0 = Math.min(box.y0, y);
      box.y1 = Math.max(box.y1, y);
      for (let dy = -1; dy <= 1; dy++) {
        const ny = y + dy;
        if (ny < 0 || ny >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          if (nx < 0 || nx >= width) continue;
          const n = ny * width + nx;
          if (mask[n] !== 1) continue;
          mask[n] = 0;
          queue[tail++] = n;
        }
      }
    }
    visit(queue, tail, box);
  }
}
