/** Usable signals in flat typed arrays, so the solvers run without per-call allocation. */
import {
  DEFAULT_RADIO_MODEL,
  deviceTermDb,
  heightOffset,
  modelForAnchor,
  TAG_HEIGHT_M,
  type RadioModel,
} from './radio-model.ts';
import type { Anchor, LocateSettings, Observation } from './types.ts';

/** Signals older than this are not used at all. */
export const MAX_SIGNAL_AGE_MS = 30_000;
/** signalAgeWeight is the weight left after this much age (so 0.8 ⇒ a 10 s old reading counts 0.8). */
export const SIGNAL_AGE_UNIT_MS = 10_000;

/** Options beyond the user-facing settings: the radio model and calibration. */
export interface LocateOptions {
  /** Model for anchors without their own; DEFAULT_RADIO_MODEL when absent. */
  model?: RadioModel;
  /** Per-anchor fitted models (by anchor id), e.g. from fitRadioModels. */
  models?: ReadonlyMap<string, RadioModel>;
  /** Tag height above the floor (m). */
  tagHeight?: number;
}

/** Structure-of-arrays view of the usable signals; buffers are reused between calls. */
export interface Signals {
  count: number;
  ax: Float64Array;
  ay: Float64Array;
  /** Squared vertical offset anchor–tag. */
  dz2: Float64Array;
  rssi: Float64Array;
  /** rssiAt1m of each anchor's model, plus the tag's own term when it states its level. */
  p0: Float64Array;
  /** 10·n/ln 10, so expected RSSI = p0 − k·ln d. */
  k: Float64Array;
  /**
   * Weight of each reading in the likelihood estimators: its age weight times the RSSI trust
   * (rssiWeight, see rssiTrust); 1 for a fresh reading at the default settings.
   */
  w: Float64Array;
  /** Weighted-centroid weights: age weight times amplitude^rssiWeight, mean 1. */
  cw: Float64Array;
  anchors: Anchor[];
  strongest: number;
  sigmaDb: number;
  txOffsetSigmaDb: number;
}

/** Empty signal buffers of a given capacity. */
export function createSignals(capacity = 16): Signals {
  return {
    count: 0,
    ax: new Float64Array(capacity),
    ay: new Float64Array(capacity),
    dz2: new Float64Array(capacity),
    rssi: new Float64Array(capacity),
    p0: new Float64Array(capacity),
    k: new Float64Array(capacity),
    w: new Float64Array(capacity),
    cw: new Float64Array(capacity),
    anchors: [],
    strongest: -1,
    sigmaDb: DEFAULT_RADIO_MODEL.sigmaDb,
    txOffsetSigmaDb: DEFAULT_RADIO_MODEL.txOffsetSigmaDb,
  };
}

function findAnchor(anchors: readonly Anchor[], id: string): Anchor | undefined {
  // Linear scan: a handful of gateways per tag, cheaper than building a Map per call.
  for (const a of anchors) if (a.id === id) return a;
  return undefined;
}

/** True when an observation may be used with this anchor (fresh, finite, above its threshold). */
export function isUsable(o: Observation, a: Anchor | undefined): a is Anchor {
  if (!a || !Number.isFinite(o.rssi) || !(o.ageMs <= MAX_SIGNAL_AGE_MS)) return false;
  return a.logicThreshold == null || o.rssi >= a.logicThreshold;
}

/** Fill `out` with the usable observations and their weights; returns out.count. */
export function prepareSignals(
  out: Signals,
  observations: readonly Observation[],
  anchors: readonly Anchor[],
  settings: LocateSettings,
  options: LocateOptions = {},
): number {
  if (out.ax.length < observations.length)
    Object.assign(out, createSignals(observations.length * 2));
  const base = options.model ?? DEFAULT_RADIO_MODEL;
  const tagHeight = options.tagHeight ?? TAG_HEIGHT_M;
  out.count = 0;
  out.anchors.length = 0;
  out.strongest = -1;
  out.sigmaDb = base.sigmaDb;
  out.txOffsetSigmaDb = base.txOffsetSigmaDb;
  let maxRssi = -Infinity;
  const trust = rssiTrust(settings.rssiWeight);
  for (const o of observations) {
    const a = findAnchor(anchors, o.gateway);
    if (!isUsable(o, a)) continue;
    const m = options.models?.get(a.id) ?? modelForAnchor(a, base);
    const i = out.count++;
    const dz = heightOffset(a, tagHeight);
    out.ax[i] = a.x;
    out.ay[i] = a.y;
    out.dz2[i] = dz * dz;
    out.rssi[i] = o.rssi;
    out.p0[i] = m.rssiAt1m + deviceTermDb(o.refRssi, base);
    out.k[i] = (10 * m.exponent) / Math.LN10;
    out.cw[i] = ageWeight(o.ageMs, settings.signalAgeWeight);
    out.w[i] = out.cw[i]! * trust * countGain(o.count, m.sigmaDb);
    out.anchors.push(a);
    if (o.rssi > maxRssi) {
      maxRssi = o.rssi;
      out.strongest = i;
    }
  }
  // The weighted centroid has no noise model: rssiWeight is the exponent of its amplitude
  // weights, 10^(rssiWeight·Δ/20) = exp(c·Δ) relative to the strongest, renormalised to a mean
  // of 1 (rssiWeight 0: the plain centroid of the gateways heard).
  const rssiWeight = Number.isFinite(settings.rssiWeight) ? Math.max(0, settings.rssiWeight) : 1;
  const c = (rssiWeight * Math.LN10) / 20;
  let sum = 0;
  for (let i = 0; i < out.count; i++) sum += Math.exp(c * (out.rssi[i]! - maxRssi));
  for (let i = 0; i < out.count; i++) {
    out.cw[i] = (out.cw[i]! * Math.exp(c * (out.rssi[i]! - maxRssi)) * out.count) / sum;
  }
  return out.count;
}

/** rssiWeight below this is taken as this in the likelihood estimators (0 would ignore RSSI). */
export const MIN_RSSI_TRUST = 0.1;

/**
 * The likelihood estimators' reading of rssiWeight: the exponent of the RSSI likelihood, so 1
 * (the default) weighs each reading exactly as its noise model says, 2 counts every reading
 * twice (sharper, jumpier positions), 0.5 half (smoother, slower). Weak links are not tilted
 * down on top of their noise model as well: on the calibration run (never the test run) that
 * double penalty cost the default tracker accuracy (median 1.43 → 1.56 m, p90 2.62 → 2.98 m),
 * measured when it was removed.
 */
export function rssiTrust(rssiWeight: number): number {
  return Number.isFinite(rssiWeight) ? Math.max(MIN_RSSI_TRUST, rssiWeight) : 1;
}

/**
 * Spread of one packet's level about the link's local mean (dB): fast fading, Rician with a weak
 * line of sight, as BLE advertising on hopping channels sees it (Rayleigh would be 5.6 dB).
 */
export const PACKET_FADING_DB = 4;

/**
 * How much more a level from `count` packets tells than one packet: a reading's error is the
 * slow model error (shadowing, which more packets do not average away) plus the fast fading
 * divided over the packets. With a single-packet σ of sigmaDb: σ²(n) = σ² − F² + F²/n, so the
 * gain σ²(1)/σ²(n) is 1 for one packet and at most σ²/(σ² − F²) for many.
 */
export function countGain(count: number | undefined, sigmaDb: number): number {
  const n = count !== undefined && count > 1 ? count : 1;
  const f2 = Math.min(PACKET_FADING_DB ** 2, 0.8 * sigmaDb * sigmaDb);
  const s2 = sigmaDb * sigmaDb;
  return s2 / (s2 - f2 + f2 / n);
}

/** Weight a reading keeps at this age: signalAgeWeight per SIGNAL_AGE_UNIT_MS (1 when fresh). */
export function ageWeight(ageMs: number, signalAgeWeight: number): number {
  return ageMs > 0 ? Math.pow(clamp01(signalAgeWeight), ageMs / SIGNAL_AGE_UNIT_MS) : 1;
}

function clamp01(v: number): number {
  return Number.isFinite(v) ? Math.min(1, Math.max(0, v)) : 1;
}
