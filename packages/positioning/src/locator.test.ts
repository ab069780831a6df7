import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCATE_SETTINGS } from './locate.ts';
import { createDeviceLocator } from './locator.ts';
import { readings, ROOM } from './test-helpers.ts';
import type { MapFrame } from './frame.ts';
import type { Observation } from './types.ts';

const PPM = 10;
const frame: MapFrame = { mapId: 'm', pixelsPerMetre: PPM, anchors: ROOM };
const settings = { ...DEFAULT_LOCATE_SETTINGS, minConfidence: 0.5 };
// One weak, distant reading: a single signal cannot place a tag with confidence 0.5.
const weak: Observation[] = [{ gateway: 'g0', rssi: -95, ageMs: 0 }];

describe('device locator', () => {
  it('gives fixes in map pixels', () => {
    const loc = createDeviceLocator({ mode: 'mobile', settings });
    let fix = null;
    for (let t = 0; t <= 5000; t += 1000) fix = loc.update(frame, readings(ROOM, 3, 4), t);
    expect(fix).not.toBeNull();
    expect(Math.hypot(fix!.position.x / PPM - 3, fix!.position.y / PPM - 4)).toBeLessThan(0.5);
    expect(fix!.triangulationInfo.lastCalculated).toBe(new Date(5000).toISOString());
    expect(loc.last).toBe(fix);
  });

  it('keeps the last fix when a new one is too weak', () => {
    const loc = createDeviceLocator({
      mode: 'static',
      settings: { ...settings, minSignalCount: 1 },
    });
    const good = loc.update(frame, readings(ROOM, 3, 4), 0);
    expect(good).not.toBeNull();
    expect(loc.update(frame, weak, 60_000)).toBe(good);
  });

  it('gives null when the first fix is too weak', () => {
    const loc = createDeviceLocator({
      mode: 'static',
      settings: { ...settings, minSignalCount: 1 },
    });
    expect(loc.update(frame, weak, 0)).toBeNull();
    expect(loc.last).toBeNull();
  });

  it('starts afresh on another map', () => {
    const loc = createDeviceLocator({ mode: 'mobile', settings });
    loc.update(frame, readings(ROOM, 3, 4), 0);
    expect(loc.update({ ...frame, mapId: 'other' }, [], 1000)).toBeNull();
  });
});
