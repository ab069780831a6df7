import { describe, expect, it } from 'vitest';
import { createGridFilter } from './grid-filter.ts';
import { createGridStage } from './grid-track.ts';
import { pathLossMap } from './grid.ts';
import { createSite } from './site.ts';
import { confidenceFromError, DEFAULT_LOCATE_SETTINGS, locate } from './locate.ts';
import { gaussian, readings, rng, ROOM } from './test-helpers.ts';

const noisy = (x: number, y: number, rand: () => number, sigma = 4) =>
  readings(ROOM, x, y).map((o) => ({ ...o, rssi: o.rssi + sigma * gaussian(rand) }));

/** RMSE of a stage following a walker at 0.6 m/s along the room, 2 reports per second. */
function walk(velocity: boolean): { rmse: number; vx: number } {
  const rand = rng(21);
  const stage = createGridStage({ velocity });
  let se = 0;
  let n = 0;
  let vx = 0;
  for (let k = 0; k < 30; k++) {
    const t = k * 0.5;
    const x = 0.5 + 0.6 * t;
    const e = stage.step(noisy(x, 4, rand), ROOM, t * 1000)!;
    if (k >= 8) {
      se += (e.x - x) ** 2 + (e.y - 4) ** 2;
      n++;
      vx = e.vx;
    }
  }
  return { rmse: Math.sqrt(se / n), vx };
}

describe('grid stage motion model', () => {
  it('tracks a walker’s velocity and lags less than a pure random walk', () => {
    const cv = walk(true);
    const rw = walk(false);
    expect(cv.vx).toBeGreaterThan(0.2);
    expect(cv.rmse).toBeLessThan(rw.rmse);
  });

  it('skips a single wild epoch, but follows readings that stay elsewhere', () => {
    const jump = (gate: number) => {
      const r = rng(8);
      const s = createGridStage({ gate });
      for (let k = 0; k < 20; k++) s.step(noisy(1, 1, r, 1), ROOM, k * 1000);
      const e = s.step(noisy(9.5, 7.5, r, 1), ROOM, 20_000)!;
      return Math.hypot(e.x - 1, e.y - 1);
    };
    expect(jump(Infinity)).toBeGreaterThan(1);
    const rand = rng(8);
    const stage = createGridStage();
    for (let k = 0; k < 20; k++) stage.step(noisy(1, 1, rand, 1), ROOM, k * 1000);
    const wild = stage.step(noisy(9.5, 7.5, rand, 1), ROOM, 20_000)!;
    expect(Math.hypot(wild.x - 1, wild.y - 1)).toBeLessThan(0.5);
    let e = wild;
    for (let k = 1; k <= 8; k++) e = stage.step(noisy(9.5, 7.5, rand, 1), ROOM, 20_000 + k * 1000)!;
    expect(Math.hypot(e.x - 9.5, e.y - 7.5)).toBeLessThan(1.5);
  });

  it('weighs readings by signalAgeWeight: a stale loud reading pulls less when ages count', () => {
    // Fresh readings at (3, 4), except g1 (10, 0) which reports a 20 s old −50 dBm.
    const obs = readings(ROOM, 3, 4).map((o) =>
      o.gateway === 'g1' ? { ...o, rssi: -50, ageMs: 20_000 } : o,
    );
    const at = (signalAgeWeight: number) =>
      createGridStage({ settings: { signalAgeWeight, rssiWeight: 1 } }).step(obs, ROOM, 0)!;
    expect(Math.hypot(at(0.1).x - 3, at(0.1).y - 4)).toBeLessThan(
      Math.hypot(at(1).x - 3, at(1).y - 4),
    );
  });

  it('reads rssiWeight as trust: a higher weight moves faster to where the readings point', () => {
    const follow = (rssiWeight: number) => {
      const rand = rng(3);
      const s = createGridStage({ settings: { signalAgeWeight: 0.8, rssiWeight } });
      for (let k = 0; k < 10; k++) s.step(noisy(2, 2, rand, 2), ROOM, k * 500);
      const e = s.step(noisy(4, 3.5, rand, 2), ROOM, 5_000)!;
      return { moved: Math.hypot(e.x - 2, e.y - 2), spread: e.errorM! };
    };
    const [low, one, high] = [follow(0.3), follow(1), follow(3)];
    expect(high.moved).toBeGreaterThan(one.moved);
    expect(one.moved).toBeGreaterThan(low.moved);
    expect(high.spread).toBeLessThan(low.spread);
  });
});

describe('grid filter drift', () => {
  it('shifts the belief by the drift', () => {
    const map = pathLossMap(ROOM);
    const f = createGridFilter(map.grid, { diffusion: 0, floorPerS: 0 });
    for (let k = 0; k < 5; k++) f.update(map, readings(ROOM, 3, 4));
    const before = f.estimate();
    f.predict(1, { x: 1.5, y: -1 });
    const after = f.estimate();
    expect(Math.abs(after.x - before.x - 1.5)).toBeLessThan(0.1);
    expect(Math.abs(after.y - before.y + 1)).toBeLessThan(0.1);
  });
});

describe('grid stage confidence', () => {
  it('keeps a still tag’s error radius at the map’s own error, however long it is heard', () => {
    // Little motion noise, so the posterior alone would collapse onto the tag.
    const stage = createGridStage({ velocity: false, diffusion: 0.01 });
    const rand = rng(3);
    // Readings that scatter as the noise model says (σ 5 dB), fresh each epoch.
    const noisy = () =>
      readings(ROOM, 3, 4).map((o) => ({ ...o, rssi: o.rssi + 5 * gaussian(rand) }));
    const first = stage.step(noisy(), ROOM, 0)!;
    let last = first;
    for (let t = 1; t <= 120; t++) last = stage.step(noisy(), ROOM, t * 1000)!;
    // The posterior alone shrinks as 1/√epochs; the error the map makes at a spot does not
    // average away, and with six links it is wider than one epoch's own spread.
    const obs = readings(ROOM, 3, 4);
    const single = locate(obs, ROOM, { ...DEFAULT_LOCATE_SETTINGS, minConfidence: 0 })!;
    expect(last.errorM!).toBeGreaterThan(single.errorM!);
    expect(last.errorM!).toBeLessThan(first.errorM!);
    expect(last.confidence).toBeCloseTo(confidenceFromError(last.errorM!));
  });

  it('narrows the radius when the readings agree with the map closer than their noise', () => {
    const run = (noiseDb: number) => {
      const stage = createGridStage({ velocity: false, diffusion: 0.01 });
      const rand = rng(4);
      let last = null;
      for (let t = 0; t <= 60; t++) {
        const obs = readings(ROOM, 3, 4).map((o) => ({
          ...o,
          rssi: o.rssi + noiseDb * gaussian(rand),
        }));
        last = stage.step(obs, ROOM, t * 1000);
      }
      return last!.errorM!;
    };
    // Readings within a decibel of the map: a small error, and a radius to match.
    expect(run(0.5)).toBeLessThan(0.6 * run(5));
  });
});

describe('grid stage learning', () => {
  // g0 reads 6 dB above the model: a moving tag teaches it as g0's offset, a standing one, whose
  // every epoch repeats one spot, does not.
  const biased = (x: number, y: number, rand: () => number) =>
    noisy(x, y, rand, 1).map((o) => (o.gateway === 'g0' ? { ...o, rssi: o.rssi + 6 } : o));
  const learnt = (still: boolean) => {
    const rand = rng(5);
    const site = createSite(ROOM);
    const stage = createGridStage({ site });
    for (let k = 0; k < 400; k++) {
      const x = still ? 3 : 5 + 4 * Math.sin(k / 20);
      const y = still ? 4 : 4 + 3 * Math.cos(k / 20);
      stage.step(biased(x, y, rand), ROOM, k * 1000, site, still);
    }
    return site.calibration;
  };

  it('teaches the site’s radio model from a moving tag, not from one standing still', () => {
    expect(learnt(false).offsetDb('g0')).toBeGreaterThan(2);
    const standing = learnt(true);
    expect(standing.revision).toBe(0);
    expect(standing.offsetDb('g0')).toBe(0);
  });
});
