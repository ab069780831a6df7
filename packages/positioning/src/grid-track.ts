/** The tracker's grid stage: a histogram Bayes filter on a radio map, fed causally. */
import { createGridFilter, type GridFilter, type MapReading } from './grid-filter.ts';
import { pathLossMap, type RadioMap } from './grid.ts';
import { confidenceFromError } from './locate.ts';
import type { LocateOptions } from './signals.ts';
import { isUsable } from './signals.ts';
import type { Anchor, Estimate, Observation } from './types.ts';
import { metres } from './units.ts';

/** Options of the grid stage; every field has a generic, physics-based default. */
export interface GridStageOptions {
  /** A calibrated radio map; the path-loss model of the anchors when absent. */
  radioMap?: RadioMap;
  locateOptions?: LocateOptions;
  /** Random-walk variance rate (m²/s): walking speed ~1 m/s decorrelating within ~1 s. */
  diffusion?: number;
  /**
   * Time over which shadowing of one link stays correlated (ms). Each reading's likelihood is
   * tempered by dt / this, so a fast reporting rate does not count the same fade many times.
   */
  decorrelationMs?: number;
}

/** Causal grid tracking for one tag. */
export interface GridStage {
  /** Advance to tMs with the usable readings (RSSI averaged over the last decorrelationMs). */
  step(readings: readonly Observation[], anchors: readonly Anchor[], tMs: number): Estimate | null;
  reset(): void;
}

const DEFAULT_DIFFUSION = 1;
/** Default correlation time of the shadowing of a link (ms). */
export const DECORRELATION_MS = 1_000;

// Path-loss maps are shared by every tag tracked against the same anchors array.
const MAPS = new WeakMap<object, RadioMap>();

function mapFor(anchors: readonly Anchor[], o: GridStageOptions, own: WeakMap<object, RadioMap>) {
  if (o.radioMap) return o.radioMap;
  // Custom models make the map this stage's own; the generic one is shared.
  const custom = o.locateOptions?.model !== undefined || o.locateOptions?.models !== undefined;
  const cache = custom ? own : MAPS;
  let map = cache.get(anchors);
  if (!map) {
    map = pathLossMap(anchors, o.locateOptions?.model, o.locateOptions?.models);
    cache.set(anchors, map);
  }
  return map;
}

/** A grid stage; the filter is rebuilt whenever the map's grid changes. */
export function createGridStage(options: GridStageOptions = {}): GridStage {
  const tau = options.decorrelationMs ?? DECORRELATION_MS;
  let filter: GridFilter | null = null;
  let lastT = -Infinity;
  const own = new WeakMap<object, RadioMap>();
  return {
    reset() {
      filter = null;
      lastT = -Infinity;
    },
    step(observations, anchors, tMs) {
      const map = mapFor(anchors, options, own);
      if (!filter || filter.grid !== map.grid) {
        filter = createGridFilter(map.grid, { diffusion: options.diffusion ?? DEFAULT_DIFFUSION });
        lastT = -Infinity;
      }
      const readings: MapReading[] = [];
      let primary: Observation | null = null;
      for (const ob of observations) {
        const a = anchors.find((x) => x.id === ob.gateway);
        if (!isUsable(ob, a) || !map.surfaces.has(ob.gateway)) continue;
        readings.push({ gateway: ob.gateway, rssi: ob.rssi });
        if (!primary || ob.rssi > primary.rssi) primary = ob;
      }
      const dtMs = Number.isFinite(lastT) ? tMs - lastT : tau;
      if (dtMs <= 0 || readings.length === 0) return null;
      filter.predict(Number.isFinite(lastT) ? dtMs / 1000 : 0);
      filter.update(map, readings, Math.min(1, dtMs / tau));
      lastT = tMs;
      const e = filter.estimate();
      const errorM = Math.sqrt(e.xx + e.yy);
      return {
        x: metres(e.x),
        y: metres(e.y),
        confidence: confidenceFromError(errorM),
        method: 'maximum-likelihood',
        signalsUsed: readings.length,
        primaryGateway: primary?.gateway ?? null,
        errorM: metres(errorM),
        covariance: { xx: e.xx, xy: e.xy, yy: e.yy },
      };
    },
  };
}
