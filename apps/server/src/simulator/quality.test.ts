/**
 * The demo building reads well through the server's locating path: positions in the building and
 * mostly in the right room, a tag standing in a room located with confidence ≥ 0.5 (what zone
 * presence counts), signal and confidence classes that vary across the plan, and shown positions
 * that keep to the walls, a walker's pace and a standing tag's room.
 */
import { PRESENCE_DEFAULTS } from '@rtls/contract';
import { rng } from '@rtls/positioning';
import { describe, expect, it } from 'vitest';
import { DEMO_GATEWAYS, DEMO_LOGIC_THRESHOLD, DEMO_RSSI_AT_1M } from './building.ts';
import { measureDemo } from './quality.ts';
import { createShownTally } from './quality-shown.ts';
import { gatewayLayout } from './simulator.ts';

describe('the demo building, located as the server does', () => {
  const report = measureDemo({
    devices: 8,
    seconds: 300,
    gateways: gatewayLayout(DEMO_GATEWAYS.length),
    rssiAt1m: DEMO_RSSI_AT_1M,
    logicThreshold: DEMO_LOGIC_THRESHOLD,
    rand: rng(7),
  });

  it('locates every tag every second, inside the building, within a few metres', () => {
    expect(report.samples).toBeGreaterThan(2000);
    expect(report.unlocated).toBe(0);
    // Only low-confidence fixes (a predicted error near 10 m, honestly so) stray past the outline.
    expect(report.outsideBuilding).toBeLessThan(0.02);
    expect(report.medianErrorM).toBeLessThan(4);
    expect(report.p90ErrorM).toBeLessThan(8);
    // Mostly in the tag's own room or corridor; tracks seldom cut through a wall.
    expect(report.wrongPlace).toBeLessThan(0.25);
    expect(report.stepsThroughWalls).toBeLessThan(0.15);
  });

  it('gives a tag standing in a room the confidence zone presence counts, most of the time', () => {
    expect(report.standingInRoomSamples).toBeGreaterThan(500);
    expect(report.standingInRoomConfident).toBeGreaterThan(0.7);
    expect(PRESENCE_DEFAULTS.minConfidence).toBe(0.5);
  });

  it('shows every confidence class, and more error where confidence is lower', () => {
    expect(report.confidence.high).toBeGreaterThan(0.05);
    expect(report.confidence.medium).toBeGreaterThan(0.2);
    expect(report.confidence.low).toBeGreaterThan(0);
    expect(report.confidence.low).toBeLessThan(0.25);
    expect(report.errorByConfidence.high).toBeLessThan(report.errorByConfidence.medium);
    expect(report.errorByConfidence.medium).toBeLessThan(report.errorByConfidence.low);
  });

  it("shows positions that seldom cross a wall, jump or outpace a walker, and keep a standing tag's room", () => {
    const shown = report.shown;
    expect(shown.steps).toBeGreaterThan(2000);
    expect(shown.crossingWall).toBeLessThan(0.02);
    expect(shown.faster).toBeLessThan(0.02);
    expect(shown.jumpsPer10Min).toBeLessThan(8);
    expect(shown.standingSamples).toBeGreaterThan(500);
    expect(shown.wrongRoomStanding).toBeLessThan(0.15);
    expect(shown.flipsPer10MinStanding).toBeLessThan(8);
  });

  it('shows every signal class in the headline: mostly medium, weak in the corners, strong under a gateway', () => {
    expect(report.signal.strong).toBeGreaterThan(0);
    expect(report.signal.medium).toBeGreaterThan(0.4);
    expect(report.signal.weak).toBeGreaterThan(0.05);
  });
});

describe('the shown positions tally', () => {
  // A tag standing in Ward A (x 1–13, y 1–18), shown jumping into Ward B and back.
  const still = { x: 5, y: 5, standingMs: 60_000, moved: false };

  it('counts steps through walls, too fast, jumps (a move over two seconds once) and room flips', () => {
    const tally = createShownTally();
    const shown = [
      { x: 5, y: 5 },
      { x: 5, y: 6 },
      { x: 15, y: 6 }, // through the wall at x = 13: a jump and a flip
      { x: 15, y: 6 }, // 10 m from two seconds before, but that jump is counted already
      { x: 5, y: 6 }, // back: a second jump and flip
      null, // not shown: no step to or from it
      { x: 5, y: 6 },
      { x: 8, y: 6 }, // 3 m in 1 s: not too fast
      { x: 11.5, y: 6 }, // 6.5 m in 2 s, 3.5 m in 1 s: a jump, too fast, no wall
    ];
    for (const p of shown) tally.add('tag', p, still);
    const r = tally.report();
    expect(r.steps).toBe(6);
    expect(r.crossingWall).toBeCloseTo(2 / 6);
    expect(r.faster).toBeCloseTo(3 / 6);
    expect(r.jumpsPer10Min).toBeCloseTo((3 * 600) / 8);
    expect(r.standingSeconds).toBe(6);
    expect(r.flipsPer10MinStanding).toBeCloseTo((2 * 600) / 6);
    expect(r.standingSamples).toBe(8);
    expect(r.wrongRoomStanding).toBeCloseTo(2 / 8);
  });

  it('counts no flip while the tag walks, and a walker is not standing', () => {
    const tally = createShownTally();
    tally.add('tag', { x: 12, y: 5 }, { x: 12, y: 5, standingMs: 0, moved: true });
    tally.add('tag', { x: 14, y: 5 }, { x: 14, y: 5, standingMs: 0, moved: true });
    const r = tally.report();
    expect(r.standingSeconds).toBe(0);
    expect(r.flipsPer10MinStanding).toBe(0);
    expect(r.standingSamples).toBe(0);
    expect(r.crossingWall).toBe(1);
  });
});
