import { describe, expect, it } from 'vitest';
import { learnFromEpoch } from './grid-learn.ts';
import type { RadioMap } from './grid.ts';
import {
  createLinkResiduals,
  createNoiseCalibration,
  DECORRELATION_BOUNDS_MS,
  type NoiseCalibration,
} from './noise-calibration.ts';
import { gaussian, rng } from './random.ts';
import { DECORRELATION_MS } from './noise-calibration.ts';

const GATEWAYS = ['a', 'b', 'c', 'd', 'e', 'f'];
/** The map's assumed σ (dB) and the tag offset prior's precision (σ 4 dB). */
const MODEL_SIGMA = 4;
const OFFSET_PRECISION = 1 / 16;

/**
 * Epochs of `tags` tags every `stepMs` (± jitter) whose residuals about the map have spread
 * `sigma`, a per-link AR(1) memory of `tauMs`, a tag offset of a few dB per epoch, and a share
 * `outliers` of deep fades (−25…−40 dB).
 */
function simulate(
  noise: NoiseCalibration,
  o: { sigma: number; tauMs: number; epochs: number; outliers?: number; stepMs?: number },
  seed = 1,
) {
  const rand = rng(seed);
  const tags = Array.from({ length: 5 }, () => ({
    links: createLinkResiduals(),
    state: GATEWAYS.map(() => gaussian(rand)),
    t: 10_000 * rand(),
  }));
  for (let e = 0; e < o.epochs; e++) {
    for (const tag of tags) {
      const dt = (o.stepMs ?? 1000) * (0.6 + 0.8 * rand());
      tag.t += dt;
      const rho = Math.exp(-dt / o.tauMs);
      const offset = 4 * gaussian(rand);
      const readings = GATEWAYS.map((gateway, k) => {
        tag.state[k] = rho * tag.state[k]! + Math.sqrt(1 - rho * rho) * gaussian(rand);
        const fade = rand() < (o.outliers ?? 0) ? -25 - 15 * rand() : 0;
        return {
          gateway,
          residualDb: offset + o.sigma * tag.state[k]! + fade,
          weight: 1 / MODEL_SIGMA ** 2,
        };
      });
      noise.observe(tag.t, readings, OFFSET_PRECISION, tag.links);
    }
  }
}

describe('noise learnt on site', () => {
  it('weighs the evidence of a site twice as noisy as modelled four times less', () => {
    const noise = createNoiseCalibration();
    simulate(noise, { sigma: 8, tauMs: 1000, epochs: 1000, outliers: 0.02 });
    expect(noise.spreadRatio).toBeGreaterThan(1.85);
    expect(noise.spreadRatio).toBeLessThan(2.2);
    expect(noise.tempering).toBeGreaterThan(0.21);
    expect(noise.tempering).toBeLessThan(0.29);
  });

  it('keeps full weight on a site as noisy as modelled, and never sharpens a quieter one', () => {
    const asModelled = createNoiseCalibration();
    simulate(asModelled, { sigma: MODEL_SIGMA, tauMs: 1000, epochs: 1000, outliers: 0.02 }, 2);
    expect(asModelled.spreadRatio).toBeGreaterThan(0.92);
    expect(asModelled.spreadRatio).toBeLessThan(1.1);
    expect(asModelled.tempering).toBeGreaterThan(0.83);
    const quiet = createNoiseCalibration();
    simulate(quiet, { sigma: 2, tauMs: 1000, epochs: 1000 }, 3);
    expect(quiet.spreadRatio).toBeLessThan(0.6);
    expect(quiet.tempering).toBe(1);
  });

  it('stays at the defaults until it has seen enough', () => {
    const noise = createNoiseCalibration();
    simulate(noise, { sigma: 12, tauMs: 3000, epochs: 30 });
    expect(noise.readings).toBe(900);
    expect(noise.tempering).toBe(1);
    expect(noise.decorrelationMs).toBe(DECORRELATION_MS);
  });

  it('finds a link’s signal memory from the lag correlation of its residuals', () => {
    for (const [tauMs, seed] of [
      [2000, 4],
      [800, 5],
    ] as const) {
      const noise = createNoiseCalibration();
      simulate(noise, { sigma: 6, tauMs, epochs: 1500, outliers: 0.02 }, seed);
      expect(noise.decorrelationMs).toBeGreaterThan(0.8 * tauMs);
      expect(noise.decorrelationMs).toBeLessThan(1.25 * tauMs);
    }
    const endless = createNoiseCalibration();
    simulate(endless, { sigma: 6, tauMs: 60_000, epochs: 600 }, 6);
    expect(endless.decorrelationMs).toBe(DECORRELATION_BOUNDS_MS.max);
  });

  it('is fed by the confident epochs the grid stage learns from', () => {
    // A flat map (−70 dBm everywhere) with σ 4 dB: readings straying by 8 dB about it.
    const grid = { x0: 0, y0: 0, step: 1, nx: 10, ny: 10 };
    const map: RadioMap = {
      grid,
      surfaces: new Map(GATEWAYS.map((g) => [g, new Float64Array(100).fill(-70)])),
      sigmaDb: new Map(GATEWAYS.map((g) => [g, MODEL_SIGMA])),
      txOffsetSigmaDb: 4,
    };
    const noise = createNoiseCalibration();
    const links = createLinkResiduals();
    const rand = rng(7);
    for (let e = 0; e < 400; e++) {
      const raw = GATEWAYS.map((gateway) => ({
        gateway,
        rssi: -70 + 8 * gaussian(rand),
        weight: 2, // a user's rssiWeight of 2: trust, not noise
      }));
      const feed = { calibration: noise, links, tMs: 1000 * e, trust: 2 };
      learnFromEpoch(map, raw, { x: 5, y: 5, errorM: 1 }, null, null, feed);
      // Not confident: teaches nothing.
      learnFromEpoch(map, raw, { x: 5, y: 5, errorM: 5 }, null, null, feed);
    }
    expect(noise.readings).toBe(2400);
    expect(noise.tempering).toBeGreaterThan(0.2);
    expect(noise.tempering).toBeLessThan(0.31);
  });
});
