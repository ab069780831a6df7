import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCATE_SETTINGS } from './locate.ts';
import { createDeviceLocator } from './locator.ts';
import { HALL, readings, ROOM } from './test-helpers.ts';
import type { FloorGeometry } from './floor.ts';
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

  it.each(['mobile', 'auto', 'static'] as const)(
    'locates a %s tag that reports every 5 s, each round located 1.5 s after it was heard',
    (mode) => {
      const loc = createDeviceLocator({ mode, settings: { ...settings, minConfidence: 0 } });
      const late = (ob: Observation) => ({ ...ob, ageMs: 1_500 });
      const fixes = [0, 5_000, 10_000].map((round) =>
        loc.update(frame, readings(ROOM, 3, 4).map(late), round + 1_500),
      );
      for (const fix of fixes) expect(fix).not.toBeNull();
      const last = fixes[2]!;
      expect(Math.hypot(last.position.x / PPM - 3, last.position.y / PPM - 4)).toBeLessThan(1);
      // The readings' time, not the locate's, is when they were taken.
      expect(fixes.every((f, i) => i === 0 || f !== fixes[i - 1])).toBe(true);
    },
  );

  it('starts afresh on another map', () => {
    const loc = createDeviceLocator({ mode: 'mobile', settings });
    loc.update(frame, readings(ROOM, 3, 4), 0);
    expect(loc.update({ ...frame, mapId: 'other' }, [], 1000)).toBeNull();
  });

  describe('on a floor with walls, a tag standing in auto mode', () => {
    /** The 20 × 15 m hall cut by a wall at x (a door at y 6.7–8.3). */
    const cutAt = (x: number): FloorGeometry => ({
      walls: [{ x0: x, y0: 0, x1: x, y1: 15, lossDb: 4, kind: 'light' }],
      doors: [{ x0: x, y0: 6.7, x1: x, y1: 8.3 }],
      outline: null,
    });
    const hall = (floor: FloorGeometry): MapFrame => ({
      mapId: 'hall',
      pixelsPerMetre: PPM,
      anchors: HALL,
      floor,
    });
    const open = { ...settings, minConfidence: 0 };
    const run = (loc: ReturnType<typeof createDeviceLocator>, f: MapFrame, from: number) =>
      [0, 1, 2, 3, 4].map((s) => loc.update(f, readings(HALL, 12, 5), from + s * 1000)?.position);

    it('keeps its track through a frame rebuilt with the same content', () => {
      const kept = createDeviceLocator({ mode: 'auto', settings: open });
      const steady = createDeviceLocator({ mode: 'auto', settings: open });
      run(kept, hall(cutAt(8)), 0);
      run(steady, hall(cutAt(8)), 0);
      const rebuilt = structuredClone(hall(cutAt(8)));
      expect(run(kept, rebuilt, 5000)).toEqual(run(steady, hall(cutAt(8)), 5000));
    });

    it('starts afresh on a new floor plan, as a new locator would', () => {
      const moved = createDeviceLocator({ mode: 'auto', settings: open });
      run(moved, hall(cutAt(8)), 0);
      const fresh = createDeviceLocator({ mode: 'auto', settings: open });
      expect(run(moved, hall(cutAt(14)), 5000)).toEqual(run(fresh, hall(cutAt(14)), 5000));
    });
  });
});
