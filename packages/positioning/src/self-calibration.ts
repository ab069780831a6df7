/**
 * Online self-calibration of a site from its own traffic, without a calibration walk: the
 * path-loss exponent and each gateway's offset against its nominal 1 m level, learnt from the
 * confident fixes of every tag on the map. Each epoch is centred on its own mean, so the tag's
 * unknown transmit level drops out; what is left is a weighted regression of level on
 * −10·log10(distance) with a gateway term, shrunk toward wide priors (real installations span
 * −50…−80 dBm at 1 m and exponents 1.6…3.5), and slowly forgetting so the site can change.
 */
import {
  DEFAULT_RADIO_MODEL,
  heightOffset,
  modelForAnchor,
  TAG_HEIGHT_M,
  type RadioModel,
} from './radio-model.ts';
import type { Anchor } from './types.ts';

/**
 * Prior of the exponent around the base model's: σ 0.5, and never outside 1.6…3.5 (the range of
 * real installations).
 */
export const EXPONENT_PRIOR = { sigma: 0.5, min: 1.6, max: 3.5 } as const;
/** Prior σ of a gateway's offset from its nominal 1 m level (dB): antennas, mounting, cables. */
export const GATEWAY_OFFSET_PRIOR_DB = 4;
/**
 * Effective memory (readings): old evidence is down-weighted by e per this many readings, so a
 * site that changes is followed within minutes of traffic while one tag cannot swing it.
 */
const MEMORY_READINGS = 20_000;
/**
 * Readings seen before anything is published: early fixes are made with the uncalibrated model,
 * and one tag's first minutes would teach its own errors back (a fleet passes this in seconds,
 * a single tag at 8 gateways × 1 Hz in about two minutes). Not tuned: 1,000 readings is a round
 * figure at which the exponent's regression is well determined.
 */
const MIN_READINGS = 1000;
/** Parameters move the published models only when they moved at least this much. */
const PUBLISH_DB = 0.5;
const PUBLISH_EXPONENT = 0.05;

/** One reading of a confident epoch: gateway, level (dBm) and its weight (1/σ² units). */
export interface CalibrationReading {
  gateway: string;
  rssi: number;
  weight: number;
}

/** What the site has learnt so far. */
export interface SiteCalibration {
  /**
   * Feed one epoch: where the transmitter was (m), what each gateway heard, and the
   * transmitter's height (a tag's TAG_HEIGHT_M when absent; a gateway's mounting height when a
   * gateway is the one heard).
   */
  observe(x: number, y: number, readings: readonly CalibrationReading[], height?: number): void;
  /** The current exponent estimate. */
  readonly exponent: number;
  /** A gateway's current offset estimate (dB). */
  offsetDb(gateway: string): number;
  /** Bumped whenever the published models change. */
  readonly revision: number;
  /** Per-anchor models at the last published estimate. */
  models(): ReadonlyMap<string, RadioModel>;
}

interface GatewayStats {
  /** Σw and Σw·(the gateway's residual + its current offset), with forgetting. */
  w: number;
  r: number;
}

/** One epoch as a regression: per usable reading, gateway, x = −10·log10(d), y, weight. */
interface Epoch {
  ids: string[];
  xs: number[];
  ys: number[];
  ws: number[];
  sw: number;
  mx: number;
  my: number;
}

/**
 * The epoch's readings as y = level − nominal − gateway offset against x = −10·log10(d), so that
 * y = P + n·x with P the tag's own offset; null with fewer than three usable readings.
 */
function epochOf(
  x: number,
  y: number,
  readings: readonly CalibrationReading[],
  byId: ReadonlyMap<string, Anchor>,
  nominal: (a: Anchor) => number,
  offset: (id: string) => number,
  height: number,
): Epoch | null {
  const e: Epoch = { ids: [], xs: [], ys: [], ws: [], sw: 0, mx: 0, my: 0 };
  for (const r of readings) {
    const a = byId.get(r.gateway);
    if (!a || !(r.weight > 0) || !Number.isFinite(r.rssi)) continue;
    const d = Math.max(0.5, Math.hypot(x - a.x, y - a.y, heightOffset(a, height)));
    const xv = -10 * Math.log10(d);
    const yv = r.rssi - nominal(a) - offset(r.gateway);
    e.ids.push(r.gateway);
    e.xs.push(xv);
    e.ys.push(yv);
    e.ws.push(r.weight);
    e.sw += r.weight;
    e.mx += r.weight * xv;
    e.my += r.weight * yv;
  }
  if (e.xs.length < 3) return null;
  e.mx /= e.sw;
  e.my /= e.sw;
  return e;
}

/** What a site calibration holds: the running regression and what was last published. */
interface State {
  anchors: readonly Anchor[];
  base: RadioModel;
  gw: Map<string, GatewayStats>;
  fit: { seen: number; sxx: number; sxy: number; exponent: number };
  published: { exponent: number; offsets: Map<string, number>; revision: number };
  models: Map<string, RadioModel>;
}

/** A gateway's offset estimate (dB), shrunk toward 0 by its prior. */
function offsetOf(st: State, id: string): number {
  const s = st.gw.get(id);
  return s ? s.r / (s.w + 1 / GATEWAY_OFFSET_PRIOR_DB ** 2) : 0;
}

/** Per-anchor models at the published exponent and offsets. */
function buildModels(st: State): Map<string, RadioModel> {
  const out = new Map<string, RadioModel>();
  for (const a of st.anchors) {
    const m = modelForAnchor(a, st.base);
    const o = st.published.offsets.get(a.id) ?? 0;
    out.set(a.id, { ...m, rssiAt1m: m.rssiAt1m + o, exponent: st.published.exponent });
  }
  return out;
}

/** Publish the current estimate when enough was seen and something moved enough to matter. */
function publish(st: State): void {
  if (st.fit.seen < MIN_READINGS) return;
  let moved = Math.abs(st.fit.exponent - st.published.exponent) >= PUBLISH_EXPONENT;
  for (const a of st.anchors) {
    const was = st.published.offsets.get(a.id) ?? 0;
    if (Math.abs(offsetOf(st, a.id) - was) >= PUBLISH_DB) moved = true;
  }
  if (!moved) return;
  st.published.exponent = st.fit.exponent;
  for (const a of st.anchors) st.published.offsets.set(a.id, offsetOf(st, a.id));
  st.published.revision++;
  st.models = buildModels(st);
}

/** Fold one epoch in: forget a little, regress the exponent, then each gateway's residual. */
function learn(st: State, e: Epoch): void {
  const { fit, gw } = st;
  fit.seen += e.xs.length;
  const keep = Math.exp(-e.xs.length / MEMORY_READINGS);
  fit.sxx *= keep;
  fit.sxy *= keep;
  for (const s of gw.values()) {
    s.w *= keep;
    s.r *= keep;
  }
  e.xs.forEach((xv, k) => {
    fit.sxx += e.ws[k]! * (xv - e.mx) ** 2;
    fit.sxy += e.ws[k]! * (xv - e.mx) * (e.ys[k]! - e.my);
  });
  const p = 1 / EXPONENT_PRIOR.sigma ** 2;
  const n = (fit.sxy + p * st.base.exponent) / (fit.sxx + p);
  fit.exponent = Math.min(EXPONENT_PRIOR.max, Math.max(EXPONENT_PRIOR.min, n));
  // The epoch's own level P (the tag's offset) at this exponent, then each gateway's residual
  // against it (its current offset added back, since y had it taken off).
  let level = 0;
  e.xs.forEach((xv, k) => (level += e.ws[k]! * (e.ys[k]! - fit.exponent * xv)));
  level /= e.sw;
  e.ids.forEach((id, k) => {
    const s = gw.get(id)!;
    s.r += e.ws[k]! * (e.ys[k]! - fit.exponent * e.xs[k]! - level + offsetOf(st, id));
    s.w += e.ws[k]!;
  });
}

/** A calibration for one set of anchors (positions in metres, nominal levels from maxRSSI). */
export function createSiteCalibration(
  anchors: readonly Anchor[],
  base: RadioModel = DEFAULT_RADIO_MODEL,
): SiteCalibration {
  const byId = new Map(anchors.map((a) => [a.id, a]));
  const nominal = (a: Anchor) => modelForAnchor(a, base).rssiAt1m;
  const st: State = {
    anchors,
    base,
    gw: new Map(anchors.map((a) => [a.id, { w: 0, r: 0 }])),
    fit: { seen: 0, sxx: 0, sxy: 0, exponent: base.exponent },
    published: { exponent: base.exponent, offsets: new Map(), revision: 0 },
    models: new Map(),
  };
  st.models = buildModels(st);
  const offset = (id: string) => offsetOf(st, id);
  return {
    get exponent() {
      return st.fit.exponent;
    },
    offsetDb: (id) => st.published.offsets.get(id) ?? 0,
    get revision() {
      return st.published.revision;
    },
    models: () => st.models,
    observe(x, y, readings, height = TAG_HEIGHT_M) {
      const e = epochOf(x, y, readings, byId, nominal, offset, height);
      if (!e) return;
      learn(st, e);
      publish(st);
    },
  };
}

/**
 * Prior σ of a tag's transmit level about the nominal 1 m level (dB): 8 dB puts −50…−80 dBm
 * within two σ of the −59 dBm default.
 */
export const TAG_LEVEL_PRIOR_DB = 8;

/** A tag's own level against the site's models, learnt from its confident epochs. */
export interface TagLevel {
  /** The current estimate (dB, add to the models' levels). */
  readonly offsetDb: number;
  /** Feed one epoch's mean residual (dB) with its weight (1/σ² units). */
  observe(residualDb: number, weight: number): void;
  reset(): void;
}

/** Readings of the tag's level fade from memory over about this many epochs (it may change). */
const TAG_MEMORY_EPOCHS = 120;

/** A tag level starting at the prior. */
export function createTagLevel(): TagLevel {
  let w = 0;
  let s = 0;
  const prior = 1 / TAG_LEVEL_PRIOR_DB ** 2;
  return {
    get offsetDb() {
      return s / (w + prior);
    },
    observe(residualDb, weight) {
      if (!Number.isFinite(residualDb) || !(weight > 0)) return;
      const keep = 1 - 1 / TAG_MEMORY_EPOCHS;
      w = w * keep + weight;
      s = s * keep + weight * residualDb;
    },
    reset() {
      w = 0;
      s = 0;
    },
  };
}
