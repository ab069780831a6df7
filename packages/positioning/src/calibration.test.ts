import { describe, expect, it } from 'vitest';
import { createFingerprintLocator, fitRadioModels } from './calibration.ts';
import { DEFAULT_LOCATE_SETTINGS } from './locate.ts';
import { readings, ROOM } from './test-helpers.ts';

const samples = Array.from({ length: 99 }, (_, i) => ({
  x: (i % 11) * 0.9 + 0.5,
  y: Math.floor(i / 11) * 0.8 + 0.4,
}));
const survey = samples.map((p) => ({ ...p, observations: readings(ROOM, p.x, p.y, 7) }));

describe('calibration', () => {
  it('fits each anchor’s 1 m RSSI and exponent from surveyed samples', () => {
    const m = fitRadioModels(survey, ROOM).get('g0')!;
    expect(m.rssiAt1m).toBeCloseTo(-59 + 7, 1);
    expect(m.exponent).toBeCloseTo(2.2, 2);
  });

  it('fingerprints locate a surveyed spot', () => {
    const locator = createFingerprintLocator(survey, ROOM, 1);
    const e = locator(readings(ROOM, 3.2, 2.0, 7), ROOM, {
      ...DEFAULT_LOCATE_SETTINGS,
      minConfidence: 0,
    })!;
    expect(Math.hypot(e.x - 3.2, e.y - 2.0)).toBeLessThan(0.1);
  });
});
