/** Every classification boundary as the console shows it (texts and colours). */
import { describe, expect, it } from 'vitest';
import {
  CONFIDENCE_CLASS_COLOUR,
  SIGNAL_CLASS_COLOUR,
  confidenceClass,
  gatewayQuality,
  isLive,
  isOnlineInDetails,
  lastSeenText,
  listStatus,
  signalClass,
} from '@rtls/contract';
import { formatLastSeen } from '../../ui/format.ts';
import { translator } from '../../i18n/i18n.ts';
import { nameBoxWidth } from '../../constants.ts';

const NOW = Date.parse('2026-01-01T12:00:00Z');
const MIN = 60_000;
const HOUR = 60 * MIN;
const ago = (ms: number) => new Date(NOW - ms).toISOString();

describe('list status (Online < 5 min ≤ Warning ≤ 10 min < Offline)', () => {
  it.each([
    [0, 'online'],
    [5 * MIN - 1, 'online'],
    [5 * MIN, 'warning'],
    [10 * MIN, 'warning'],
    [10 * MIN + 1, 'offline'],
  ] as const)('%i ms ago is %s', (age, status) => expect(listStatus(ago(age), NOW)).toBe(status));
  it('never seen is offline', () => expect(listStatus(null, NOW)).toBe('offline'));
});

describe('details Online within 3 min; marker live under 3 min', () => {
  it('details', () => {
    expect(isOnlineInDetails(ago(3 * MIN), NOW)).toBe(true);
    expect(isOnlineInDetails(ago(3 * MIN + 1), NOW)).toBe(false);
    expect(isOnlineInDetails(null, NOW)).toBe(false);
  });
  it('marker', () => {
    expect(isLive(ago(3 * MIN - 1), NOW)).toBe(true);
    expect(isLive(ago(3 * MIN), NOW)).toBe(false);
  });
});

describe('signal classes and colours', () => {
  it.each([
    [-49.9, 'strong', 'green'],
    [-50, 'medium', 'yellow'],
    [-69.9, 'medium', 'yellow'],
    [-70, 'weak', 'red'],
  ] as const)('%d dBm is %s (%s)', (rssi, cls, colour) => {
    expect(signalClass(rssi)).toBe(cls);
    expect(SIGNAL_CLASS_COLOUR[signalClass(rssi)]).toBe(colour);
  });
});

describe('confidence classes and colours', () => {
  it.each([
    [0.8001, 'high', 'green'],
    [0.8, 'medium', 'yellow'],
    [0.5001, 'medium', 'yellow'],
    [0.5, 'low', 'red'],
    [0, 'low', 'red'],
  ] as const)('%d is %s (%s)', (c, cls, colour) => {
    expect(confidenceClass(c)).toBe(cls);
    expect(CONFIDENCE_CLASS_COLOUR[confidenceClass(c)]).toBe(colour);
  });
});

describe('gateway quality from maxRSSI', () => {
  it.each([
    [-29, 'excellent'],
    [-30, 'excellent'],
    [-30.1, 'good'],
    [-50, 'good'],
    [-50.1, 'fair'],
    [-70, 'fair'],
    [-70.1, 'poor'],
  ] as const)('%d dBm is %s', (m, q) => expect(gatewayQuality(m)).toBe(q));
});

describe('last-seen text', () => {
  const t = translator('en');
  const he = translator('he');
  it.each([
    [MIN - 1, 'Just now'],
    [MIN, '1 min ago'],
    [HOUR - 1, '59 min ago'],
    [HOUR, '1 h ago'],
    [24 * HOUR - 1, '23 h ago'],
  ] as const)('%i ms ago reads "%s"', (age, text) =>
    expect(formatLastSeen(ago(age), t, 'en', NOW)).toBe(text),
  );
  it('a day or more is a date', () => {
    expect(lastSeenText(ago(24 * HOUR), NOW).kind).toBe('date');
    expect(formatLastSeen(ago(24 * HOUR), t, 'en', NOW)).toMatch(/2025/);
  });
  it("unknown reads 'Unknown', in Hebrew 'לא ידוע'", () => {
    expect(formatLastSeen(null, t, 'en', NOW)).toBe('Unknown');
    expect(formatLastSeen(undefined, he, 'he', NOW)).toBe('לא ידוע');
  });
});

describe('name-box width = length × 8 + 6, clamped to 20–200', () => {
  it.each([
    ['', 20],
    ['A', 20],
    ['AB', 22],
    ['Forklift', 70],
    ['x'.repeat(24), 198],
    ['x'.repeat(25), 200],
    ['x'.repeat(100), 200],
  ] as const)('"%s" is %i px', (name, width) => expect(nameBoxWidth(name)).toBe(width));
});
