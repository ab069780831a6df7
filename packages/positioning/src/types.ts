/** Inputs and outputs of the estimators. All coordinates in metres. */
import type { Dbm, Metres } from './units.ts';

/** A fixed receiver with its radio model parameters. */
export interface Anchor {
  id: string;
  x: Metres;
  y: Metres;
  /** Mounting height; the tag is assumed at TAG_HEIGHT_M. */
  z?: Metres;
  /** Expected RSSI at 1 m (the gateway's maxRSSI setting); BLE default when absent. */
  maxRSSI?: number | null;
  /** Signals weaker than this are ignored (the gateway's logicThreshold). */
  logicThreshold?: number | null;
  /** The gateway's model as fitted from a walk test, when one was applied; overrides maxRSSI. */
  radio?: AnchorRadio | null;
}

/** A gateway's fitted path-loss model: its level at 1 m (dBm) and its exponent. */
export interface AnchorRadio {
  rssiAt1m: number;
  exponent: number;
}

/** One gateway's reading of the tag: a packet, or a link window's level. */
export interface Observation {
  gateway: string;
  rssi: Dbm | number;
  /** How old the reading is at the time of the estimate. */
  ageMs: number;
  /** Packets behind the reading (a link window's count); 1 when absent. */
  count?: number;
  /**
   * The tag's own measured level at 1 m (dBm) when it states one (ESPresense `rssi@1m`, an
   * iBeacon's measured power): its term in the path-loss model instead of the nominal one.
   */
  refRssi?: number;
}

/** A single-epoch estimator. */
export type Method = 'strongest' | 'weighted-centroid' | 'least-squares' | 'maximum-likelihood';

/** The user's triangulation settings. */
export interface LocateSettings {
  enabled: boolean;
  algorithm: 'auto' | Method;
  minSignalCount: number;
  minConfidence: number;
  signalAgeWeight: number;
  rssiWeight: number;
}

/** A position with how much to trust it. */
export interface Estimate {
  x: Metres;
  y: Metres;
  confidence: number;
  method: Method;
  signalsUsed: number;
  primaryGateway: string | null;
  /** Predicted RMSE of the position (m), from which confidence is derived. */
  errorM?: Metres;
  /** Position covariance (m²). */
  covariance?: { xx: number; xy: number; yy: number };
  /** The tag's estimated transmit-power offset against the model (dB); 0 for simple methods. */
  txOffsetDb?: number;
}
