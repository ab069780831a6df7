import { describe, expect, it } from 'vitest';
import type { WallSegment } from './floor.ts';
import { gaussian, rng } from './random.ts';
import { DEFAULT_RADIO_MODEL, heightOffset } from './radio-model.ts';
import { createSiteCalibration } from './self-calibration.ts';
import { HALL } from './test-helpers.ts';
import { createWallSight } from './wall-loss.ts';

/**
 * The hall split by a light wall across it (x = 8 m) and a heavy one closing off its north-east
 * (y = 10 m from x = 12 m): stated 4 and 10 dB per crossing.
 */
const WALLS: WallSegment[] = [
  { x0: 8, y0: -1, x1: 8, y1: 16, lossDb: 4, kind: 'light' },
  { x0: 12, y0: 10, x1: 21, y1: 10, lossDb: 10, kind: 'heavy' },
];

/**
 * Confident epochs at random spots: tags of unknown level on a site whose walls really take
 * `light` and `heavy` dB per crossing, with 3 dB of noise per reading.
 */
function feed(truth: { light: number; heavy: number; exponent: number }, epochs: number, seed = 1) {
  const cal = createSiteCalibration(HALL, DEFAULT_RADIO_MODEL, WALLS);
  const sights = new Map(HALL.map((a) => [a.id, createWallSight(a.x, a.y, WALLS)]));
  const crossed = new Float64Array(2); // classes sorted by kind: heavy, light
  const rand = rng(seed);
  for (let e = 0; e < epochs; e++) {
    const x = 1 + 18 * rand();
    const y = 1 + 13 * rand();
    const tx = 10 * (rand() - 0.5);
    const readings = HALL.map((a) => {
      sights.get(a.id)!.crossings(x, y, crossed);
      const d = Math.hypot(x - a.x, y - a.y, heightOffset(a));
      const rssi =
        DEFAULT_RADIO_MODEL.rssiAt1m +
        tx -
        10 * truth.exponent * Math.log10(d) -
        truth.heavy * crossed[0]! -
        truth.light * crossed[1]! +
        3 * gaussian(rand);
      return { gateway: a.id, rssi, weight: 1 / 9 };
    });
    cal.observe(x, y, readings);
  }
  return cal;
}

describe('site self-calibration with walls', () => {
  it('starts from the walls’ stated losses', () => {
    const cal = createSiteCalibration(HALL, DEFAULT_RADIO_MODEL, WALLS);
    expect(cal.wallLossDb('light')).toBe(4);
    expect(cal.wallLossDb('heavy')).toBe(10);
    expect(cal.wallLossDb('glass')).toBeUndefined();
    expect(createSiteCalibration(HALL).wallLosses().size).toBe(0);
  });

  it('recovers a class’s loss from readings at known spots, the exponent with it', () => {
    const cal = feed({ light: 7, heavy: 10, exponent: 2.6 }, 3000);
    expect(cal.wallLossDb('light')).toBeGreaterThan(6.3);
    expect(cal.wallLossDb('light')).toBeLessThan(7.7);
    expect(cal.wallLossDb('heavy')).toBeGreaterThan(9);
    expect(cal.wallLossDb('heavy')).toBeLessThan(11);
    expect(cal.exponent).toBeGreaterThan(2.45);
    expect(cal.exponent).toBeLessThan(2.75);
    expect(cal.wallLosses().get('light')).toBe(cal.wallLossDb('light'));
    expect(cal.revision).toBeGreaterThan(0);
  });

  it('keeps a learnt loss within its bounds', () => {
    const cal = feed({ light: -6, heavy: 10, exponent: 2.2 }, 1500, 3);
    expect(cal.wallLossDb('light')).toBe(0);
  });
});
