/** Status classifications (list status, liveness, signal and confidence classes, last seen). */
import { DETAILS_ONLINE_MS, LIST_ONLINE_MS, LIST_WARNING_MS, LIVE_SIGNAL_MS } from './constants.ts';

/** The device list's status classes, in the order the console lists and counts them. */
export const LIST_STATUSES = ['online', 'warning', 'offline'] as const;
export type ListStatus = (typeof LIST_STATUSES)[number];
export type SignalClass = 'strong' | 'medium' | 'weak';
export type ConfidenceClass = 'high' | 'medium' | 'low';
export type GatewayQuality = 'excellent' | 'good' | 'fair' | 'poor';
/** Traffic-light colour used for signal and confidence classes. */
export type StatusColour = 'green' | 'yellow' | 'red';

function ageMs(lastSeen: string | number | null | undefined, now: number): number | null {
  if (lastSeen === null || lastSeen === undefined || lastSeen === '') return null;
  const t = typeof lastSeen === 'number' ? lastSeen : Date.parse(lastSeen);
  return Number.isFinite(t) ? now - t : null;
}

/** Device list status: no last-seen or older than 10 min Offline; under 5 min Online; else Warning. */
export function listStatus(
  lastSeen: string | number | null | undefined,
  now = Date.now(),
): ListStatus {
  const age = ageMs(lastSeen, now);
  if (age === null || age > LIST_WARNING_MS) return 'offline';
  if (age < LIST_ONLINE_MS) return 'online';
  return 'warning';
}

/** Details dialog: Online if seen within 3 minutes. */
export function isOnlineInDetails(
  lastSeen: string | number | null | undefined,
  now = Date.now(),
): boolean {
  const age = ageMs(lastSeen, now);
  return age !== null && age <= DETAILS_ONLINE_MS;
}

/** Marker liveness: live when lastSeen is under 3 minutes ago. */
export function isLive(lastSeen: string | number | null | undefined, now = Date.now()): boolean {
  const age = ageMs(lastSeen, now);
  return age !== null && age < LIVE_SIGNAL_MS;
}

/** Above -50 dBm Strong; above -70 Medium; otherwise Weak. */
export function signalClass(rssi: number): SignalClass {
  if (rssi > -50) return 'strong';
  if (rssi > -70) return 'medium';
  return 'weak';
}

export const SIGNAL_CLASS_COLOUR: Record<SignalClass, StatusColour> = {
  strong: 'green',
  medium: 'yellow',
  weak: 'red',
};

/** Confidence above which a position is High, and above which it is Medium (else Low). */
export const CONFIDENCE_HIGH_ABOVE = 0.8;
export const CONFIDENCE_MEDIUM_ABOVE = 0.5;

/** Above 0.8 High; above 0.5 Medium; otherwise Low. */
export function confidenceClass(confidence: number): ConfidenceClass {
  if (confidence > CONFIDENCE_HIGH_ABOVE) return 'high';
  if (confidence > CONFIDENCE_MEDIUM_ABOVE) return 'medium';
  return 'low';
}

export const CONFIDENCE_CLASS_COLOUR: Record<ConfidenceClass, StatusColour> = {
  high: 'green',
  medium: 'yellow',
  low: 'red',
};

/** Gateway quality from maxRSSI: ≥ -30 Excellent; ≥ -50 Good; ≥ -70 Fair; otherwise Poor. */
export function gatewayQuality(maxRSSI: number): GatewayQuality {
  if (maxRSSI >= -30) return 'excellent';
  if (maxRSSI >= -50) return 'good';
  if (maxRSSI >= -70) return 'fair';
  return 'poor';
}

export type LastSeenText =
  | { kind: 'unknown' }
  | { kind: 'justNow' }
  | { kind: 'minutes'; value: number }
  | { kind: 'hours'; value: number }
  | { kind: 'date'; value: Date };

/** Last-seen text: under 1 min Just now; under 60 min minutes; under 24 h hours; else a date. */
export function lastSeenText(
  lastSeen: string | number | null | undefined,
  now = Date.now(),
): LastSeenText {
  const age = ageMs(lastSeen, now);
  if (age === null) return { kind: 'unknown' };
  const minutes = Math.floor(Math.max(0, age) / 60_000);
  if (minutes < 1) return { kind: 'justNow' };
  if (minutes < 60) return { kind: 'minutes', value: minutes };
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return { kind: 'hours', value: hours };
  return { kind: 'date', value: new Date(now - age) };
}

/** The gateway fields a threshold is read from. */
export interface GatewayThresholdSource {
  customSettings?: { logicThreshold?: number | null; maxRSSI?: number | null } | null;
  logicThreshold?: number | null;
  maxRSSI?: number | null;
}

const finiteOrNull = (v: number | null | undefined): number | null =>
  typeof v === 'number' && Number.isFinite(v) ? v : null;

/**
 * A gateway's RSSI threshold (dBm): its customSettings.logicThreshold, else the
 * top-level logicThreshold, else maxRSSI (customSettings first, then top level); null when none,
 * and then the locator keeps every signal of the gateway (there is no default value). The one
 * rule for a gateway's effective threshold, for the server and the console alike.
 */
export function gatewayLogicThreshold(g: GatewayThresholdSource): number | null {
  const cs = g.customSettings;
  return (
    finiteOrNull(cs?.logicThreshold) ??
    finiteOrNull(g.logicThreshold) ??
    finiteOrNull(cs?.maxRSSI) ??
    finiteOrNull(g.maxRSSI)
  );
}
