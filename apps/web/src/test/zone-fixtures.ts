/** Builders of zones, rules, presence and alerts for tests: complete, valid, overridable. */
import type { Alert, Rule, Zone, ZoneEvent, ZonePresence } from '@rtls/contract';

const AT = '2026-11-24T01:00:00.000Z';

export const makeZone = (over: Partial<Zone> = {}): Zone => ({
  id: 'zone-lab',
  mapId: 'map-1',
  name: 'Lab',
  color: '#ff0000',
  polygon: [
    { x: 500, y: 500 },
    { x: 600, y: 500 },
    { x: 600, y: 600 },
  ],
  createdAt: AT,
  updatedAt: AT,
  ...over,
});

export const makeRule = (over: Partial<Rule> = {}): Rule => ({
  id: 'rule-1',
  mapId: 'map-1',
  name: 'Too long in the lab',
  type: 'dwell',
  zoneId: 'zone-lab',
  mac: null,
  gateway: null,
  thresholdSeconds: 300,
  dwellSeconds: 0,
  cooldownSeconds: 300,
  severity: 'critical',
  enabled: true,
  createdAt: AT,
  updatedAt: AT,
  ...over,
});

export const makePresence = (over: Partial<ZonePresence> = {}): ZonePresence => ({
  mac: 'AA:BB:CC:00:00:01',
  mapId: 'map-1',
  zoneId: 'zone-lab',
  state: 'in',
  since: AT,
  ...over,
});

export const makeEvent = (over: Partial<ZoneEvent> = {}): ZoneEvent => ({
  id: 'ev-1',
  type: 'enter',
  at: AT,
  mapId: 'map-1',
  zoneId: 'zone-lab',
  mac: 'AA:BB:CC:00:00:01',
  gateway: null,
  detail: {},
  ...over,
});

export const makeAlert = (over: Partial<Alert> = {}): Alert => ({
  id: 'a1',
  ruleId: 'rule-1',
  ruleName: 'Lab entry',
  mapId: 'map-1',
  severity: 'critical',
  state: 'open',
  openedAt: AT,
  acknowledgedAt: null,
  acknowledgedBy: null,
  resolvedAt: null,
  resolvedBy: null,
  event: makeEvent(),
  count: 1,
  lastAt: AT,
  ...over,
});
