/**
 * How well tags are put on their floor in a building of several storeys of the demo floor, each
 * with its own gateways: walkers walk their floor as in the demo and now and then take the stairs
 * at the crossing of the corridors, up or down one floor. Every gateway of every floor hears
 * them through the floors between (ITU-R P.1238's floor penetration loss for offices), the
 * reports go through the link windows as on the server, and the floor choice picks the floor
 * shown. Reports the share of seconds shown on the right floor, how long the new floor took to
 * show after the stairs, and flips (a floor shown for under 5 s between two stays on another).
 */
import { createFloorChoice, createLinkWindows, rng, type FloorReading } from '@rtls/positioning';
import { INDOOR_BLE, createShadowing } from './radio.ts';
import { gatewayLayout } from './simulator.ts';
import {
  STAIRS,
  createClimber,
  storeyFloors,
  storeyGateways,
  storeyMeanRssi,
  type Climber,
} from './storeys.ts';
import { createWalker } from './walker.ts';

/** Within this distance (m) of the stairs a tag counts as by them. */
const NEAR_STAIRS_M = 4;
/** A floor shown for less than this (s) between two stays on another is a flip. */
const FLIP_S = 5;

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
  climber: Climber;
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
  const gateways = storeyGateways(opts.floors, gatewayLayout(opts.gatewaysPerFloor));
  const building = storeyFloors(opts.floors, gateways);
  const shadow = createShadowing(INDOOR_BLE, rand);
  const links = createLinkWindows();
  const choices = new Map<string, ReturnType<typeof createFloorChoice>>();
  const tags: Tag[] = Array.from({ length: opts.devices }, (_, i) => {
    const walker = createWalker(i, rand);
    return {
      mac: `T${i}`,
      walker,
      climber: createClimber(i % opts.floors, opts.floors, rand),
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
      const { onStairs, reached } = tag.climber.advance(s);
      if (reached) {
        if (tag.arrivedS !== null) missed++;
        tag.arrivedS = s;
      }
      if (!onStairs) tag.walker.step(1);
      const at = onStairs ? STAIRS : { x: tag.walker.x, y: tag.walker.y };
      const level = tag.climber.level;
      const movedM = Math.hypot(at.x - tag.last.x, at.y - tag.last.y);
      tag.last = at;
      for (const g of gateways) {
        const rssi =
          storeyMeanRssi(INDOOR_BLE, g, at, level) +
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
      if (tag.arrivedS !== null && shown === level) {
        if (tag.arrivedS > warmupS) delaysS.push(s - tag.arrivedS);
        tag.arrivedS = null;
      }
      if (s <= warmupS || shown === null) continue;
      tagSeconds++;
      if (shown === level) correct++;
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
