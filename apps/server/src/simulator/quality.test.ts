/**
 * The demo building reads well through the server's locating path: positions in the building and
 * mostly in the right room, a tag standing in a room located with confidence ≥ 0.5 (what zone
 * presence counts), and signal and confidence classes that vary across the plan.
 */
import { PRESENCE_DEFAULTS } from '@rtls/contract';
import { rng } from '@rtls/positioning';
import { describe, expect, it } from 'vitest';
import { DEMO_GATEWAYS, DEMO_LOGIC_THRESHOLD, DEMO_RSSI_AT_1M } from './building.ts';
import { measureDemo } from './quality.ts';
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
    expect(report.confidence.medium).toBeGreaterThan(0.25);
    expect(report.confidence.low).toBeGreaterThan(0);
    expect(report.confidence.low).toBeLessThan(0.25);
    expect(report.errorByConfidence.high).toBeLessThan(report.errorByConfidence.medium);
    expect(report.errorByConfidence.medium).toBeLessThan(report.errorByConfidence.low);
  });

  it('shows every signal class in the headline: mostly medium, weak in the corners, strong under a gateway', () => {
    expect(report.signal.strong).toBeGreaterThan(0);
    expect(report.signal.medium).toBeGreaterThan(0.4);
    expect(report.signal.weak).toBeGreaterThan(0.05);
  });
});
