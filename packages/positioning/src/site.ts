/**
 * A site: one map's gateways and floor, with what the engine learns about it while it locates
 * (the radio model's exponent, gateway offsets and wall losses) and what it derives from it (the
 * radio map, the floor's raster on each filter grid). The caller owns sites and decides how long
 * they live: the server keeps one per map in a `Sites` book, a replay or a benchmark makes its own.
 */
import { solidWalls, type FloorGeometry } from './floor.ts';
import { rasterizeFloor, type FloorRaster } from './floor-raster.ts';
import type { MapFrame } from './frame.ts';
import { gridForAnchors, pathLossMap, type Grid, type RadioMap } from './grid.ts';
import { FILTER_CELL_M, FILTER_MAX_CELLS } from './grid-maps.ts';
import { hullSupport, HULL_EDGE_M } from './grid-support.ts';
import { DEFAULT_RADIO_MODEL } from './radio-model.ts';
import { createNoiseCalibration, type NoiseCalibration } from './noise-calibration.ts';
import { createSiteCalibration, type SiteCalibration } from './self-calibration.ts';
import type { Anchor } from './types.ts';

/** One map's gateways and floor, and what is learnt of them. */
export interface Site {
  readonly anchors: readonly Anchor[];
  readonly floor: FloorGeometry | null;
  /**
   * The site's self-calibration (exponent, gateway offsets, wall losses); fed by the confident
   * fixes of moving tags and by gateways heard by the others.
   */
  readonly calibration: SiteCalibration;
  /** What the site's readings show of its noise: the likelihood's tempering, the signal memory. */
  readonly noise: NoiseCalibration;
  /**
   * The radio map at what the calibration has published so far (the walls between each gateway
   * and each cell taken off at their learnt losses), support on the soft hull.
   */
  map(): RadioMap;
  /** The floor on this grid (cached per grid); null without a floor. */
  raster(grid: Grid): FloorRaster | null;
}

/** A site for these anchors and floor, starting from the generic radio model. */
export function createSite(anchors: readonly Anchor[], floor: FloorGeometry | null = null): Site {
  const walls = floor ? solidWalls(floor) : [];
  const calibration = createSiteCalibration(anchors, DEFAULT_RADIO_MODEL, walls);
  const noise = createNoiseCalibration();
  let revision = -1;
  let map: RadioMap | null = null;
  const grid = floor ? gridForFloor(anchors, floor) : gridForAnchors(anchors);
  const rasters = new Map<string, FloorRaster | null>();
  return {
    anchors,
    floor,
    calibration,
    noise,
    map() {
      if (!map || revision !== calibration.revision) {
        map = pathLossMap(
          anchors,
          DEFAULT_RADIO_MODEL,
          revision < 0 ? undefined : calibration.models(),
          grid,
          walls.length > 0 ? { walls, lossDb: calibration.wallLosses() } : undefined,
        );
        if (HULL_EDGE_M > 0) map.support = hullSupport(map.grid, anchors);
        revision = calibration.revision;
      }
      return map;
    },
    raster(grid) {
      if (!floor) return null;
      const key = `${grid.x0},${grid.y0},${grid.step},${grid.nx},${grid.ny}`;
      let r = rasters.get(key);
      if (r === undefined) {
        // A handful of grids per site at most (the filter's cell and its coarser fallbacks).
        if (rasters.size > 8) rasters.clear();
        rasters.set(key, (r = rasterizeFloor(grid, floor)));
      }
      return r;
    },
  };
}

/** Margin (m) of a floor's grid beyond its walls, outline and gateways. */
const FLOOR_MARGIN_M = 1;

/**
 * A grid over the floor's walls and outline and the gateways: a tag is inside the building, so
 * the cells go where it can be (not the generic margin around the gateways). Its cells are half
 * the filter's, so the filter's grid (two by two of them) holds the floor in FILTER_MAX_CELLS.
 */
export function gridForFloor(anchors: readonly Anchor[], floor: FloorGeometry): Grid {
  const xs: number[] = anchors.map((a) => a.x);
  const ys: number[] = anchors.map((a) => a.y);
  for (const w of floor.walls) {
    xs.push(w.x0, w.x1);
    ys.push(w.y0, w.y1);
  }
  for (const p of floor.outline ?? []) {
    xs.push(p.x);
    ys.push(p.y);
  }
  const m = FLOOR_MARGIN_M;
  const x0 = Math.min(...xs) - m;
  const y0 = Math.min(...ys) - m;
  const x1 = Math.max(...xs) + m;
  const y1 = Math.max(...ys) + m;
  // The filter's cell: FILTER_CELL_M, or wider (with room for the grid's rounding) on a floor
  // too large for FILTER_MAX_CELLS of them.
  const cell = Math.max(
    FILTER_CELL_M,
    1.05 * Math.sqrt(((x1 - x0) * (y1 - y0)) / FILTER_MAX_CELLS),
  );
  const step = cell / 2;
  return {
    x0,
    y0,
    step,
    nx: Math.floor((x1 - x0) / step) + 1,
    ny: Math.floor((y1 - y0) / step) + 1,
  };
}

/** A site not asked for this long (ms) is dropped: its map is gone or no longer heard. */
export const SITE_IDLE_MS = 30 * 60_000;

/** The sites of many maps, one per map id, each kept while its gateways and floor stay. */
export interface Sites {
  /**
   * The site of the frame's map: the same site while the frame's gateways (places and radio
   * settings) and floor stay the same, a new one when they change.
   */
  of(frame: MapFrame, nowMs?: number): Site;
  /** The site of a map, if one is kept. */
  get(mapId: string): Site | undefined;
  /** Forget a map's site. */
  drop(mapId: string): void;
  readonly size: number;
}

interface Entry {
  site: Site;
  anchorsRef: readonly Anchor[];
  floorRef: FloorGeometry | null;
  key: string;
  usedAt: number;
}

// Content keys, made once per anchors array and floor object.
const KEYS = new WeakMap<object, string>();
function keyOf(anchors: readonly Anchor[], floor: FloorGeometry | null): string {
  let a = KEYS.get(anchors);
  if (a === undefined) {
    a = anchors
      .map(
        (x) =>
          `${x.id}@${x.x},${x.y},${x.z ?? ''},${x.maxRSSI ?? ''},${x.radio?.rssiAt1m ?? ''}/${x.radio?.exponent ?? ''}`,
      )
      .sort()
      .join('|');
    KEYS.set(anchors, a);
  }
  if (!floor) return a;
  let f = KEYS.get(floor);
  if (f === undefined) KEYS.set(floor, (f = JSON.stringify(floor)));
  return `${a}#${f}`;
}

/** An empty book of sites. */
export function createSites(): Sites {
  const byMap = new Map<string, Entry>();
  let calls = 0;
  function sweep(nowMs: number) {
    for (const [id, e] of byMap) if (nowMs - e.usedAt > SITE_IDLE_MS) byMap.delete(id);
  }
  return {
    of(frame, nowMs = 0) {
      const floor = frame.floor ?? null;
      let e = byMap.get(frame.mapId);
      if (!e || e.anchorsRef !== frame.anchors || e.floorRef !== floor) {
        const key = keyOf(frame.anchors, floor);
        if (!e || e.key !== key) {
          e = {
            site: createSite(frame.anchors, floor),
            anchorsRef: frame.anchors,
            floorRef: floor,
            key,
            usedAt: nowMs,
          };
          byMap.set(frame.mapId, e);
        } else {
          e.anchorsRef = frame.anchors;
          e.floorRef = floor;
        }
      }
      e.usedAt = nowMs;
      if (++calls % 4096 === 0) sweep(nowMs);
      return e.site;
    },
    get: (mapId) => byMap.get(mapId)?.site,
    drop: (mapId) => void byMap.delete(mapId),
    get size() {
      return byMap.size;
    },
  };
}
