import { expect, it } from 'vitest';
import { DEMO_GATEWAYS } from './building.ts';
import { measureFloors } from './quality-floors.ts';

it('puts walkers of a three-storey building on their floor, and on the new one soon after the stairs', () => {
  const report = measureFloors({
    floors: 3,
    devices: 8,
    seconds: 600,
    gatewaysPerFloor: DEMO_GATEWAYS.length,
    seed: 1,
  });
  expect(report.delaysS.length).toBeGreaterThan(10);
  expect(report.correct).toBeGreaterThan(0.96);
  const delays = [...report.delaysS].sort((a, b) => a - b);
  expect(delays[Math.floor(0.9 * delays.length)]).toBeLessThanOrEqual(10);
  expect(delays.at(-1)).toBeLessThanOrEqual(15);
  expect(report.missed).toBe(0);
  expect(report.flipsPerTagHour).toBe(0);
});
