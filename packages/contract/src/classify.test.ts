import { describe, expect, it } from 'vitest';
import {
  confidenceClass,
  gatewayLogicThreshold,
  gatewayQuality,
  isLive,
  isOnlineInDetails,
  lastSeenText,
  listStatus,
  signalClass,
} from './classify.ts';

const now = Date.parse('2026-01-01T12:00:00Z');
const ago = (ms: number) => new Date(now - ms).toISOString();
const MIN = 60_000;

describe('list status', () => {
  it('is offline with no last-seen', () => expect(listStatus(null, now)).toBe('offline'));
  it('is online just under 5 minutes', () =>
    expect(listStatus(ago(5 * MIN - 1), now)).toBe('online'));
  it('is warning at exactly 5 minutes', () =>
    expect(listStatus(ago(5 * MIN), now)).toBe('warning'));
  it('is warning at exactly 10 minutes', () =>
    expect(listStatus(ago(10 * MIN), now)).toBe('warning'));
  it('is offline beyond 10 minutes', () =>
    expect(listStatus(ago(10 * MIN + 1), now)).toBe('offline'));
  it('is offline for an unparseable time', () =>
    expect(listStatus('yesterday-ish', now)).toBe('offline'));
});

describe('details and marker liveness', () => {
  it('details online within 3 minutes', () => {
    expect(isOnlineInDetails(ago(3 * MIN), now)).toBe(true);
    expect(isOnlineInDetails(ago(3 * MIN + 1), now)).toBe(false);
  });
  it('marker live strictly under 180000 ms', () => {
    expect(isLive(ago(179_999), now)).toBe(true);
    expect(isLive(ago(180_000), now)).toBe(false);
    expect(isLive(undefined, now)).toBe(false);
  });
});

describe('signal, confidence and gateway quality classes', () => {
  it.each([
    [-49, 'strong'],
    [-50, 'medium'],
    [-69, 'medium'],
    [-70, 'weak'],
  ] as const)('rssi %d is %s', (rssi, cls) => expect(signalClass(rssi)).toBe(cls));
  it.each([
    [0.81, 'high'],
    [0.8, 'medium'],
    [0.51, 'medium'],
    [0.5, 'low'],
  ] as const)('confidence %d is %s', (c, cls) => expect(confidenceClass(c)).toBe(cls));
  it.each([
    [-30, 'excellent'],
    [-31, 'good'],
    [-50, 'good'],
    [-51, 'fair'],
    [-70, 'fair'],
    [-71, 'poor'],
  ] as const)('maxRSSI %d is %s', (m, q) => expect(gatewayQuality(m)).toBe(q));
});

describe('last-seen text', () => {
  it('unknown without a time', () => expect(lastSeenText(null, now)).toEqual({ kind: 'unknown' }));
  it('just now under a minute', () =>
    expect(lastSeenText(ago(59_999), now)).toEqual({ kind: 'justNow' }));
  it('minutes under an hour', () =>
    expect(lastSeenText(ago(59 * MIN), now)).toEqual({ kind: 'minutes', value: 59 }));
  it('hours under a day', () =>
    expect(lastSeenText(ago(23 * 60 * MIN), now)).toEqual({ kind: 'hours', value: 23 }));
  it('a date beyond a day', () => expect(lastSeenText(ago(24 * 60 * MIN), now).kind).toBe('date'));
});

describe('gateway logic threshold', () => {
  it('reads customSettings first', () =>
    expect(
      gatewayLogicThreshold({
        customSettings: { logicThreshold: -80, maxRSSI: -40 },
        logicThreshold: -70,
        maxRSSI: -50,
      }),
    ).toBe(-80));
  it('falls back to the top level', () =>
    expect(gatewayLogicThreshold({ customSettings: { maxRSSI: -40 }, logicThreshold: -70 })).toBe(
      -70,
    ));
  it('falls back to maxRSSI, customSettings before the top level', () => {
    expect(gatewayLogicThreshold({ customSettings: { maxRSSI: -45 }, maxRSSI: -50 })).toBe(-45);
    expect(gatewayLogicThreshold({ customSettings: null, maxRSSI: -50 })).toBe(-50);
  });
  it('is null when nothing is set or values are not finite', () => {
    expect(gatewayLogicThreshold({})).toBeNull();
    expect(gatewayLogicThreshold({ logicThreshold: Number.NaN, maxRSSI: null })).toBeNull();
  });
});
