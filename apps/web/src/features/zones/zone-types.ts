/**
 * Shapes of zones, presence and rules as the console uses them. They mirror the wire contract's
 * and are replaced by its types once they are published.
 */
import type { Point } from '@rtls/contract';

export interface Zone {
  id: string;
  mapId: string;
  name: string;
  color: string;
  /** Image pixels, at least three vertices, not closed (the last vertex joins the first). */
  polygon: Point[];
}

export interface ZoneBody {
  name: string;
  color: string;
  polygon: Point[];
}

/** Where one device is on one map: a zone, outside every zone, or unknown (too uncertain, stale). */
export interface ZonePresence {
  mapId: string;
  mac: string;
  zoneId: string | null;
  state: 'inside' | 'outside' | 'unknown';
  since: string;
}

export interface ZoneOccupancy {
  mapId: string;
  zoneId: string;
  count: number;
}

export const EVENT_TYPES = [
  'enter',
  'exit',
  'dwell',
  'absent',
  'device_offline',
  'gateway_offline',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export const SEVERITIES = ['info', 'warning', 'critical'] as const;
export type Severity = (typeof SEVERITIES)[number];

export interface Rule {
  id: string;
  mapId: string;
  name: string;
  eventType: EventType;
  zoneId: string | null;
  /** Seconds, for the event types that have a duration (dwell, absent, offline). */
  thresholdSeconds: number | null;
  severity: Severity;
  enabled: boolean;
}

export type RuleBody = Omit<Rule, 'id' | 'mapId'>;
