/**
 * How well tags are put on their floor in a building of several storeys of the demo floor, each
 * with its own gateways: walkers walk their floor as in the demo and now and then take the stairs
 * at the crossing of the corridors, up or down one floor. Every gateway of every floor hears
 * them through the floors between (ITU-R P.1238's floor penetration loss for offices), the
 * reports go through the link windows as on the server, and the floor choice picks the floor
 * shown. Reports the share of seconds shown on the right floor, how long the new floor took to
 * show after the stairs, and flips (a floor shown for under 5 s between two stays on another).
 */
import {
  createFloorChoice,
  createLinkWindows,
  rng,
  type BuildingFloor,
  type FloorReading,
} from '@rtls/positioning';
import { GATEWAY_HEIGHT_M, TAG_HEIGHT_M } from './building.ts';
import { INDOOR_BLE, createShadowing, meanRssi } from './radio.ts';
import { CROSS_CORRIDOR, MAIN_CORRIDOR, wallsBetween } from './plan.ts';
import { gatewayLayout } from './simulator.ts';
import { createWalker } from './walker.ts';

/** A storey's height (m). */
const STOREY_M = 3.5;
/**
 * Loss through n floors (dB): 15 + 4·(n − 1) at 2.4 GHz in offices (ITU-R P.1238, floor
 * penetration loss).
 */
const floorLossDb = (n: number) => (n === 0 ? 0 : 15 + 4 * (n - 1));
/** Mean time (s) between a walker's trips up or down the stairs. */
const STAIRS_EVERY_S = 150;
/** Seconds on the stairs: half below, half above. */
const CLIMB_S = 10;
/** Within this distance (m) of the stairs a tag counts as by them. */
const NEAR_STAIRS_M = 4;
/** A floor shown for less than this (s) between two stays on another is a flip. */
const FLIP_S = 5;

/** The stairs: where the corridors cross. */
const STAIRS = {
  x: (CROSS_CORRIDOR.x0 + CROSS_CORRIDOR.x1) / 2,
  y: (MAIN_CORRIDOR.y0 + MAIN_CORRIDOR.y1) / 2,
};

export interface FloorsReport {
  floors: number;
  tagSeconds: number;
  /** Share of seconds shown on the tag's own floor (shown seconds only). */
  correct: number;
  /** Seconds from reaching the new floor to showing it, per trip. */
  delaysS: number[];
  /** Trips whose new floor was never shown before the next trip or the end. */
  missed: number;
  flipsPerTagHour: number;
}

interface Tag {
  mac: string;
  walker: ReturnType<typeof createWalker>;
  level: number;
  /** While on the stairs: when the climb started, and the level it ends on. */
  climb: { startS: number; to: number } | null;
  nextTripS: number;
  /** When the tag last reached a new floor (s), until it is shown there. */
  arrivedS: number | null;
  shown: { level: number | null; sinceS: number; before: number | null };
  last: { x: number; y: number };
}

export function measureFloors(opts: {
  floors: number;
  devices: number;
  seconds: number;
  gatewaysPerFloor: number;
  seed: number;
}): FloorsReport {
  const rand = rng(opts.seed);
  const layout = gatewayLayout(opts.gatewaysPerFloor);
  const gateways = Array.from({ length: opts.floors }, (_, level) =>
    layout.map((g, i) => ({ ...g, level, mac: `F${level}:${String(i).padStart(4, '0')}` })),
  ).flat();
  const building = new Map<string, BuildingFloor>(
    Array.from({ length: opts.floors }, (_, level) => [
      String(level),
      { level, gateways: new Set(gateways.filter((g) => g.level === level).map((g) => g.mac)) },
    ]),
  );
  const shadow = createShadowing(INDOOR_BLE, rand);
  const links = createLinkWindows();
  const choices = new Map<string, ReturnType<typeof createFloorChoice>>();
  const tags: Tag[] = Array.from({ length: opts.devices }, (_, i) => {
    const walker = createWalker(i, rand);
    return {
      mac: `T${i}`,
      walker,
      level: i % opts.floors,
      climb: null,
      nextTripS: -STAIRS_EVERY_S * Math.log(1 - rand()),
      arrivedS: null,
      shown: { level: null, sinceS: 0, before: null },
      last: { x: walker.x, y: walker.y },
    };
  });
  const warmupS = 30;
  let tagSeconds = 0;
  let correct = 0;
  let flips = 0;
  let missed = 0;
  const delaysS: number[] = [];

  for (let s = 1; s <= opts.seconds; s++) {
    const now = s * 1000;
    for (const tag of tags) {
      // Where the tag is: walking its floor, or on the stairs.
      if (!tag.climb && s >= tag.nextTripS) {
        const up = tag.level === 0 || (tag.level < opts.floors - 1 && rand() < 0.5);
        tag.climb = { startS: s, to: tag.level + (up ? 1 : -1) };
      }
      let at: { x: number; y: number };
      if (tag.climb) {
        at = STAIRS;
        if (s - tag.climb.startS === CLIMB_S / 2) {
          if (tag.arrivedS !== null) missed++;
          tag.level = tag.climb.to;
          tag.arrivedS = s;
        }
        if (s - tag.climb.startS >= CLIMB_S) {
          tag.climb = null;
          tag.nextTripS = s - STAIRS_EVERY_S * Math.log(1 - rand());
        }
      } else {
        tag.walker.step(1);
        at = { x: tag.walker.x, y: tag.walker.y };
      }
      const movedM = Math.hypot(at.x - tag.last.x, at.y - tag.last.y);
      tag.last = at;
      for (const g of gateways) {
        const floorsBetween = Math.abs(g.level - tag.level);
        const d = Math.hypot(
          g.x - at.x,
          g.y - at.y,
          (g.level - tag.level) * STOREY_M + GATEWAY_HEIGHT_M - TAG_HEIGHT_M,
        );
        const rssi =
          meanRssi(INDOOR_BLE, d, wallsBetween(g.x, g.y, at.x, at.y)) -
          floorLossDb(floorsBetween) +
          shadow(`${g.mac}|${tag.mac}`, { movedM, facing: 1 });
        if (rssi >= INDOOR_BLE.sensitivity) links.add(tag.mac, g.mac, rssi, now);
      }
      let choice = choices.get(tag.mac);
      if (!choice) choices.set(tag.mac, (choice = createFloorChoice(building)));
      const readings: FloorReading[] = links.summaries(tag.mac, now);
      const nearStairs = Math.hypot(at.x - STAIRS.x, at.y - STAIRS.y) <= NEAR_STAIRS_M;
      const shownId = choice.update(readings, now, nearStairs).floor;
      const shown = shownId === null ? null : Number(shownId);
      if (shown !== tag.shown.level) {
        // A stay shorter than FLIP_S that returns to the floor before it is a flip.
        if (shown === tag.shown.before && s - tag.shown.sinceS < FLIP_S && s > warmupS) flips++;
        tag.shown = { level: shown, sinceS: s, before: tag.shown.level };
      }
      if (tag.arrivedS !== null && shown === tag.level) {
        if (tag.arrivedS > warmupS) delaysS.push(s - tag.arrivedS);
        tag.arrivedS = null;
      }
      if (s <= warmupS || shown === null) continue;
      tagSeconds++;
      if (shown === tag.level) correct++;
    }
  }
  missed += tags.filter((t) => t.arrivedS !== null && t.arrivedS > warmupS).length;
  return {
    floors: opts.floors,
    tagSeconds,
    correct: correct / (tagSeconds || 1),
    delaysS,
    missed,
    flipsPerTagHour: (flips * 3600) / (tagSeconds || 1),
  };
}
