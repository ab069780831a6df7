import { describe, expect, it } from 'vitest';
import { createFloorChoice, type BuildingFloor, type FloorReading } from './floor-choice.ts';
import { gaussian, rng } from './random.ts';

/** Three storeys of four gateways each: g<level>-<n>. */
const BUILDING = new Map<string, BuildingFloor>(
  [0, 1, 2].map((level) => [
    `floor${level}`,
    { level, gateways: new Set([0, 1, 2, 3].map((n) => `g${level}-${n}`)) },
  ]),
);

/**
 * One epoch of a tag on `level`: its own floor's gateways at about −68 dBm, the next floor's
 * 14 dB lower, two floors away 26 dB lower (a floor's loss), with 5 dB of shadowing each.
 */
function epoch(level: number, rand: () => number, shift: Record<number, number> = {}) {
  const readings: FloorReading[] = [];
  for (const [, floor] of BUILDING) {
    const loss = 13 * Math.abs(floor.level - level);
    for (const g of floor.gateways) {
      const rssi = -68 - loss + 5 * gaussian(rand) + (shift[floor.level] ?? 0);
      if (rssi > -100) readings.push({ gateway: g, rssi });
    }
  }
  return readings;
}

/** Feed `seconds` epochs at 1 Hz from tMs; returns the floor shown after each. */
function run(
  choice: ReturnType<typeof createFloorChoice>,
  level: (s: number) => number,
  seconds: number,
  rand: () => number,
  from = 0,
  nearLink = false,
) {
  const shown: (string | null)[] = [];
  for (let s = 0; s < seconds; s++)
    shown.push(choice.update(epoch(level(s), rand), (from + s) * 1000, nearLink).floor);
  return shown;
}

describe('floor choice', () => {
  it('shows a tag on the floor whose own gateways hear it best, and only that floor', () => {
    const choice = createFloorChoice(BUILDING);
    const shown = run(choice, () => 1, 60, rng(1));
    expect(shown.every((f) => f === 'floor1')).toBe(true);
  });

  it('does not flip on a burst where the floor above reads stronger for a second or two', () => {
    const rand = rng(2);
    const choice = createFloorChoice(BUILDING);
    run(choice, () => 1, 30, rand);
    // Two epochs in which floor 2's gateways read 20 dB stronger than they should (a door open
    // in the stairwell, a person's body): the tag stays where it is.
    for (let s = 30; s < 32; s++)
      expect(choice.update(epoch(1, rand, { 2: 20, 1: -6 }), s * 1000).floor).toBe('floor1');
    expect(run(choice, () => 1, 30, rand, 32).every((f) => f === 'floor1')).toBe(true);
  });

  it('follows a tag up the stairs to the next floor within 10 s, and near the stairs sooner', () => {
    const away = createFloorChoice(BUILDING);
    const a = run(away, (s) => (s < 30 ? 0 : 1), 60, rng(3));
    const at = a.indexOf('floor1', 30) - 30;
    expect(a.slice(0, 30).every((f) => f === 'floor0')).toBe(true);
    expect(at).toBeGreaterThanOrEqual(0);
    expect(at).toBeLessThanOrEqual(10);
    expect(a.slice(30 + at).every((f) => f === 'floor1')).toBe(true);

    const byStairs = createFloorChoice(BUILDING);
    const b = run(byStairs, (s) => (s < 30 ? 0 : 1), 60, rng(3), 0, true);
    expect(b.indexOf('floor1', 30)).toBeLessThan(a.indexOf('floor1', 30));
  });

  it('waits for the new floor’s own gateways: one gateway alone does not move the tag', () => {
    const rand = rng(4);
    const lonely = new Map(BUILDING);
    // Floor 2 with a single gateway heard: with minOwnGateways 2 it would need both of two.
    lonely.set('floor2', { level: 2, gateways: new Set(['g2-0', 'g2-1']) });
    const choice = createFloorChoice(lonely);
    run(choice, () => 1, 20, rand);
    // Only g2-0 hears the tag, loudly, for 20 s: floor 2 leads the belief but is not confirmed.
    for (let s = 20; s < 40; s++) {
      const readings = epoch(1, rand).filter((r) => !r.gateway.startsWith('g2-'));
      readings.push({ gateway: 'g2-0', rssi: -50 });
      expect(choice.update(readings, s * 1000).floor).toBe('floor1');
    }
  });

  it('takes longer to believe a move of two floors at once than a move of one', () => {
    const one = run(createFloorChoice(BUILDING), (s) => (s < 20 ? 0 : 1), 60, rng(5));
    const two = run(createFloorChoice(BUILDING), (s) => (s < 20 ? 0 : 2), 60, rng(5));
    const oneAt = one.indexOf('floor1', 20);
    const twoAt = two.indexOf('floor2', 20);
    expect(oneAt).toBeGreaterThan(0);
    expect(twoAt).toBeGreaterThan(oneAt);
    // It is believed in the end, and the floor in between is never shown.
    expect(two.at(-1)).toBe('floor2');
    expect(two.includes('floor1')).toBe(false);
  });

  it('shows nothing until a floor’s own gateways heard the tag', () => {
    const choice = createFloorChoice(BUILDING);
    expect(choice.update([{ gateway: 'elsewhere', rssi: -60 }], 0).floor).toBeNull();
    expect(choice.update(epoch(2, rng(6)), 1000).floor).toBe('floor2');
  });
});
