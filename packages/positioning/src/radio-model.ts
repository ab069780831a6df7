/** Log-distance path-loss model per gateway, with 3-D distance between tag and anchor. */
import type { Anchor } from './types.ts';
import { metres, type Metres } from './units.ts';

/** Parameters of RSSI(d) = rssiAt1m − 10·exponent·log10(d) + N(0, sigmaDb²). */
export interface RadioModel {
  /** Expected RSSI at 1 m (dBm). */
  rssiAt1m: number;
  /** Path-loss exponent (2 in free space, 2–3 indoors). */
  exponent: number;
  /** Shadowing standard deviation (dB). */
  sigmaDb: number;
  /**
   * Prior spread of the tag's own transmit-power offset (dB). Tags differ by several dB, so the
   * estimators solve for a common offset, shrunk towards 0 by this prior; 0 disables it.
   */
  txOffsetSigmaDb: number;
}

/**
 * Generic BLE defaults, from published priors and never fitted to a site or dataset:
 * - rssiAt1m −59 dBm: the usual 1 m calibration of 0 dBm-class beacons (iBeacon "measured power").
 * - exponent 2.2: indoor line-of-sight path loss, between free space (2) and cluttered rooms (3).
 * - sigmaDb 5: the middle of the 4–8 dB shadowing reported for BLE indoors.
 * - txOffsetSigmaDb 4: tags and their mounting differ by a few dB from the nominal power.
 */
export const DEFAULT_RADIO_MODEL: RadioModel = {
  rssiAt1m: -59,
  exponent: 2.2,
  sigmaDb: 5,
  txOffsetSigmaDb: 4,
};

/** Assumed tag height when carried or worn (m). */
export const TAG_HEIGHT_M = metres(1.2);
/** Assumed anchor height when a gateway has no z (ceiling-ish mounting, m). */
export const DEFAULT_ANCHOR_HEIGHT_M = metres(2.5);

/**
 * maxRSSI values outside this band cannot be a 1 m reading of a BLE tag. The console's "Add
 * gateway" default is −30 dBm, a UI ceiling rather than a calibration, so it is ignored.
 */
export const PLAUSIBLE_RSSI_AT_1M = { min: -90, max: -40 } as const;

/**
 * The radio model for one anchor: its walk-fitted model when it has one, else its maxRSSI becomes
 * rssiAt1m when plausible.
 */
export function modelForAnchor(anchor: Anchor, base: RadioModel = DEFAULT_RADIO_MODEL): RadioModel {
  const r = anchor.radio;
  if (r && Number.isFinite(r.rssiAt1m) && Number.isFinite(r.exponent))
    return { ...base, rssiAt1m: r.rssiAt1m, exponent: r.exponent };
  const m = anchor.maxRSSI;
  if (m == null || !Number.isFinite(m)) return base;
  if (m < PLAUSIBLE_RSSI_AT_1M.min || m > PLAUSIBLE_RSSI_AT_1M.max) return base;
  return { ...base, rssiAt1m: m };
}

/**
 * A tag's own term in the path-loss model (dB): how far its stated level at 1 m (refRssi) lies
 * from the nominal tag's that the base model (and each gateway's maxRSSI and calibrated offset)
 * assumes; 0 when it states none or an implausible one. A gateway's model for this tag is its own
 * model shifted by this term, so the gateways' offsets keep their meaning.
 */
export function deviceTermDb(
  refRssi: number | undefined,
  base: RadioModel = DEFAULT_RADIO_MODEL,
): number {
  if (refRssi === undefined || !Number.isFinite(refRssi)) return 0;
  if (refRssi < PLAUSIBLE_RSSI_AT_1M.min || refRssi > PLAUSIBLE_RSSI_AT_1M.max) return 0;
  return refRssi - base.rssiAt1m;
}

/** A gateway's model for one tag: its rssiAt1m shifted by the tag's term (see deviceTermDb). */
export function modelForDevice(
  model: RadioModel,
  refRssi: number | undefined,
  base: RadioModel = DEFAULT_RADIO_MODEL,
): RadioModel {
  const term = deviceTermDb(refRssi, base);
  return term === 0 ? model : { ...model, rssiAt1m: model.rssiAt1m + term };
}

/** Expected RSSI (dBm) at 3-D distance d metres. */
export function expectedRssi(model: RadioModel, d: number): number {
  return model.rssiAt1m - 10 * model.exponent * Math.log10(Math.max(d, 0.1));
}

/** The 3-D distance (m) at which the model expects this RSSI. */
export function distanceForRssi(model: RadioModel, rssi: number): Metres {
  return metres(Math.pow(10, (model.rssiAt1m - rssi) / (10 * model.exponent)));
}

/** Vertical offset (m) between an anchor and the tag, used for 3-D distances. */
export function heightOffset(anchor: Anchor, tagHeight: number = TAG_HEIGHT_M): number {
  return (anchor.z ?? DEFAULT_ANCHOR_HEIGHT_M) - tagHeight;
}
