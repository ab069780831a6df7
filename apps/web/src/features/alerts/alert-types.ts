/**
 * Alerts as the console uses them. They mirror the wire contract's and are replaced by its types
 * once they are published.
 */
import type { EventType, Severity } from '../zones/zone-types.ts';

export const ALERT_STATUSES = ['open', 'acknowledged', 'resolved'] as const;
export type AlertStatus = (typeof ALERT_STATUSES)[number];

export interface Alert {
  id: string;
  mapId: string;
  ruleId: string;
  eventType: EventType;
  severity: Severity;
  status: AlertStatus;
  mac: string | null;
  zoneId: string | null;
  gatewayMac: string | null;
  openedAt: string;
  acknowledgedAt: string | null;
  acknowledgedBy: string | null;
  resolvedAt: string | null;
  resolvedBy: string | null;
}
