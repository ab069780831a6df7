import { describe, expect, it } from 'vitest';
import { createLinkWindows, observationsFromLinks } from './link-window.ts';
import { DEFAULT_LOCATE_SETTINGS, locate } from './locate.ts';
import { createDeviceLocator } from './locator.ts';
import {
  DEFAULT_RADIO_MODEL,
  deviceTermDb,
  distanceForRssi,
  modelForAnchor,
  modelForDevice,
} from './radio-model.ts';
import { createSignals, prepareSignals } from './signals.ts';
import { readings, ROOM } from './test-helpers.ts';
import type { Observation } from './types.ts';
import { createTracker } from './tracker.ts';

const stating = (obs: Observation[], refRssi: number) => obs.map((o) => ({ ...o, refRssi }));

describe("a tag's own level at 1 m (refRssi)", () => {
  it('sets the reference of its ranges: the same RSSI is nearer for a quieter tag', () => {
    const quiet = distanceForRssi(modelForDevice(DEFAULT_RADIO_MODEL, -70), -75);
    const nominal = distanceForRssi(modelForDevice(DEFAULT_RADIO_MODEL, -59), -75);
    const unstated = distanceForRssi(modelForDevice(DEFAULT_RADIO_MODEL, undefined), -75);
    expect(quiet).toBeLessThan(nominal);
    expect(nominal).toBeCloseTo(unstated, 9);
    // −75 dBm from a tag at −70 dBm at 1 m is 5 dB of path loss: 10^(5/22) m.
    expect(quiet).toBeCloseTo(10 ** (5 / 22), 6);
  });

  it("shifts each gateway's own reference, so a gateway's offset keeps its meaning", () => {
    const gateway = modelForAnchor({ ...ROOM[0]!, maxRSSI: -65 });
    expect(modelForDevice(gateway, -70).rssiAt1m).toBe(-65 - 11);
    expect(deviceTermDb(-70)).toBe(-11);
    // Nonsense levels are no statement.
    expect(deviceTermDb(0)).toBe(0);
    expect(deviceTermDb(-130)).toBe(0);
    expect(deviceTermDb(Number.NaN)).toBe(0);
  });

  it("is each signal's reference in the estimators, thresholds still on the heard RSSI", () => {
    const s = createSignals();
    const anchors = [{ ...ROOM[0]!, logicThreshold: -80 }, ROOM[1]!];
    const obs = [
      { gateway: 'g0', rssi: -79, ageMs: 0, refRssi: -70 },
      { gateway: 'g1', rssi: -81, ageMs: 0 },
    ];
    expect(prepareSignals(s, obs, anchors, DEFAULT_LOCATE_SETTINGS)).toBe(2);
    expect(s.p0[0]).toBe(-70);
    expect(s.p0[1]).toBe(DEFAULT_RADIO_MODEL.rssiAt1m);
    const below = [{ gateway: 'g0', rssi: -81, ageMs: 0, refRssi: -50 }];
    expect(prepareSignals(s, below, anchors, DEFAULT_LOCATE_SETTINGS)).toBe(0);
  });

  it('places a quiet tag where it is when it states its level, and off when it does not', () => {
    // A tag 11 dB below the nominal level, near a corner of the room.
    const heard = readings(ROOM, 2, 2, -11);
    const settings = { ...DEFAULT_LOCATE_SETTINGS, minConfidence: 0 };
    const stated = locate(stating(heard, -70), ROOM, settings)!;
    const unstated = locate(heard, ROOM, settings)!;
    const err = (e: { x: number; y: number }) => Math.hypot(e.x - 2, e.y - 2);
    expect(err(stated)).toBeLessThan(0.05);
    expect(err(unstated)).toBeGreaterThan(4 * err(stated) + 0.1);
  });

  it('is used by the tracking engine too', () => {
    const heard = readings(ROOM, 2, 2, -11);
    const run = (obs: Observation[]) => {
      const t = createTracker({ mode: 'mobile' });
      let e = null;
      for (let k = 0; k < 10; k++)
        e = t.update(
          obs.map((o) => ({ ...o })),
          ROOM,
          1000 + k * 1000,
        );
      return Math.hypot(e!.x - 2, e!.y - 2);
    };
    expect(run(stating(heard, -70))).toBeLessThan(run(heard));
  });

  it('travels from link windows through the device locator', () => {
    // One pixel per metre, so fixes compare with metres directly.
    const frame = { mapId: 'm', pixelsPerMetre: 1, anchors: ROOM };
    const locateFrom = (refRssi?: number) => {
      const w = createLinkWindows();
      const locator = createDeviceLocator({
        mode: 'mobile',
        settings: { ...DEFAULT_LOCATE_SETTINGS, minConfidence: 0 },
        tracker: { selfCalibrate: false },
      });
      let fix = null;
      for (let t = 1000; t <= 10_000; t += 1000) {
        for (const o of readings(ROOM, 2, 2, -11)) w.add('tag', o.gateway, o.rssi, t, refRssi);
        const obs = observationsFromLinks(w.summaries('tag', t), t);
        if (refRssi !== undefined) expect(obs.every((o) => o.refRssi === refRssi)).toBe(true);
        fix = locator.update(frame, obs, t);
      }
      return Math.hypot(fix!.position.x - 2, fix!.position.y - 2);
    };
    expect(locateFrom(-70)).toBeLessThan(0.3);
    expect(locateFrom(undefined)).toBeGreaterThan(locateFrom(-70) + 0.4);
  });

  it('keeps the newest stated level of a link', () => {
    const w = createLinkWindows();
    w.add('tag', 'g0', -70, 1000, -65);
    w.add('tag', 'g0', -71, 1100);
    expect(w.summaries('tag', 1100)[0]!.refRssi).toBe(-65);
    w.add('tag', 'g0', -72, 1200, -72);
    expect(w.summaries('tag', 1200)[0]!.refRssi).toBe(-72);
  });
});
