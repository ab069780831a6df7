/**
 * The radio maps the grid stage filters on: a calibrated map when given, else the anchors'
 * path-loss map, shared by every tag tracked against the same anchors array and refreshed when
 * the site's self-calibration publishes new models. Maps are block-averaged to the filter's cell.
 */
import { coarsenRadioMap, pathLossMap, type Grid, type RadioMap } from './grid.ts';
import { DEFAULT_RADIO_MODEL, type RadioModel } from './radio-model.ts';
import { createSiteCalibration, type SiteCalibration } from './self-calibration.ts';
import type { LocateOptions } from './signals.ts';
import type { Anchor } from './types.ts';

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

/**
 * A site's path-loss map at its calibrated models, with the soft hull as its support (what the
 * device locator tracks on; the bare engine keeps the plain map unless asked).
 */
function generalMap(
  anchors: readonly Anchor[],
  models?: ReadonlyMap<string, RadioModel>,
  grid?: Grid,
): RadioMap {
  const map = pathLossMap(anchors, DEFAULT_RADIO_MODEL, models, grid);
  if (HULL_EDGE_M > 0) map.support = hullSupport(map.grid, anchors);
  return map;
}

interface Site {
  calibration: SiteCalibration;
  revision: number;
  map: RadioMap;
}

// Sites by the content of their anchors, so a caller that rebuilds its frame (same gateways,
// same places) keeps what the site has learnt; the most recently used few are kept.
const SITES_BY_KEY = new Map<string, Site>();
const MAX_SITES = 64;
// ...and by anchors array and site id, so the lookup on every step costs next to nothing.
const SITES = new WeakMap<object, Map<string, Site>>();

function siteKey(siteId: string, anchors: readonly Anchor[]): string {
  return (
    `${siteId}#` +
    anchors
      .map((a) => `${a.id}@${a.x},${a.y},${a.z ?? ''},${a.maxRSSI ?? ''}`)
      .sort()
      .join('|')
  );
}
// Maps of the plain path-loss model (no self-calibration), shared the same way.
const PLAIN = new WeakMap<object, RadioMap>();

/** The self-calibration of the site these anchors make up (created on first use). */
export function siteCalibration(anchors: readonly Anchor[], siteId = ''): SiteCalibration {
  return site(anchors, siteId).calibration;
}

function site(anchors: readonly Anchor[], siteId: string): Site {
  let byId = SITES.get(anchors);
  if (!byId) SITES.set(anchors, (byId = new Map()));
  let s = byId.get(siteId);
  if (!s) {
    const key = siteKey(siteId, anchors);
    s = SITES_BY_KEY.get(key);
    if (!s) {
      s = { calibration: createSiteCalibration(anchors), revision: 0, map: generalMap(anchors) };
    }
    SITES_BY_KEY.delete(key);
    SITES_BY_KEY.set(key, s);
    if (SITES_BY_KEY.size > MAX_SITES) SITES_BY_KEY.delete(SITES_BY_KEY.keys().next().value!);
    byId.set(siteId, s);
  }
  if (s.revision !== s.calibration.revision) {
    s.map = generalMap(anchors, s.calibration.models(), s.map.grid);
    s.revision = s.calibration.revision;
  }
  return s;
}

/** What a grid stage needs to pick its map. */
export interface MapChoice {
  radioMap?: RadioMap;
  locateOptions?: LocateOptions;
  selfCalibrate: boolean;
  /** Which site (e.g. the map's id) the anchors belong to; '' when not given. */
  siteId?: string;
}

/**
 * The source map for these anchors (before coarsening) and the site calibration that feeds it,
 * null when the map is fixed (a calibrated map or custom models).
 */
export function sourceMap(
  anchors: readonly Anchor[],
  o: MapChoice,
  own: WeakMap<object, RadioMap>,
): { map: RadioMap; calibration: SiteCalibration | null } {
  if (o.radioMap) return { map: o.radioMap, calibration: null };
  const custom = o.locateOptions?.model !== undefined || o.locateOptions?.models !== undefined;
  if (!custom && o.selfCalibrate) {
    const s = site(anchors, o.siteId ?? '');
    return { map: s.map, calibration: s.calibration };
  }
  // Custom models make the map this stage's own; the generic one is shared.
  const cache = custom ? own : PLAIN;
  let map = cache.get(anchors);
  if (!map) {
    map = pathLossMap(anchors, o.locateOptions?.model, o.locateOptions?.models);
    cache.set(anchors, map);
  }
  return { map, calibration: null };
}
