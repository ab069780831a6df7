import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCATE_SETTINGS, locate } from './locate.ts';
import { DEFAULT_RADIO_MODEL, modelForAnchor } from './radio-model.ts';
import { gaussian, readings, rng, ROOM } from './test-helpers.ts';
import { metres } from './units.ts';
import type { LocateSettings, Method } from './types.ts';

const all = (patch: Partial<LocateSettings> = {}): LocateSettings => ({
  ...DEFAULT_LOCATE_SETTINGS,
  minConfidence: 0,
  ...patch,
});

describe('estimators on noise-free readings', () => {
  it.each<Method>(['least-squares', 'maximum-likelihood'])(
    '%s recovers the position',
    (algorithm) => {
      for (const [x, y] of [
        [3, 2],
        [7.5, 5],
        [1, 6.5],
      ]) {
        const e = locate(readings(ROOM, x!, y!), ROOM, all({ algorithm }));
        expect(e?.method).toBe(algorithm);
        expect(Math.hypot(e!.x - x!, e!.y - y!)).toBeLessThan(0.05);
      }
    },
  );

  it('maximum likelihood stays right when layouts alternate (per-layout tables)', () => {
    const moved = ROOM.map((a) => ({ ...a, x: metres(a.x + 30), y: metres(a.y - 12) }));
    for (let k = 0; k < 3; k++) {
      for (const [layout, dx, dy] of [
        [ROOM, 0, 0],
        [moved, 30, -12],
      ] as const) {
        const e = locate(readings(layout, 2 + dx, 6 + dy), layout, all({ algorithm: 'auto' }))!;
        expect(e.method).toBe('maximum-likelihood');
        expect(Math.hypot(e.x - 2 - dx, e.y - 6 - dy)).toBeLessThan(0.05);
      }
    }
  });

  it('maximum likelihood absorbs an unknown tag transmit offset', () => {
    const model = { ...DEFAULT_RADIO_MODEL, txOffsetSigmaDb: 100 };
    const e = locate(readings(ROOM, 3, 5, 6), ROOM, all({ algorithm: 'maximum-likelihood' }), {
      model,
    });
    expect(Math.hypot(e!.x - 3, e!.y - 5)).toBeLessThan(0.05);
    expect(e!.txOffsetDb).toBeCloseTo(6, 1);
    const fixedOffset = { ...DEFAULT_RADIO_MODEL, txOffsetSigmaDb: 0 };
    const biased = locate(readings(ROOM, 3, 5, 6), ROOM, all({ algorithm: 'maximum-likelihood' }), {
      model: fixedOffset,
    });
    expect(Math.hypot(biased!.x - 3, biased!.y - 5)).toBeGreaterThan(0.2);
  });

  it('strongest picks the nearest gateway and the centroid leans towards strong signals', () => {
    const obs = readings(ROOM, 9, 1);
    expect(locate(obs, ROOM, all({ algorithm: 'strongest' }))).toMatchObject({
      x: 10,
      y: 0,
      method: 'strongest',
    });
    const c = locate(obs, ROOM, all({ algorithm: 'weighted-centroid' }))!;
    expect(c.x).toBeGreaterThan(5);
    expect(c.y).toBeLessThan(4);
  });

  it('auto picks by signal count', () => {
    const obs = readings(ROOM, 4, 4);
    const s = all({ minSignalCount: 1 });
    expect(locate(obs.slice(0, 1), ROOM, s)?.method).toBe('strongest');
    expect(locate(obs.slice(0, 2), ROOM, s)?.method).toBe('weighted-centroid');
    expect(locate(obs, ROOM, s)?.method).toBe('maximum-likelihood');
    expect(locate(obs.slice(0, 2), ROOM, all({ algorithm: 'least-squares' }))?.method).toBe(
      'weighted-centroid',
    );
  });
});

describe('settings', () => {
  const obs = readings(ROOM, 4, 3);
  it('returns null when disabled or below minSignalCount', () => {
    expect(locate(obs, ROOM, all({ enabled: false }))).toBeNull();
    expect(locate(obs.slice(0, 2), ROOM, all({ minSignalCount: 3 }))).toBeNull();
    expect(locate(obs.slice(0, 3), ROOM, all({ minSignalCount: 3 }))).not.toBeNull();
  });

  it('drops fixes under minConfidence', () => {
    const e = locate(obs, ROOM, all())!;
    expect(locate(obs, ROOM, all({ minConfidence: e.confidence + 0.01 }))).toBeNull();
    expect(locate(obs, ROOM, all({ minConfidence: e.confidence - 0.01 }))).not.toBeNull();
  });

  it("ignores signals under a gateway's logicThreshold", () => {
    const strict = ROOM.map((a) => ({ ...a, logicThreshold: -75 }));
    const kept = obs.filter((o) => o.rssi >= -75).length;
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(obs.length);
    expect(locate(obs, strict, all({ minSignalCount: 1 }))?.signalsUsed).toBe(kept);
  });

  it('weighs old readings less with signalAgeWeight', () => {
    // Gateway g1 (10,0) reports a reading taken when the tag stood next to it, 20 s ago.
    const stale = obs.map((o) => (o.gateway === 'g1' ? { ...o, rssi: -50, ageMs: 20_000 } : o));
    const centroid = (signalAgeWeight: number) =>
      locate(stale, ROOM, all({ algorithm: 'weighted-centroid', signalAgeWeight }))!;
    expect(centroid(0.2).x).toBeLessThan(centroid(1).x);
    expect(
      locate(
        stale.map((o) => ({ ...o, ageMs: 60_000 })),
        ROOM,
        all(),
      ),
    ).toBeNull();
  });

  it('tilts trust towards strong signals with rssiWeight', () => {
    // g1 (10, 0) reads 12 dB too strong: a reflection. Weighing strong links more follows it.
    const bent = obs.map((o) => (o.gateway === 'g1' ? { ...o, rssi: o.rssi + 12 } : o));
    const centroid = (rssiWeight: number) =>
      locate(bent, ROOM, all({ algorithm: 'weighted-centroid', rssiWeight }))!;
    expect(centroid(0).x).toBeCloseTo(5, 6); // equal weights: the plain centroid of the anchors
    expect(centroid(2).x).toBeGreaterThan(centroid(1).x);
    expect(centroid(1).x).toBeGreaterThan(centroid(0).x);
  });

  it('reads rssiWeight as trust in the likelihood estimators: same fix, spread ∝ 1/√weight', () => {
    const bent = obs.map((o) => (o.gateway === 'g1' ? { ...o, rssi: o.rssi + 4 } : o));
    for (const algorithm of ['least-squares', 'maximum-likelihood'] as const) {
      const at = (rssiWeight: number) => locate(bent, ROOM, all({ algorithm, rssiWeight }))!;
      const [one, four] = [at(1), at(4)];
      // The tag offset's prior weighs relatively less at 4, so the fix may move a little.
      expect(Math.hypot(four.x - one.x, four.y - one.y)).toBeLessThan(0.3);
      expect(four.errorM! / one.errorM!).toBeGreaterThan(0.4);
      expect(four.errorM! / one.errorM!).toBeLessThan(0.6);
      expect(four.confidence).toBeGreaterThan(one.confidence);
      // 0 would ignore the readings altogether: it is floored, and still gives a fix.
      expect(at(0)).not.toBeNull();
    }
  });
});

describe('confidence', () => {
  it('is higher when the fix is better: less noise, more gateways', () => {
    const rand = rng(7);
    const noisy = (sigma: number, n: number) => {
      let conf = 0;
      let err = 0;
      for (let k = 0; k < 200; k++) {
        const obs = readings(ROOM.slice(0, n), 4, 3).map((o) => ({
          ...o,
          rssi: o.rssi + sigma * gaussian(rand),
        }));
        const e = locate(obs, ROOM, all())!;
        conf += e.confidence / 200;
        err += Math.hypot(e.x - 4, e.y - 3) / 200;
      }
      return { conf, err };
    };
    const good = noisy(1, 6);
    const bad = noisy(8, 4);
    expect(good.err).toBeLessThan(bad.err);
    expect(good.conf).toBeGreaterThan(bad.conf);
  });
});

describe('radio model from gateway settings', () => {
  it('uses maxRSSI as the 1 m RSSI only when it is physically plausible', () => {
    expect(modelForAnchor({ ...ROOM[0]!, maxRSSI: -30 }).rssiAt1m).toBe(
      DEFAULT_RADIO_MODEL.rssiAt1m,
    );
    expect(modelForAnchor({ ...ROOM[0]!, maxRSSI: -65 }).rssiAt1m).toBe(-65);
  });
});
