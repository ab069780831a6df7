import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_TRIANGULATION, type SignalMap } from '@rtls/contract';
import * as positioning from '@rtls/positioning';
import { makeGateway, makeMap } from '../../test/fixtures.ts';
import { createLocator, locateSettings, mapFrame } from './positioner.ts';

vi.mock('@rtls/positioning', async (importOriginal) => {
  const actual = await importOriginal<typeof positioning>();
  return { ...actual, createTracker: vi.fn(actual.createTracker) };
});
const createTracker = vi.mocked(positioning.createTracker);
afterEach(() => createTracker.mockClear());

const T0 = Date.parse('2024-06-15T12:00:00.000Z');
const gateways = [
  [0, 0],
  [400, 0],
  [400, 300],
  [0, 300],
].map(([x, y], i) => makeGateway({ mac: `GW:${i}`, position: { x: x!, y: y! } }));
const frame = mapFrame(makeMap({ settings: { imageSize: { width: 400, height: 300 } } }), gateways);
const signal: SignalMap = Object.fromEntries(
  gateways.map((g, i) => [g.mac, { rssi: -60 - 5 * i, received_at: new Date(T0).toISOString() }]),
);

describe('locateSettings', () => {
  it('passes every engine field of the triangulation settings and drops showDebugInfo', () => {
    const t = {
      ...DEFAULT_TRIANGULATION,
      enabled: false,
      algorithm: 'least-squares' as const,
      minSignalCount: 3,
      minConfidence: 0.6,
      signalAgeWeight: 0.4,
      rssiWeight: 2,
      showDebugInfo: true,
    };
    expect(locateSettings(t)).toEqual({
      enabled: false,
      algorithm: 'least-squares',
      minSignalCount: 3,
      minConfidence: 0.6,
      signalAgeWeight: 0.4,
      rssiWeight: 2,
    });
  });
});

describe('createLocator', () => {
  it('keeps positions on the plan: a tag heard beyond a corner gateway stays inside the image', () => {
    expect(frame?.plan).toEqual({ width: 400, height: 300 });
    // Loud at the corner gateway, faint at the others: the likeliest spot is past the corner.
    const corner: SignalMap = Object.fromEntries(
      gateways.map((g, i) => [
        g.mac,
        { rssi: i === 2 ? -45 : -95, received_at: new Date(T0).toISOString() },
      ]),
    );
    const settings = locateSettings({ ...DEFAULT_TRIANGULATION, minSignalCount: 1 });
    const located = createLocator(frame, settings).locate(
      { mac: 'TAG', signal: corner, positioningMode: 'mobile' },
      T0,
    );
    const p = located.position!;
    expect(p.x).toBeGreaterThanOrEqual(0);
    expect(p.y).toBeGreaterThanOrEqual(0);
    expect(p.x).toBeLessThanOrEqual(400);
    expect(p.y).toBeLessThanOrEqual(300);
  });

  it('builds each tracker with the settings and the device positioningMode', () => {
    const settings = locateSettings({ ...DEFAULT_TRIANGULATION, algorithm: 'strongest' });
    const locator = createLocator(frame, settings, 'kalman');
    const located = locator.locate({ mac: 'TAG', signal, positioningMode: 'static' }, T0);
    expect(createTracker).toHaveBeenCalledWith({ mode: 'static', settings, filter: 'kalman' });
    expect(located.triangulationInfo?.method).toBe('strongest');
    expect(located.triangulationInfo?.primaryGateway).toBe('GW:0');
  });

  it('rebuilds a device tracker when its positioningMode changes, and only then', () => {
    const locator = createLocator(frame);
    locator.locate({ mac: 'TAG', signal, positioningMode: 'static' }, T0);
    locator.locate({ mac: 'TAG', signal, positioningMode: 'static' }, T0 + 1000);
    expect(createTracker).toHaveBeenCalledTimes(1);
    locator.locate({ mac: 'TAG', signal, positioningMode: 'mobile' }, T0 + 2000);
    expect(createTracker).toHaveBeenCalledTimes(2);
    expect(createTracker).toHaveBeenLastCalledWith(expect.objectContaining({ mode: 'mobile' }));
  });

  it('with triangulation disabled, nothing is located', () => {
    const settings = locateSettings({ ...DEFAULT_TRIANGULATION, enabled: false });
    const located = createLocator(frame, settings).locate(
      { mac: 'TAG', signal, positioningMode: 'auto' },
      T0,
    );
    expect(located).toEqual({ position: null, triangulationInfo: null });
  });

  it('a fix below the minimum confidence is not shown', () => {
    const strict = locateSettings({ ...DEFAULT_TRIANGULATION, minConfidence: 1 });
    const device = { mac: 'TAG', signal, positioningMode: 'auto' as const };
    expect(createLocator(frame, strict).locate(device, T0).position).toBeNull();
    expect(createLocator(frame).locate(device, T0).position).not.toBeNull();
  });
});
