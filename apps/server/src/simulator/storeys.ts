/**
 * A building of several storeys of the demo floor, one above the other, each with its own
 * gateways: its stairs (where the corridors cross, which walkers take now and then, up or down one
 * floor) and its lift (marked, never taken), how far apart the storeys are and what a floor takes
 * from a signal. simulate:quality --floors and the demo's SIMULATOR_FLOORS both build on it.
 */
import type { BuildingFloor } from '@rtls/positioning';
import { GATEWAY_HEIGHT_M, TAG_HEIGHT_M } from './building.ts';
import { meanRssi, type RadioModel } from './radio.ts';
import { CROSS_CORRIDOR, MAIN_CORRIDOR, wallsBetween } from './plan.ts';
import type { SimGateway } from './simulator.ts';

/** A storey's height (m). */
export const STOREY_M = 3.5;
/**
 * Loss through n floors (dB): 15 + 4·(n − 1) at 2.4 GHz in offices (ITU-R P.1238, floor
 * penetration loss).
 */
export const floorLossDb = (n: number) => (n === 0 ? 0 : 15 + 4 * (n - 1));
/** Mean time (s) between a walker's trips up or down the stairs. */
export const STAIRS_EVERY_S = 150;
/** Seconds on the stairs: half below, half above. */
export const CLIMB_S = 10;

/** The stairs (m): where the corridors cross. */
export const STAIRS = {
  x: (CROSS_CORRIDOR.x0 + CROSS_CORRIDOR.x1) / 2,
  y: (MAIN_CORRIDOR.y0 + MAIN_CORRIDOR.y1) / 2,
};
/** The lift (m): by the main corridor's west end, in its middle. */
export const LIFT = { x: 10, y: (MAIN_CORRIDOR.y0 + MAIN_CORRIDOR.y1) / 2 };

/** A gateway of one storey (level 0 the ground floor). */
export interface StoreyGateway extends SimGateway {
  level: number;
  name?: string;
}

/** A gateway's MAC on a storey: the ground floor keeps the layout's, others differ in one byte. */
export function storeyMac(mac: string, level: number): string {
  if (level === 0) return mac;
  const parts = mac.split(':');
  parts[3] = (0x10 + level).toString(16).toUpperCase().padStart(2, '0');
  return parts.join(':');
}

/** The same gateways on every storey, each storey's with its own MACs. */
export function storeyGateways(
  floors: number,
  layout: readonly (SimGateway & { name?: string })[],
): StoreyGateway[] {
  return Array.from({ length: floors }, (_, level) =>
    layout.map((g) => ({ ...g, level, mac: storeyMac(g.mac, level) })),
  ).flat();
}

/** The building as the floor choice takes it: each storey (by its level) with its gateways. */
export function storeyFloors(
  floors: number,
  gateways: readonly StoreyGateway[],
): Map<string, BuildingFloor> {
  return new Map(
    Array.from({ length: floors }, (_, level) => [
      String(level),
      { level, gateways: new Set(gateways.filter((g) => g.level === level).map((g) => g.mac)) },
    ]),
  );
}

/**
 * What a gateway hears of a tag at `at` on storey `level` (dBm, before shadowing and fading):
 * the path through the storeys' height and the walls of the plan, less the floors between.
 */
export function storeyMeanRssi(
  model: RadioModel,
  g: SimGateway & { level?: number },
  at: { x: number; y: number },
  level: number,
): number {
  const up = (g.level ?? 0) - level;
  const d = Math.hypot(g.x - at.x, g.y - at.y, up * STOREY_M + GATEWAY_HEIGHT_M - TAG_HEIGHT_M);
  return meanRssi(model, d, wallsBetween(g.x, g.y, at.x, at.y)) - floorLossDb(Math.abs(up));
}

/** Seconds until a walker's next trip on the stairs (exponential, STAIRS_EVERY_S on average). */
const nextTripIn = (rand: () => number) => -STAIRS_EVERY_S * Math.log(1 - rand());

/**
 * A walker's storey: now and then it takes the stairs, up or down one floor (up from the ground
 * floor, down from the top one), spending CLIMB_S on them and reaching the new storey halfway.
 */
export function createClimber(level: number, floors: number, rand: () => number) {
  let climb: { startS: number; to: number; reached: boolean } | null = null;
  // One storey has no stairs: no trip, and no draw from the random source.
  let nextTripS = floors > 1 ? nextTripIn(rand) : Infinity;
  return {
    get level() {
      return level;
    },
    /**
     * Move on to time tS (s): whether the walker is on the stairs now, and whether it reached its
     * new storey in this step.
     */
    advance(tS: number): { onStairs: boolean; reached: boolean } {
      if (!climb && tS >= nextTripS) {
        const up = level === 0 || (level < floors - 1 && rand() < 0.5);
        climb = { startS: tS, to: level + (up ? 1 : -1), reached: false };
      }
      if (!climb) return { onStairs: false, reached: false };
      let reached = false;
      if (!climb.reached && tS - climb.startS >= CLIMB_S / 2) {
        level = climb.to;
        climb.reached = reached = true;
      }
      if (tS - climb.startS >= CLIMB_S) {
        climb = null;
        nextTripS = tS + nextTripIn(rand);
      }
      return { onStairs: true, reached };
    },
  };
}
export type Climber = ReturnType<typeof createClimber>;
