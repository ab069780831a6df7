/**
 * Where a walk point's readings put the tag. On a map with walls they are weighed the way the live
 * tracker weighs them: against the path-loss map less the loss of the walls between each gateway
 * and each spot, over the tracker's grid of the floor, inside its outline; the fix is the mean of
 * that one snapshot's posterior (no motion, no history). On a map without walls the static
 * solvers locate it. A calibration fitted and judged this way counts each wall once: its offsets
 * are the gateways' own, not the average wall loss of the points that fitted them.
 */
import { insidePolygon, solidWalls, type FloorGeometry, type WallSegment } from './floor.ts';
import { pathLossMap, type Grid, type RadioMap } from './grid.ts';
import {
  cellCosts,
  createPacked,
  interleaved,
  offsetPriorWeight,
  pack,
  type Interleaved,
  type MapReading,
} from './grid-likelihood.ts';
import { locate } from './locate.ts';
import { DEFAULT_RADIO_MODEL, type RadioModel } from './radio-model.ts';
import { createSignals, prepareSignals } from './signals.ts';
import { gridForFloor } from './site.ts';
import type { CalibrationSample } from './calibration.ts';
import type { Anchor, LocateSettings } from './types.ts';

/** What a walk is located and fitted against: the map's floor, settings and base model. */
export interface WalkSite {
  /** The map's floor; without one (or without walls) points are located by the static solvers. */
  floor?: FloorGeometry | null;
  settings?: LocateSettings;
  base?: RadioModel;
}

/** Per gateway model overrides (a fold's fit) on top of the anchors' own. */
export type WalkModels = ReadonlyMap<string, RadioModel>;

const SOLID = new WeakMap<FloorGeometry, WallSegment[]>();

/** The floor's solid walls (doors cut out), one array per floor so caches keyed on it hold. */
export function floorSolidWalls(floor: FloorGeometry | null | undefined): readonly WallSegment[] {
  if (!floor) return [];
  let walls = SOLID.get(floor);
  if (!walls) SOLID.set(floor, (walls = solidWalls(floor)));
  return walls;
}

/** A radio map with walls ready to weigh readings on, and the cells a tag can be in. */
interface WallMap {
  map: RadioMap;
  table: Interleaved;
  grid: Grid;
  inside: Uint8Array;
}

const NO_MODELS: WalkModels = new Map();
const WALL_MAPS = new WeakMap<
  readonly WallSegment[],
  WeakMap<readonly Anchor[], WeakMap<WalkModels, WallMap>>
>();

function wallMap(
  anchors: readonly Anchor[],
  floor: FloorGeometry,
  walls: readonly WallSegment[],
  base: RadioModel,
  models: WalkModels,
): WallMap {
  let byAnchors = WALL_MAPS.get(walls);
  if (!byAnchors) WALL_MAPS.set(walls, (byAnchors = new WeakMap()));
  let byModels = byAnchors.get(anchors);
  if (!byModels) byAnchors.set(anchors, (byModels = new WeakMap()));
  const found = byModels.get(models);
  if (found) return found;
  const grid = gridForFloor(anchors, floor);
  const map = pathLossMap(anchors, base, models.size ? models : undefined, grid, { walls });
  const n = grid.nx * grid.ny;
  const inside = new Uint8Array(n).fill(1);
  if (floor.outline) {
    for (let c = 0; c < n; c++) {
      const x = grid.x0 + (c % grid.nx) * grid.step;
      const y = grid.y0 + Math.floor(c / grid.nx) * grid.step;
      inside[c] = insidePolygon(floor.outline, x, y) ? 1 : 0;
    }
  }
  const built = { map, table: interleaved(map, n), grid, inside };
  byModels.set(models, built);
  return built;
}

const SIGNALS = createSignals();
const PACKED = createPacked();

/**
 * Where a point's readings put the tag (m), or null when too few gateways heard it. `settings`
 * should let every reading count whatever its confidence (walkLocateSettings).
 */
export function locateWalkSample(
  sample: CalibrationSample,
  anchors: readonly Anchor[],
  settings: LocateSettings,
  site: WalkSite,
  models: WalkModels = NO_MODELS,
): { x: number; y: number } | null {
  const base = site.base ?? DEFAULT_RADIO_MODEL;
  const walls = floorSolidWalls(site.floor);
  const options = { model: base, models };
  if (!site.floor || walls.length === 0) {
    const e = locate(sample.observations, anchors, settings, options);
    return e ? { x: e.x, y: e.y } : null;
  }
  if (!settings.enabled) return null;
  const count = prepareSignals(SIGNALS, sample.observations, anchors, settings, options);
  if (count === 0 || count < settings.minSignalCount) return null;
  // Each gateway's mean level over the stand weighs as one reading: its fading averages out over
  // the reports, but the shadowing and the walker's body, most of a reading's error, do not.
  const readings: MapReading[] = [];
  for (let i = 0; i < count; i++)
    readings.push({ gateway: SIGNALS.anchors[i]!.id, rssi: SIGNALS.rssi[i]! });
  const { map, table, grid, inside } = wallMap(anchors, site.floor, walls, base, models);
  if (!pack(PACKED, table, map, readings)) return null;
  const n = grid.nx * grid.ny;
  const cost = new Float64Array(n);
  cellCosts(table, n, PACKED, offsetPriorWeight(map), cost, new Float64Array(n));
  let best = Infinity;
  for (let c = 0; c < n; c++) if (inside[c] && cost[c]! < best) best = cost[c]!;
  let sw = 0;
  let sx = 0;
  let sy = 0;
  for (let c = 0; c < n; c++) {
    if (!inside[c]) continue;
    const w = Math.exp(-(cost[c]! - best) / 2);
    sw += w;
    sx += w * (grid.x0 + (c % grid.nx) * grid.step);
    sy += w * (grid.y0 + Math.floor(c / grid.nx) * grid.step);
  }
  return sw > 0 ? { x: sx / sw, y: sy / sw } : null;
}
