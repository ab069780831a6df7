/**
 * Prints how well the demo building reads, and what its shown positions do against its walls
 * and rooms (see quality.ts):
 *   npm run simulate:quality -- [--devices 8] [--seconds 600] [--seed 1] [--floors 3]
 *
 * With --floors N (2 or more), then how well tags are put on their floor in a building of N
 * storeys of the demo floor whose walkers take the stairs (quality-floors.ts).
 */
import { parseArgs } from 'node:util';
import { rng } from '@rtls/positioning';
import { DEMO_GATEWAYS, DEMO_LOGIC_THRESHOLD, DEMO_RSSI_AT_1M } from './building.ts';
import { measureDemo } from './quality.ts';
import { measureFloors } from './quality-floors.ts';
import { FAST_STEP_M_S, JUMP_M, JUMP_WINDOW_S, STANDING_MS } from './quality-shown.ts';
import { gatewayLayout } from './simulator.ts';

const { values } = parseArgs({
  options: {
    devices: { type: 'string', default: '8' },
    seconds: { type: 'string', default: '600' },
    seed: { type: 'string', default: '1' },
    floors: { type: 'string', default: '1' },
  },
});
const report = measureDemo({
  devices: Number(values.devices),
  seconds: Number(values.seconds),
  gateways: gatewayLayout(DEMO_GATEWAYS.length),
  rssiAt1m: DEMO_RSSI_AT_1M,
  logicThreshold: DEMO_LOGIC_THRESHOLD,
  rand: rng(Number(values.seed)),
});
const pct = (v: number) => `${(100 * v).toFixed(1)} %`;
const shares = (o: Record<string, number>) =>
  Object.entries(o)
    .map(([k, v]) => `${k} ${pct(v)}`)
    .join(', ');
console.log(`gateways ${DEMO_GATEWAYS.length}, located samples ${report.samples}`);
console.log(
  `error mean ${report.meanErrorM.toFixed(2)} m, median ${report.medianErrorM.toFixed(2)} m, p90 ${report.p90ErrorM.toFixed(2)} m`,
);
console.log(`outside the building ${pct(report.outsideBuilding)}`);
console.log(`in another room or corridor than the tag ${pct(report.wrongPlace)}`);
console.log(`steps through a wall ${pct(report.stepsThroughWalls)}`);
console.log(`located track length / true track length ${report.trackLengthRatio.toFixed(2)}`);
console.log(`mean step of a standing tag's position ${report.standingStepM.toFixed(2)} m`);
console.log(`confidence: ${shares(report.confidence)}`);
console.log(
  `mean error by confidence: ${Object.entries(report.errorByConfidence)
    .map(([k, v]) => `${k} ${v.toFixed(2)} m`)
    .join(', ')}`,
);
console.log(
  `standing in a room with confidence ≥ 0.5: ${pct(report.standingInRoomConfident)} of ${report.standingInRoomSamples}`,
);
console.log(`headline signal: ${shares(report.signal)}`);
console.log(`unlocated rounds ${pct(report.unlocated)}`);
const shown = report.shown;
console.log(`shown positions, ${shown.steps} steps of 1 s (as the console receives them):`);
console.log(`  steps crossing a wall ${pct(shown.crossingWall)} (of all steps, standing ones too)`);
console.log(`  steps faster than ${FAST_STEP_M_S} m/s ${pct(shown.faster)}`);
console.log(
  `  jumps of more than ${JUMP_M} m within ${JUMP_WINDOW_S} s: ${shown.jumpsPer10Min.toFixed(2)} per tag and 10 minutes`,
);
console.log(
  `  in another room or corridor: all tags ${pct(report.wrongPlace)}, standing tags (still ${STANDING_MS / 1000} s or more) ${pct(shown.wrongRoomStanding)} of ${shown.standingSamples}`,
);
console.log(
  `  room flips of a tag standing ${STANDING_MS / 1000} s or more: ${shown.flipsPer10MinStanding.toFixed(2)} per 10 minutes standing (${shown.standingSeconds} tag-seconds)`,
);

const floors = Number(values.floors);
if (floors >= 2) {
  const f = measureFloors({
    floors,
    devices: Number(values.devices),
    seconds: Number(values.seconds),
    gatewaysPerFloor: DEMO_GATEWAYS.length,
    seed: Number(values.seed),
  });
  const sorted = [...f.delaysS].sort((a, b) => a - b);
  const q = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;
  console.log(
    `floors: ${floors} storeys of the demo floor, ${DEMO_GATEWAYS.length} gateways each, walkers taking the stairs (${f.tagSeconds} tag-seconds shown):`,
  );
  console.log(`  on the right floor ${pct(f.correct)}`);
  console.log(
    `  new floor shown after the stairs: median ${q(0.5)} s, p90 ${q(0.9)} s, longest ${sorted.at(-1) ?? NaN} s over ${sorted.length} trips; never shown ${f.missed}`,
  );
  console.log(`  flips (a floor shown under 5 s): ${f.flipsPerTagHour.toFixed(2)} per tag-hour`);
}
