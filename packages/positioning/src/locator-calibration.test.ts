import { HALL } from './test-helpers.ts';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCATE_SETTINGS } from './locate.ts';
import { createDeviceLocator } from './locator.ts';
import { gaussian, rng } from './random.ts';
import { DEFAULT_RADIO_MODEL, heightOffset } from './radio-model.ts';
import type { MapFrame } from './frame.ts';
import { createSites } from './site.ts';
import type { Observation } from './types.ts';

/** The exponent a site learns from 40 tags' traffic, each located (never told) for 20 s. */
function learnt(n: number, mapId: string): number {
  const frame: MapFrame = { mapId, pixelsPerMetre: 1, anchors: HALL };
  const rand = rng(4);
  const sites = createSites();
  for (let tag = 0; tag < 40; tag++) {
    const x = 2 + 16 * rand();
    const y = 2 + 11 * rand();
    const loc = createDeviceLocator({
      mode: 'mobile',
      settings: DEFAULT_LOCATE_SETTINGS,
      sites,
    });
    for (let t = 0; t < 20; t++) {
      const obs: Observation[] = HALL.map((a) => {
        const d = Math.hypot(x - a.x, y - a.y, heightOffset(a));
        const rssi = DEFAULT_RADIO_MODEL.rssiAt1m - 10 * n * Math.log10(d) + 2 * gaussian(rand);
        return { gateway: a.id, rssi, ageMs: 0 };
      });
      loc.update(frame, obs, tag * 100_000 + t * 1000);
    }
  }
  return sites.of(frame).calibration.exponent;
}

describe('self-calibration on the live path', () => {
  // The fixes it learns from were made with the model it is correcting, so it moves most of the
  // way toward the site's exponent rather than all of it.
  it.each([3.2, 1.8])('moves well toward a site exponent of %s from located traffic alone', (n) => {
    const prior = DEFAULT_RADIO_MODEL.exponent;
    const share = (learnt(n, `site-${n}`) - prior) / (n - prior);
    expect(share).toBeGreaterThan(0.5);
    expect(share).toBeLessThan(1.3);
  });
});
