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
}

/** One gateway's latest reading of the tag. */
export interface Observation {
  gateway: string;
  rssi: Dbm | number;
  /** How old the reading is at the time of the estimate. */
  ageMs: number;
}

export type Method = 'strongest' | 'weighted-centroid' | 'least-squares' | 'maximum-likelihood';

export interface LocateSettings {
  enabled: boolean;
  algorithm: 'auto' | Method;
  minSignalCount: number;
  minConfidence: number;
  signalAgeWeight: number;
  rssiWeight: number;
}

export interface Estimate {
  x: Metres;
  y: Metres;
  confidence: number;
  method: Method;
  signalsUsed: number;
  primaryGateway: string | null;
}
