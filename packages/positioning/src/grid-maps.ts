/**
 * The radio maps the grid stage filters on: a calibrated map when given, else its site's map
 * (self-calibrated, walls counted), else the plain path-loss map of custom models. Maps are
 * block-averaged to the filter's cell.
 */
import { coarsenRadioMap, pathLossMap, type Grid, type RadioMap } from './grid.ts';
import type { SiteCalibration } from './self-calibration.ts';
import type { Site } from './site.ts';
import type { LocateOptions } from './signals.ts';
import type { Anchor } from './types.ts';

/**
 * Cell size of the filter grid (m). Physics: shadowing decorrelates over ~1 m, so the radio map
 * holds no finer detail worth resolving, and the belief's spread σ is ≥ ~0.5 m even for a well
 * covered tag. A density sampled every h has its mean off by a share ~exp(−2π²σ²/h²) of h
 * (Euler–Maclaurin for a smooth, Gaussian-like belief): < 1 % of h at σ = h/2, and the spread is
 * kept exact by adding the cell's own h²/12. Checked on the calibration run and the simulation
 * (bench/lib/tune.ts: the same errors as the 0.32 m source grid to 0.01 m), never the test run.
 */
export const FILTER_CELL_M = 1;
/**
 * Most cells of the filter grid: bounds the cost of a step (~0.1 ms at 1,500 cells and 8
 * gateways) on large floors, where the cell then grows beyond FILTER_CELL_M.
 */
export const FILTER_MAX_CELLS = 1500;

// Coarse filter maps, by source map and stride.
const COARSE = new WeakMap<RadioMap, Map<number, RadioMap>>();

/**
 * The map on cells of about cellM (integer block averages of the source's cells), coarser still
 * when that would exceed maxCells.
 */
export function coarse(map: RadioMap, cellM: number, maxCells: number): RadioMap {
  const n = map.grid.nx * map.grid.ny;
  const stride = Math.max(
    1,
    Math.floor(cellM / map.grid.step + 1e-9),
    Math.ceil(Math.sqrt(n / Math.max(1, maxCells)) - 1e-9),
  );
  if (stride <= 1) return map;
  let byStride = COARSE.get(map);
  if (!byStride) COARSE.set(map, (byStride = new Map()));
  let out = byStride.get(stride);
  if (!out) byStride.set(stride, (out = coarsenRadioMap(map, stride)));
  return out;
}

/** True when two grids have the same cells (a refreshed map keeps the filter's belief). */
export function sameGrid(a: Grid, b: Grid): boolean {
  return a.x0 === b.x0 && a.y0 === b.y0 && a.step === b.step && a.nx === b.nx && a.ny === b.ny;
}

/** What a grid stage needs to pick its map. */
export interface MapChoice {
  radioMap?: RadioMap;
  locateOptions?: LocateOptions;
}

/**
 * The source map for these anchors (before coarsening) and the site calibration that feeds it,
 * null when the map is fixed (a calibrated map or custom models, kept in `own`).
 */
export function sourceMap(
  anchors: readonly Anchor[],
  o: MapChoice,
  site: Site | null,
  own: WeakMap<object, RadioMap>,
): { map: RadioMap; calibration: SiteCalibration | null } {
  if (o.radioMap) return { map: o.radioMap, calibration: null };
  const custom = o.locateOptions?.model !== undefined || o.locateOptions?.models !== undefined;
  if (!custom && site) return { map: site.map(), calibration: site.calibration };
  let map = own.get(anchors);
  if (!map) {
    map = pathLossMap(anchors, o.locateOptions?.model, o.locateOptions?.models);
    own.set(anchors, map);
  }
  return { map, calibration: null };
}
