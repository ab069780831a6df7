/**
 * The predicted-accuracy layer on the demo building (58 × 38 m, 19 gateways, its walls) for
 * bench:accuracy: CPU time per redraw (the 0.5 m grid and its coverage, as the console's worker
 * computes them while a gateway is dragged; painting the canvas is the page's and not counted)
 * and per proposal, and the prediction against the simulator's measured errors.
 */
import {
  buildFrame,
  planAccuracy,
  planCoverage,
  proposeGateway,
  rng,
  type PlanInput,
} from '@rtls/positioning';
import { gatewayLogicThreshold } from '@rtls/contract';
import {
  DEMO_FLOOR,
  DEMO_GATEWAYS,
  DEMO_LOGIC_THRESHOLD,
  DEMO_PIXELS_PER_METRE,
  DEMO_RSSI_AT_1M,
} from '../../apps/server/src/simulator/building.ts';
import { demoFloorModel } from '../../apps/server/src/simulator/plan.ts';
import { measureDemo } from '../../apps/server/src/simulator/quality.ts';
import { gatewayLayout } from '../../apps/server/src/simulator/simulator.ts';
import { pooledCircularErrors } from './stats.ts';

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** The demo building's layout as the console builds it (the server's frame of the demo map). */
export function demoPlanInput(): PlanInput {
  const ppm = DEMO_PIXELS_PER_METRE;
  const frame = buildFrame(
    { _id: 'demo', settings: { pixelsPerMetre: ppm }, floorModel: demoFloorModel(ppm) },
    DEMO_GATEWAYS.map((g) => ({
      mac: g.mac,
      position: { x: g.x * ppm, y: g.y * ppm },
      maxRSSI: DEMO_RSSI_AT_1M,
      logicThreshold: gatewayLogicThreshold({
        customSettings: { logicThreshold: DEMO_LOGIC_THRESHOLD, maxRSSI: DEMO_RSSI_AT_1M },
      }),
    })),
  );
  return {
    anchors: frame.anchors,
    width: DEMO_FLOOR.width,
    height: DEMO_FLOOR.height,
    floor: frame.floor ?? null,
  };
}

/** Median CPU ms of a redraw while one gateway moves across the floor, and of one proposal. */
export function planSpeed(): { redrawMs: number; proposalMs: number; cells: number } {
  const input = demoPlanInput();
  const times: number[] = [];
  let cells = 0;
  for (let k = 0; k < 21; k++) {
    // A drag: the first gateway a little further on each frame.
    const anchors = input.anchors.map((a, i) =>
      i === 0 ? { ...a, x: (a.x + 0.7 * k) as typeof a.x } : a,
    );
    const t = cpuMs();
    const plan = planAccuracy({ ...input, anchors });
    planCoverage(plan, 5);
    times.push(cpuMs() - t);
    cells = plan.nx * plan.ny;
  }
  times.sort((a, b) => a - b);
  const t = cpuMs();
  proposeGateway({ ...input, step: 1 }, { targetM: 5, candidateStep: 2 });
  return { redrawMs: times[times.length >> 1]!, proposalMs: cpuMs() - t, cells };
}

/**
 * The predicted median and p90 over the floor (each floor cell's error taken as circular with the
 * predicted p90, pooled over the cells) beside the simulator's measured ones on the same layout
 * (8 tags, 10 minutes, seed 1).
 */
export function planVersusMeasured() {
  const plan = planAccuracy({ ...demoPlanInput(), step: 1 });
  const cells: number[] = [];
  for (let c = 0; c < plan.p90.length; c++) if (plan.inside[c]) cells.push(plan.p90[c]!);
  const predicted = pooledCircularErrors(cells);
  const measured = measureDemo({
    devices: 8,
    seconds: 600,
    gateways: gatewayLayout(DEMO_GATEWAYS.length),
    rssiAt1m: DEMO_RSSI_AT_1M,
    logicThreshold: DEMO_LOGIC_THRESHOLD,
    rand: rng(1),
  });
  return {
    predictedMedian: predicted.median,
    predictedP90: predicted.p90,
    measuredMedian: measured.medianErrorM,
    measuredP90: measured.p90ErrorM,
  };
}
