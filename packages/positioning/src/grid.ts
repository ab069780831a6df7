/** A regular floor grid and per-anchor expected-RSSI surfaces on it (the radio map). */
import {
  DEFAULT_RADIO_MODEL,
  expectedRssi,
  heightOffset,
  modelForAnchor,
  TAG_HEIGHT_M,
  type RadioModel,
} from './radio-model.ts';
import type { Anchor } from './types.ts';
import type { WallSegment } from './floor.ts';
import { subtractWallLoss, wallCrossings, type WallLosses } from './wall-loss.ts';

/** Cell centres at (x0 + i·step, y0 + j·step), i < nx, j < ny; cell index j·nx + i. */
export interface Grid {
  x0: number;
  y0: number;
  step: number;
  nx: number;
  ny: number;
}

/** Expected RSSI of each anchor over a grid, with the spread of readings around it (dB). */
export interface RadioMap {
  grid: Grid;
  /** Mean RSSI per cell, by anchor id. */
  surfaces: ReadonlyMap<string, Float64Array>;
  /** Shadowing σ per anchor id (dB). */
  sigmaDb: ReadonlyMap<string, number>;
  /** Prior σ of the tag's transmit offset (dB); 0 fixes it at 0. */
  txOffsetSigmaDb: number;
  /**
   * Where a tag can be, as a weight per cell in [0, 1] (e.g. near where a calibration walk went);
   * everywhere when absent. The grid filter restricts its motion steps to it.
   */
  support?: Float64Array;
}

/** Finest cell (m): below this the radio model cannot tell positions apart anyway. */
export const MIN_CELL_M = 0.2;
/** Most cells per grid: keeps an update well under a millisecond on large sites. */
export const MAX_CELLS = 6000;

/** The anchors' bounding box (m): from (x0, y0) to (x1, y1). */
export function anchorsBox(anchors: readonly Anchor[]) {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const a of anchors) {
    x0 = Math.min(x0, a.x);
    x1 = Math.max(x1, a.x);
    y0 = Math.min(y0, a.y);
    y1 = Math.max(y1, a.y);
  }
  return { x0, y0, x1, y1 };
}

/** A grid over the anchors' bounding box plus the solvers' margin. */
export function gridForAnchors(anchors: readonly Anchor[], maxCells = MAX_CELLS): Grid {
  const { x0, y0, x1, y1 } = anchorsBox(anchors);
  const margin = Math.max(2, 0.15 * Math.hypot(x1 - x0, y1 - y0));
  return gridForBox(x0 - margin, y0 - margin, x1 + margin, y1 + margin, maxCells);
}

/** A grid covering the box with at most maxCells cells of at least MIN_CELL_M. */
export function gridForBox(
  minX: number,
  minY: number,
  maxX: number,
  maxY: number,
  maxCells = MAX_CELLS,
): Grid {
  const w = Math.max(maxX - minX, MIN_CELL_M);
  const h = Math.max(maxY - minY, MIN_CELL_M);
  const step = Math.max(MIN_CELL_M, Math.sqrt((w * h) / maxCells));
  return {
    x0: minX,
    y0: minY,
    step,
    nx: Math.floor(w / step) + 1,
    ny: Math.floor(h / step) + 1,
  };
}

/** Log-distance mean RSSI of one anchor over the grid. */
export function pathLossSurface(
  grid: Grid,
  anchor: Anchor,
  model: RadioModel,
  tagHeight: number = TAG_HEIGHT_M,
): Float64Array {
  const out = new Float64Array(grid.nx * grid.ny);
  const dz = heightOffset(anchor, tagHeight);
  // Math.hypot is several times slower than the square root, and a site's rebuild runs this for
  // every anchor and cell.
  for (let j = 0; j < grid.ny; j++) {
    const dy = grid.y0 + j * grid.step - anchor.y;
    const r2 = dy * dy + dz * dz;
    for (let i = 0; i < grid.nx; i++) {
      const dx = grid.x0 + i * grid.step - anchor.x;
      out[j * grid.nx + i] = expectedRssi(model, Math.sqrt(dx * dx + r2));
    }
  }
  return out;
}

/** The walls a radio map counts between each gateway and each cell, and what each class takes. */
export interface WallAttenuation {
  /**
   * The floor's solid walls (solidWalls: doors cut out). Keep the same array (and anchors array)
   * across rebuilds: the crossings are counted once per walls, anchors and grid (wallCrossings).
   */
  walls: readonly WallSegment[];
  /** Loss per crossing of each class's reference wall (dB), e.g. learnt; the walls' own when absent. */
  lossDb?: WallLosses;
}

/**
 * The radio map the path-loss model predicts for these anchors (the default model, or the given
 * per-anchor models), less the loss of the walls between each anchor and each cell when given.
 */
export function pathLossMap(
  anchors: readonly Anchor[],
  base: RadioModel = DEFAULT_RADIO_MODEL,
  models?: ReadonlyMap<string, RadioModel>,
  grid: Grid = gridForAnchors(anchors),
  walls?: WallAttenuation,
): RadioMap {
  const surfaces = new Map<string, Float64Array>();
  const sigmaDb = new Map<string, number>();
  const crossings = walls?.walls.length ? wallCrossings(grid, anchors, walls.walls) : null;
  for (const a of anchors) {
    const m = models?.get(a.id) ?? modelForAnchor(a, base);
    const surface = pathLossSurface(grid, a, m);
    if (crossings) subtractWallLoss(surface, crossings, a.id, walls?.lossDb);
    surfaces.set(a.id, surface);
    sigmaDb.set(a.id, m.sigmaDb);
  }
  return { grid, surfaces, sigmaDb, txOffsetSigmaDb: base.txOffsetSigmaDb };
}

/**
 * The same radio map on a grid `stride` times coarser: each coarse cell averages the mean RSSI
 * (and the support) of its stride × stride block of fine cells and sits at the block's centre.
 * stride 1 returns it.
 */
export function coarsenRadioMap(map: RadioMap, stride: number): RadioMap {
  const s = Math.max(1, Math.floor(stride));
  if (s === 1) return map;
  const g = map.grid;
  const grid: Grid = {
    x0: g.x0 + ((s - 1) / 2) * g.step,
    y0: g.y0 + ((s - 1) / 2) * g.step,
    step: g.step * s,
    nx: Math.ceil(g.nx / s),
    ny: Math.ceil(g.ny / s),
  };
  const surfaces = new Map<string, Float64Array>();
  for (const [id, mu] of map.surfaces) {
    if (mu.length === g.nx * g.ny) surfaces.set(id, blockAverage(g, grid, s, mu));
  }
  const coarse: RadioMap = {
    grid,
    surfaces,
    sigmaDb: map.sigmaDb,
    txOffsetSigmaDb: map.txOffsetSigmaDb,
  };
  if (map.support?.length === g.nx * g.ny) coarse.support = blockAverage(g, grid, s, map.support);
  return coarse;
}

/** Mean of a fine field over each stride × stride block (the coarse grid's cells). */
function blockAverage(fine: Grid, coarse: Grid, s: number, field: Float64Array): Float64Array {
  const out = new Float64Array(coarse.nx * coarse.ny);
  for (let J = 0; J < coarse.ny; J++) {
    for (let I = 0; I < coarse.nx; I++) {
      let sum = 0;
      let count = 0;
      for (let j = J * s; j < Math.min(fine.ny, (J + 1) * s); j++) {
        for (let i = I * s; i < Math.min(fine.nx, (I + 1) * s); i++) {
          sum += field[j * fine.nx + i]!;
          count++;
        }
      }
      out[J * coarse.nx + I] = sum / count;
    }
  }
  return out;
}
