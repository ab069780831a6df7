/** The simulator over several storeys: tags take the stairs, and their own floor hears them best. */
import { rng } from '@rtls/positioning';
import { describe, expect, it } from 'vitest';
import { createSimulator, gatewayLayout } from './simulator.ts';
import { STAIRS, storeyGateways } from './storeys.ts';

describe('createSimulator() with three storeys', () => {
  it('walks its tags up and down the stairs, heard best by the gateways of their own floor', () => {
    const gateways = storeyGateways(3, gatewayLayout(8));
    const levelOf = new Map(gateways.map((g) => [g.mac, g.level]));
    const sim = createSimulator({
      devices: 6,
      floors: 3,
      gateways,
      rate: 1,
      sink: async () => undefined,
      rand: rng(3),
    });
    const t0 = 1_000_000;
    const visited = new Map<string, Set<number>>();
    let own = 0;
    let other = 0;
    let onStairs = 0;
    for (let s = 1; s <= 1200; s++) {
      const reports = sim.round(t0 + s * 1000);
      const truth = new Map(sim.truth().map((t) => [t.mac, t]));
      for (const t of truth.values()) {
        visited.set(t.mac, (visited.get(t.mac) ?? new Set()).add(t.level));
        if (t.x === STAIRS.x && t.y === STAIRS.y) onStairs++;
      }
      for (const r of reports) {
        // The strong readings: what decides the floor.
        if (r.rssi <= -70) continue;
        if (levelOf.get(r.gateway) === truth.get(r.device)!.level) own++;
        else other++;
      }
    }
    // Every tag starts on its own storey (i mod 3) and takes the stairs several times in 20 min.
    expect([...visited.values()].filter((levels) => levels.size > 1).length).toBeGreaterThan(3);
    expect(onStairs).toBeGreaterThan(0);
    expect(other / (own + other)).toBeLessThan(0.05);
  });

  it('keeps one storey when given none: no tag ever leaves the ground floor', () => {
    const sim = createSimulator({ devices: 4, rate: 1, sink: async () => undefined, rand: rng(1) });
    for (let s = 1; s <= 600; s++) sim.round(1_000_000 + s * 1000);
    expect(sim.truth().every((t) => t.level === 0)).toBe(true);
  });
});
