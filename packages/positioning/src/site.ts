/**
 * A site: one map's gateways and floor, with what the engine learns about it while it locates
 * (the radio model's exponent, gateway offsets and wall losses) and what it derives from it (the
 * radio map, the floor's raster on each filter grid). The caller owns sites and decides how long
 * they live: the server keeps one per map in a `Sites` book, a replay or a benchmark makes its own.
 */
import type { FloorGeometry } from './floor.ts';
import { rasterizeFloor, type FloorRaster } from './floor-raster.ts';
import type { MapFrame } from './frame.ts';
import { pathLossMap, type Grid, type RadioMap } from './grid.ts';
import { hullSupport, HULL_EDGE_M } from './grid-support.ts';
import { DEFAULT_RADIO_MODEL, type RadioModel } from './radio-model.ts';
import { createSiteCalibration, type SiteCalibration } from './self-calibration.ts';
import type { Anchor } from './types.ts';

/** One map's gateways and floor, and what is learnt of them. */
export interface Site {
  readonly anchors: readonly Anchor[];
  readonly floor: FloorGeometry | null;
  /** The site's self-calibration; fed by confident fixes and gateways heard by the others. */
  readonly calibration: SiteCalibration;
  /** The radio map at what the calibration has published so far, support on the soft hull. */
  map(): RadioMap;
  /** The floor on this grid (cached per grid); null without a floor. */
  raster(grid: Grid): FloorRaster | null;
}

/** A site for these anchors and floor, starting from the generic radio model. */
export function createSite(anchors: readonly Anchor[], floor: FloorGeometry | null = null): Site {
  const calibration = createSiteCalibration(anchors);
  let revision = -1;
  let map: RadioMap | null = null;
  const rasters = new Map<string, FloorRaster | null>();
  return {
    anchors,
    floor,
    calibration,
    map() {
      if (!map || revision !== calibration.revision) {
        map = generalMap(anchors, revision < 0 ? undefined : calibration.models(), map?.grid);
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

/** A site's path-loss map at its calibrated models, with the soft hull as its support. */
function generalMap(
  anchors: readonly Anchor[],
  models?: ReadonlyMap<string, RadioModel>,
  grid?: Grid,
): RadioMap {
  const map = pathLossMap(anchors, DEFAULT_RADIO_MODEL, models, grid);
  if (HULL_EDGE_M > 0) map.support = hullSupport(map.grid, anchors);
  return map;
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
      .map((x) => `${x.id}@${x.x},${x.y},${x.z ?? ''},${x.maxRSSI ?? ''}`)
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
