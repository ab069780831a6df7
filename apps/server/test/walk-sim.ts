/**
 * A walk test in the simulated demo building: a tag carried to 20 points, standing at each for a
 * few seconds, heard through the simulator's channel (gateway offsets, walls, shadowing that moves
 * with the walker, the body in the way, fading), as gateway reports with their times.
 */
import { rng } from '@rtls/positioning';
import {
  DEMO_PIXELS_PER_METRE,
  GATEWAY_HEIGHT_M,
  TAG_HEIGHT_M,
} from '../src/simulator/building.ts';
import { wallsBetween } from '../src/simulator/plan.ts';
import { createShadowing, INDOOR_BLE, meanRssi } from '../src/simulator/radio.ts';
import type { SimGateway, SimReport } from '../src/simulator/simulator.ts';

/** Twenty points (m) along the main corridor and into rooms on both sides, in walking order. */
export const WALK_POINTS_M: readonly { x: number; y: number }[] = [
  { x: 4, y: 20 },
  { x: 8, y: 8 },
  { x: 10, y: 20 },
  { x: 8, y: 32 },
  { x: 16, y: 20 },
  { x: 20, y: 8 },
  { x: 22, y: 20 },
  { x: 20, y: 32 },
  { x: 28, y: 20 },
  { x: 30, y: 10 },
  { x: 30, y: 30 },
  { x: 34, y: 20 },
  { x: 40, y: 8 },
  { x: 40, y: 20 },
  { x: 40, y: 32 },
  { x: 46, y: 20 },
  { x: 52, y: 8 },
  { x: 52, y: 20 },
  { x: 52, y: 32 },
  { x: 57, y: 20 },
];

/** A point as the walk's API takes it: plan pixels and a time window. */
export interface WalkTap {
  x: number;
  y: number;
  from: string;
  to: string;
}

/**
 * The reports of a tag standing `standS` seconds at each point (one round a second), `gapS`
 * seconds between points, starting at `startMs`; and the taps an installer would make. `points`
 * (m) replace WALK_POINTS_M; `offsets` holds the gateways' offsets (dB), drawn into it where
 * missing: two walks sharing one map (and not their seed) are walks of one site.
 */
export function simulateWalk(opts: {
  device: string;
  gateways: readonly SimGateway[];
  startMs: number;
  seed?: number;
  standS?: number;
  gapS?: number;
  points?: readonly { x: number; y: number }[];
  offsets?: Map<string, number>;
}): { reports: SimReport[]; taps: WalkTap[] } {
  const rand = rng(opts.seed ?? 1);
  const shadow = createShadowing(INDOOR_BLE, rand, opts.offsets);
  const standS = opts.standS ?? 8;
  const gapS = opts.gapS ?? 12;
  const points = opts.points ?? WALK_POINTS_M;
  const reports: SimReport[] = [];
  const taps: WalkTap[] = [];
  let prev = points[0]!;
  points.forEach((p, i) => {
    const from = opts.startMs + i * (standS + gapS) * 1000;
    const heading = Math.atan2(p.y - prev.y, p.x - prev.x);
    let movedM = Math.hypot(p.x - prev.x, p.y - prev.y);
    prev = p;
    for (let s = 0; s < standS; s++) {
      const timestamp = from + s * 1000 + 500;
      for (const gw of opts.gateways) {
        const d = Math.hypot(gw.x - p.x, gw.y - p.y, GATEWAY_HEIGHT_M - TAG_HEIGHT_M);
        const facing = Math.cos(Math.atan2(gw.y - p.y, gw.x - p.x) - heading);
        const rssi =
          meanRssi(INDOOR_BLE, d, wallsBetween(gw.x, gw.y, p.x, p.y)) +
          shadow(`${gw.mac}|${opts.device}`, { movedM, facing });
        if (rssi < INDOOR_BLE.sensitivity) continue;
        reports.push({ gateway: gw.mac, device: opts.device, rssi: Math.round(rssi), timestamp });
      }
      movedM = 0;
    }
    taps.push({
      x: p.x * DEMO_PIXELS_PER_METRE,
      y: p.y * DEMO_PIXELS_PER_METRE,
      from: new Date(from).toISOString(),
      to: new Date(from + standS * 1000).toISOString(),
    });
  });
  return { reports, taps };
}
