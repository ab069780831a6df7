import { HALL } from './test-helpers.ts';
import { describe, expect, it } from 'vitest';
import { gaussian, rng } from './random.ts';
import { DEFAULT_RADIO_MODEL, heightOffset } from './radio-model.ts';
import { createSite, createSites } from './site.ts';
import { calibrateFromGateway, gatewayOfDevice } from './gateway-links.ts';
import { createSiteCalibration } from './self-calibration.ts';
import { metres } from './units.ts';

/** Reports of tags with unknown transmit levels on a site with exponent n and gateway offsets. */
function feed(n: number, offsets: Record<string, number>, epochs: number, seed = 1) {
  const cal = createSiteCalibration(HALL);
  const rand = rng(seed);
  for (let e = 0; e < epochs; e++) {
    const x = 1 + 18 * rand();
    const y = 1 + 13 * rand();
    const tx = 10 * (rand() - 0.5); // tags differ by up to ±5 dB
    const readings = HALL.map((a) => {
      const d = Math.hypot(x - a.x, y - a.y, heightOffset(a));
      const rssi =
        DEFAULT_RADIO_MODEL.rssiAt1m +
        tx +
        (offsets[a.id] ?? 0) -
        10 * n * Math.log10(d) +
        3 * gaussian(rand);
      return { gateway: a.id, rssi, weight: 1 };
    });
    cal.observe(x, y, readings);
  }
  return cal;
}

describe('site self-calibration', () => {
  it('recovers a steep exponent and a hot gateway from ordinary traffic', () => {
    const cal = feed(3.1, { s2: 6 }, 2000);
    expect(cal.exponent).toBeGreaterThan(2.95);
    expect(cal.exponent).toBeLessThan(3.25);
    const others = HALL.filter((a) => a.id !== 's2').map((a) => cal.offsetDb(a.id));
    const typical = others.reduce((s, v) => s + v, 0) / others.length;
    expect(cal.offsetDb('s2') - typical).toBeGreaterThan(5);
    expect(cal.offsetDb('s2') - typical).toBeLessThan(7);
    expect(cal.models().get('s2')!.exponent).toBeCloseTo(cal.exponent, 1);
  });

  it('recovers a shallow exponent', () => {
    const cal = feed(1.8, {}, 2000, 2);
    expect(cal.exponent).toBeGreaterThan(1.65);
    expect(cal.exponent).toBeLessThan(1.95);
  });

  it('stays at its prior without evidence and publishes only real moves', () => {
    const cal = createSiteCalibration(HALL);
    expect(cal.exponent).toBe(DEFAULT_RADIO_MODEL.exponent);
    expect(cal.revision).toBe(0);
    cal.observe(5, 5, [{ gateway: 's0', rssi: -60, weight: 1 }]);
    expect(cal.revision).toBe(0);
  });
});

describe('sites', () => {
  it('keep what they learnt across rebuilt frames of the same map, and never share it', () => {
    const sites = createSites();
    const frame = (mapId: string, anchors = HALL) => ({ mapId, pixelsPerMetre: 1, anchors });
    const rebuilt = HALL.map((a) => ({ ...a }));
    expect(sites.of(frame('map-1', rebuilt))).toBe(sites.of(frame('map-1')));
    expect(sites.of(frame('map-2'))).not.toBe(sites.of(frame('map-1')));
    const moved = HALL.map((a, i) => (i === 0 ? { ...a, x: metres(a.x + 1) } : a));
    expect(sites.of(frame('map-1', moved))).not.toBe(sites.of(frame('map-1')));
    expect(createSites().of(frame('map-1'))).not.toBe(sites.of(frame('map-1')));
  });
});

describe('gateways hearing each other', () => {
  it('teach the exponent and a hot gateway with no tag located at all', () => {
    const anchors = HALL.map((a) => ({ ...a, id: `aa:bb:cc:00:00:0${a.id.slice(1)}` }));
    const site = createSite(anchors);
    const hot = anchors[2]!.id;
    const rand = rng(4);
    for (let round = 0; round < 400; round++) {
      for (const source of anchors) {
        // Each gateway advertises at its own unknown level; the others hear it.
        const tx = 10 * (rand() - 0.5);
        const heard = anchors
          .filter((a) => a !== source)
          .map((a) => ({
            gateway: a.id,
            rssi:
              DEFAULT_RADIO_MODEL.rssiAt1m +
              tx +
              (a.id === hot ? 6 : 0) -
              31 * Math.log10(Math.hypot(a.x - source.x, a.y - source.y)) +
              3 * gaussian(rand),
            ageMs: 0,
          }));
        const device = source.id.toUpperCase().replaceAll(':', '-');
        const gateway = gatewayOfDevice(anchors, device);
        expect(gateway).toBe(source);
        calibrateFromGateway(site, gateway!, heard);
      }
    }
    const cal = site.calibration;
    expect(cal.exponent).toBeGreaterThan(2.9);
    expect(cal.exponent).toBeLessThan(3.3);
    const others = anchors.filter((a) => a.id !== hot).map((a) => cal.offsetDb(a.id));
    const typical = others.reduce((s, v) => s + v, 0) / others.length;
    expect(cal.offsetDb(hot) - typical).toBeGreaterThan(4.5);
    expect(cal.offsetDb(hot) - typical).toBeLessThan(7.5);
    expect(gatewayOfDevice(anchors, 'tag-1')).toBeNull();
  });
});
