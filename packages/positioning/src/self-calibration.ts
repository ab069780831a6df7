/**
 * Online self-calibration of a site from its own traffic, without a calibration walk: the
 * path-loss exponent, each gateway's offset against its nominal 1 m level and, on a floor with
 * walls, the loss of each wall class, learnt from the confident fixes of every tag on the map.
 * Each epoch is centred on its own mean, so the tag's unknown transmit level drops out; what is
 * left is a weighted regression of level on −10·log10(distance) and the walls crossed per class,
 * with a gateway term, shrunk toward wide priors (real installations span −50…−80 dBm at 1 m and
 * exponents 1.6…3.5), and slowly forgetting so the site can change.
 */
import type { WallSegment } from './floor.ts';
import {
  DEFAULT_RADIO_MODEL,
  heightOffset,
  modelForAnchor,
  TAG_HEIGHT_M,
  type RadioModel,
} from './radio-model.ts';
import { createRidge, type Ridge, type RidgePrior } from './ridge.ts';
import type { Anchor } from './types.ts';
import { createWallSight, wallClasses, type WallClassLoss, type WallSight } from './wall-loss.ts';

/**
 * Prior of the exponent around the base model's: σ 0.5, and never outside 1.6…3.5 (the range of
 * real installations).
 */
export const EXPONENT_PRIOR = { sigma: 0.5, min: 1.6, max: 3.5 } as const;
/** Prior σ of a gateway's offset from its nominal 1 m level (dB): antennas, mounting, cables. */
export const GATEWAY_OFFSET_PRIOR_DB = 4;
/**
 * Prior of a wall class's loss per crossing around its walls' stated loss (dB): σ 3, the spread of
 * measured losses within one construction class, and never below 0 or above 40 (the floor
 * model's most per crossing).
 */
export const WALL_LOSS_PRIOR = { sigma: 3, min: 0, max: 40 } as const;
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
  /**
   * A wall class's published loss per crossing of its reference wall (dB; see wall-loss.ts);
   * undefined for a class the calibration's walls do not have.
   */
  wallLossDb(kind: string): number | undefined;
  /** The published loss of every wall class (pathLossMap's `walls.lossDb`). */
  wallLosses(): ReadonlyMap<string, number>;
  /** Bumped whenever the published models or wall losses change. */
  readonly revision: number;
  /** Per-anchor models at the last published estimate. */
  models(): ReadonlyMap<string, RadioModel>;
}

interface GatewayStats {
  /** Σw and Σw·(the gateway's residual + its current offset), with forgetting. */
  w: number;
  r: number;
}

/**
 * One epoch as a regression: per usable reading, gateway, features f = [x, −walls crossed per
 * class] with x = −10·log10(d), target y and weight; and the epoch's weighted means.
 */
interface Epoch {
  ids: string[];
  fs: Float64Array[];
  ys: number[];
  ws: number[];
  sw: number;
  mf: Float64Array;
  my: number;
}

/** How an epoch's readings become regression rows: the anchors, their levels and their walls. */
interface Rows {
  byId: ReadonlyMap<string, Anchor>;
  /** An anchor's own model (maxRSSI or walk-fitted) before anything learnt here. */
  nominal: (a: Anchor) => RadioModel;
  /** The base model's exponent: the learnt exponent moves each anchor's by its change from it. */
  baseExponent: number;
  offset: (id: string) => number;
  /** The walls seen from each anchor (by id); none without walls. */
  sight: (id: string) => WallSight | null;
  classes: number;
}

/**
 * The epoch's readings as y = level − nominal − gateway offset (and, for an anchor with its own
 * exponent, its difference from the base's times the distance term) against f, so that
 * y = P + θ·f with P the tag's own offset and θ = [exponent, wall losses]; null with fewer than
 * three usable readings.
 */
function epochOf(
  x: number,
  y: number,
  readings: readonly CalibrationReading[],
  rows: Rows,
  height: number,
): Epoch | null {
  const dim = 1 + rows.classes;
  const e: Epoch = { ids: [], fs: [], ys: [], ws: [], sw: 0, mf: new Float64Array(dim), my: 0 };
  const walls = new Float64Array(rows.classes);
  for (const r of readings) {
    const a = rows.byId.get(r.gateway);
    if (!a || !(r.weight > 0) || !Number.isFinite(r.rssi)) continue;
    const d = Math.max(0.5, Math.hypot(x - a.x, y - a.y, heightOffset(a, height)));
    const f = new Float64Array(dim);
    f[0] = -10 * Math.log10(d);
    rows.sight(r.gateway)?.crossings(x, y, walls);
    for (let k = 0; k < rows.classes; k++) f[1 + k] = -walls[k]!;
    const m = rows.nominal(a);
    const yv =
      r.rssi - m.rssiAt1m - rows.offset(r.gateway) - (m.exponent - rows.baseExponent) * f[0]!;
    e.ids.push(r.gateway);
    e.fs.push(f);
    e.ys.push(yv);
    e.ws.push(r.weight);
    e.sw += r.weight;
    for (let k = 0; k < dim; k++) e.mf[k] = e.mf[k]! + r.weight * f[k]!;
    e.my += r.weight * yv;
  }
  if (e.fs.length < 3) return null;
  for (let k = 0; k < dim; k++) e.mf[k] = e.mf[k]! / e.sw;
  e.my /= e.sw;
  return e;
}

/** What a site calibration holds: the running regression and what was last published. */
interface State {
  anchors: readonly Anchor[];
  base: RadioModel;
  classes: readonly WallClassLoss[];
  gw: Map<string, GatewayStats>;
  /** θ = [exponent, loss of each wall class] and its regression. */
  fit: { seen: number; ridge: Ridge; theta: Float64Array };
  published: {
    exponent: number;
    offsets: Map<string, number>;
    walls: Map<string, number>;
    revision: number;
  };
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
    // A walk-fitted anchor keeps its own exponent, moved by what the site learnt since.
    const exponent = m.exponent + st.published.exponent - st.base.exponent;
    out.set(a.id, { ...m, rssiAt1m: m.rssiAt1m + o, exponent });
  }
  return out;
}

/** Publish the current estimate when enough was seen and something moved enough to matter. */
function publish(st: State): void {
  if (st.fit.seen < MIN_READINGS) return;
  const theta = st.fit.theta;
  let moved = Math.abs(theta[0]! - st.published.exponent) >= PUBLISH_EXPONENT;
  for (const a of st.anchors) {
    const was = st.published.offsets.get(a.id) ?? 0;
    if (Math.abs(offsetOf(st, a.id) - was) >= PUBLISH_DB) moved = true;
  }
  st.classes.forEach((c, k) => {
    if (Math.abs(theta[1 + k]! - st.published.walls.get(c.kind)!) >= PUBLISH_DB) moved = true;
  });
  if (!moved) return;
  st.published.exponent = theta[0]!;
  for (const a of st.anchors) st.published.offsets.set(a.id, offsetOf(st, a.id));
  // A new map each time: one handed out earlier keeps the losses it was handed out with.
  st.published.walls = new Map(st.classes.map((c, k) => [c.kind, theta[1 + k]!]));
  st.published.revision++;
  st.models = buildModels(st);
}

/** Fold one epoch in: forget a little, regress exponent and wall losses, then each gateway. */
function learn(st: State, e: Epoch): void {
  const { fit, gw } = st;
  const n = e.fs.length;
  const dim = e.mf.length;
  fit.seen += n;
  const keep = Math.exp(-n / MEMORY_READINGS);
  fit.ridge.fade(keep);
  for (const s of gw.values()) {
    s.w *= keep;
    s.r *= keep;
  }
  const centred = new Float64Array(dim);
  for (let k = 0; k < n; k++) {
    const f = e.fs[k]!;
    for (let j = 0; j < dim; j++) centred[j] = f[j]! - e.mf[j]!;
    fit.ridge.add(centred, e.ys[k]! - e.my, e.ws[k]!);
  }
  fit.ridge.solve(fit.theta);
  // The epoch's own level P (the tag's offset) at these parameters, then each gateway's residual
  // against it (its current offset added back, since y had it taken off).
  const fitted = (k: number) => {
    let v = 0;
    for (let j = 0; j < dim; j++) v += fit.theta[j]! * e.fs[k]![j]!;
    return v;
  };
  let level = 0;
  for (let k = 0; k < n; k++) level += e.ws[k]! * (e.ys[k]! - fitted(k));
  level /= e.sw;
  e.ids.forEach((id, k) => {
    const s = gw.get(id)!;
    s.r += e.ws[k]! * (e.ys[k]! - fitted(k) - level + offsetOf(st, id));
    s.w += e.ws[k]!;
  });
}

/**
 * A calibration for one set of anchors (positions in metres, nominal levels from maxRSSI) and,
 * when given, the floor's solid walls (solidWalls: doors cut out), whose class losses it learns
 * starting from the walls' stated losses.
 */
export function createSiteCalibration(
  anchors: readonly Anchor[],
  base: RadioModel = DEFAULT_RADIO_MODEL,
  walls: readonly WallSegment[] = [],
): SiteCalibration {
  const byId = new Map(anchors.map((a) => [a.id, a]));
  const classes = wallClasses(walls);
  const priors: RidgePrior[] = [
    { mean: base.exponent, ...EXPONENT_PRIOR },
    ...classes.map((c) => ({ mean: c.referenceDb, ...WALL_LOSS_PRIOR })),
  ];
  const theta = Float64Array.from(priors, (p) => p.mean);
  const st: State = {
    anchors,
    base,
    classes,
    gw: new Map(anchors.map((a) => [a.id, { w: 0, r: 0 }])),
    fit: { seen: 0, ridge: createRidge(priors), theta },
    published: {
      exponent: base.exponent,
      offsets: new Map(),
      walls: new Map(classes.map((c) => [c.kind, c.referenceDb])),
      revision: 0,
    },
    models: new Map(),
  };
  st.models = buildModels(st);
  const sights = new Map<string, WallSight>();
  const rows: Rows = {
    byId,
    nominal: (a) => modelForAnchor(a, base),
    baseExponent: base.exponent,
    offset: (id) => offsetOf(st, id),
    sight: (id) => {
      if (classes.length === 0) return null;
      let s = sights.get(id);
      const a = byId.get(id);
      if (!s && a) sights.set(id, (s = createWallSight(a.x, a.y, walls, classes)));
      return s ?? null;
    },
    classes: classes.length,
  };
  return {
    get exponent() {
      return st.fit.theta[0]!;
    },
    offsetDb: (id) => st.published.offsets.get(id) ?? 0,
    wallLossDb: (kind) => st.published.walls.get(kind),
    wallLosses: () => st.published.walls,
    get revision() {
      return st.published.revision;
    },
    models: () => st.models,
    observe(x, y, readings, height = TAG_HEIGHT_M) {
      const e = epochOf(x, y, readings, rows, height);
      if (!e) return;
      learn(st, e);
      publish(st);
    },
  };
}

export { createTagLevel, TAG_LEVEL_PRIOR_DB, type TagLevel } from './tag-level.ts';
