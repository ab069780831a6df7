/** The building simulator: reports within the radio model's bounds; tags walk through doors only. */
import { INGEST_MAX_BATCH, RSSI_MAX_DBM, RSSI_MIN_DBM } from '@rtls/contract';
import { describe, expect, it, vi } from 'vitest';
import { checkReport } from '../modules/ingest/validate.ts';
import { DEMO_FLOOR, DEMO_GATEWAYS } from './building.ts';
import { crossesWall, insideBuilding, placeAt, WALLS } from './plan.ts';
import { INDOOR_BLE } from './radio.ts';
import { createSimulator, gatewayLayout, type SimReport } from './simulator.ts';
import { createWalker } from './walker.ts';

/** A seeded generator, so a failure can be replayed. */
function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('gatewayLayout', () => {
  it('puts the demo gateways first and extra ones on the floor with unique MACs', () => {
    const layout = gatewayLayout(20);
    expect(layout).toHaveLength(20);
    expect(new Set(layout.map((g) => g.mac)).size).toBe(20);
    const first = DEMO_GATEWAYS[0]!;
    expect(layout[0]).toEqual({ mac: first.mac, x: first.x, y: first.y });
    for (const g of layout) {
      expect(g.x).toBeGreaterThanOrEqual(0);
      expect(g.x).toBeLessThanOrEqual(DEMO_FLOOR.width);
      expect(g.y).toBeGreaterThanOrEqual(0);
      expect(g.y).toBeLessThanOrEqual(DEMO_FLOOR.height);
    }
  });
});

describe('createSimulator().round', () => {
  const devices = 6;
  const gateways = gatewayLayout(8);
  // Seeded, so a failure can be replayed.
  const sim = createSimulator({
    devices,
    gateways,
    rate: 1,
    sink: async () => undefined,
    rand: mulberry32(20261125),
  });
  const start = Date.now();
  const rounds: SimReport[][] = [];
  for (let i = 1; i <= 120; i++) rounds.push(sim.round(start + i * 1000));

  it('reports every device in every round, at the round time, from known gateways', () => {
    const macs = sim.tags.map((t) => t.mac).sort();
    expect(macs).toHaveLength(devices);
    const gatewayMacs = new Set(gateways.map((g) => g.mac));
    rounds.forEach((reports, i) => {
      expect([...new Set(reports.map((r) => r.device))].sort()).toEqual(macs);
      for (const r of reports) {
        expect(r.timestamp).toBe(start + (i + 1) * 1000);
        expect(gatewayMacs.has(r.gateway)).toBe(true);
      }
      // At most one report per gateway and tag in a round.
      expect(new Set(reports.map((r) => `${r.gateway}|${r.device}`)).size).toBe(reports.length);
    });
  });

  it('keeps RSSI within the radio model: above sensitivity, below the 1 m power plus noise', () => {
    const all = rounds.flat();
    const noise = INDOOR_BLE.shadowSigma + INDOOR_BLE.fadingSigma;
    const outside = all.filter(
      (r) =>
        !Number.isFinite(r.rssi) ||
        r.rssi < Math.max(INDOOR_BLE.sensitivity, RSSI_MIN_DBM) ||
        r.rssi > Math.min(INDOOR_BLE.p0 + 6 * noise, RSSI_MAX_DBM) ||
        Math.round(r.rssi * 10) / 10 !== r.rssi,
    );
    expect(all.length).toBeGreaterThan(rounds.length * devices);
    expect(outside).toEqual([]);
    // Signal falls with distance: the nearest gateway is heard louder on average than the farthest.
    const truth = new Map(sim.truth().map((p) => [p.mac, p]));
    const last = rounds.at(-1)!;
    let nearSum = 0;
    let farSum = 0;
    for (const mac of truth.keys()) {
      const p = truth.get(mac)!;
      const heard = last
        .filter((r) => r.device === mac)
        .map((r) => {
          const g = gateways.find((x) => x.mac === r.gateway)!;
          return { d: Math.hypot(g.x - p.x, g.y - p.y), rssi: r.rssi };
        })
        .sort((a, b) => a.d - b.d);
      nearSum += heard[0]!.rssi;
      farSum += heard.at(-1)!.rssi;
    }
    expect(nearSum / truth.size).toBeGreaterThan(farSum / truth.size + 5);
  });

  it('produces reports the ingest pipeline accepts', () => {
    const now = start + 120_000;
    for (const r of rounds.at(-1)!) expect(checkReport(r, now)).toMatchObject({ ok: true });
  });
});

describe('walker', () => {
  it.each([0, 1, 7, 11, 42])(
    'seed %i walks through doors, never through a wall, inside the building, at walking speed',
    (seed) => {
      const w = createWalker(seed, mulberry32(seed + 1));
      const problems: string[] = [];
      const visited = new Set<string | null>();
      let travelled = 0;
      let prev = { x: w.x, y: w.y };
      const dt = 0.5;
      for (let i = 0; i < 8000; i++) {
        w.step(dt);
        const at = `step ${i} (${prev.x.toFixed(2)}, ${prev.y.toFixed(2)}) → (${w.x.toFixed(2)}, ${w.y.toFixed(2)})`;
        if (!insideBuilding(w.x, w.y)) problems.push(`${at}: outside the building`);
        const wall = WALLS.find((wl) => crossesWall(prev.x, prev.y, w.x, w.y, wl));
        if (wall) problems.push(`${at}: through the wall ${JSON.stringify(wall)}`);
        const step = Math.hypot(w.x - prev.x, w.y - prev.y);
        if (step > 1.5 * dt + 1e-9) problems.push(`${at}: jumped ${step} m`);
        if (step === 0 && !w.paused) problems.push(`${at}: stood without pausing`);
        visited.add(placeAt(w.x, w.y));
        travelled += step;
        prev = { x: w.x, y: w.y };
      }
      expect(problems).toEqual([]);
      // It walks (4000 s at ~1.2 m/s with pauses), and through rooms and corridors alike.
      expect(travelled).toBeGreaterThan(1000);
      expect(visited.has('corridor')).toBe(true);
      expect([...visited].filter((p) => p !== 'corridor').length).toBeGreaterThanOrEqual(6);
    },
  );

  it('stands still in rooms for a while, as people do', () => {
    const w = createWalker(3, mulberry32(4));
    let pausedInRoom = 0;
    const steps = 4000;
    for (let i = 0; i < steps; i++) {
      w.step(1);
      const place = placeAt(w.x, w.y);
      if (w.paused && place !== 'corridor') pausedInRoom++;
    }
    expect(pausedInRoom / steps).toBeGreaterThan(0.3);
    expect(pausedInRoom / steps).toBeLessThan(0.9);
  });
});

describe('createSimulator().round with a clock that steps back', () => {
  it('keeps every RSSI a finite number', () => {
    const sim = createSimulator({ devices: 3, rate: 1, sink: async () => undefined });
    const t0 = Date.now();
    sim.round(t0 + 1000);
    const back = sim.round(t0 - 5000);
    const later = sim.round(t0 + 2000);
    for (const r of [...back, ...later]) expect(Number.isFinite(r.rssi)).toBe(true);
    expect(later.length).toBeGreaterThan(0);
  });
});

describe('createSimulator() with a fleet whose round is larger than one ingest batch', () => {
  it('sends the round as several batches of at most INGEST_MAX_BATCH reports', async () => {
    const batches: number[] = [];
    const sim = createSimulator({
      devices: 1000,
      rate: 1000,
      sink: async (reports) => void batches.push(reports.length),
    });
    sim.start();
    await vi.waitFor(() => expect(batches.length).toBeGreaterThan(1), { timeout: 5000 });
    await sim.stop();
    expect(Math.max(...batches)).toBeLessThanOrEqual(INGEST_MAX_BATCH);
    // 1000 tags heard by several of the 8 gateways each: more than one batch per round.
    expect(batches.reduce((a, b) => a + b, 0)).toBeGreaterThan(INGEST_MAX_BATCH);
  });
});
