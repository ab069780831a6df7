/**
 * How well the demo building reads: the simulator's walkers run through the server's locating
 * path (link windows, then one device locator per tag on the demo map's frame, as the locating
 * core does) on a simulated clock, and the located positions are compared with the walkers' true
 * ones: error, positions outside the building or in another room, tracks through walls, and the
 * confidence and headline-signal classes the console would show. The floor figures (steps through
 * the demo building's walls, jumps, implausible speeds, wrong and flipping rooms) are taken on
 * the positions as the console receives them: each locate's published position, once a second.
 */
import {
  confidenceClass,
  gatewayLogicThreshold,
  signalClass,
  type ConfidenceClass,
  type SignalClass,
} from '@rtls/contract';
import {
  buildFrame,
  createDeviceLocator,
  createLinkWindows,
  createSites,
  observationsFromLinks,
  type DeviceLocator,
  type PositioningMode,
} from '@rtls/positioning';
import { locateSettings } from '../modules/positions/frames.ts';
import { DEMO_FLOOR, DEMO_PIXELS_PER_METRE } from './building.ts';
import { demoFloorModel, insideBuilding, placeAt, wallsBetween } from './plan.ts';
import { createShownTally, STANDING_MS, type ShownReport } from './quality-shown.ts';
import type { RadioModel } from './radio.ts';
import { createSimulator, type SimGateway } from './simulator.ts';

export interface QualityOptions {
  devices: number;
  seconds: number;
  gateways: readonly SimGateway[];
  /** The gateways' maxRSSI, as the demo seed stores it. */
  rssiAt1m: number;
  /** The gateways' RSSI threshold, as the demo seed stores it. */
  logicThreshold: number;
  rand: () => number;
  /** The tags' positioning mode; 'auto' (the default of a new device) when absent. */
  mode?: PositioningMode;
  /** Report rounds per second (tags are located once a second, as on the server). */
  rate?: number;
  /** The radio; the simulator's default when absent. */
  model?: RadioModel;
  /** Samples before this many seconds are not counted (the filters settle). */
  warmupS?: number;
}

export interface QualityReport {
  samples: number;
  meanErrorM: number;
  medianErrorM: number;
  p90ErrorM: number;
  /** Share of located positions outside the building's outline. */
  outsideBuilding: number;
  /** Share of located positions in another room (or corridor) than the tag. */
  wrongPlace: number;
  /** Share of steps between consecutive located positions that pass through a wall. */
  stepsThroughWalls: number;
  /** Length of the located track over the length of the true one (a zig-zag is much longer). */
  trackLengthRatio: number;
  /** Mean distance (m) between consecutive located positions while the tag stands still. */
  standingStepM: number;
  /** Mean error (m) of the positions in each confidence class. */
  errorByConfidence: Record<ConfidenceClass, number>;
  /** Share of confidence classes over all located positions. */
  confidence: Record<ConfidenceClass, number>;
  /** Share of located positions with confidence ≥ 0.5 while the tag stands still in a room. */
  standingInRoomConfident: number;
  standingInRoomSamples: number;
  /** Share of headline (strongest latest per gateway) signal classes. */
  signal: Record<SignalClass, number>;
  /** Share of rounds in which a tag went unlocated (no fix at all yet). */
  unlocated: number;
  /** What the console is shown second by second, against the demo building's walls and rooms. */
  shown: ShownReport;
}

const quantile = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : NaN;

/** Run the simulation and measure it. */
export function measureDemo(opts: QualityOptions): QualityReport {
  const ppm = DEMO_PIXELS_PER_METRE;
  const sim = createSimulator({
    devices: opts.devices,
    gateways: opts.gateways,
    rate: 1,
    rand: opts.rand,
    ...(opts.model ? { model: opts.model } : {}),
    sink: async () => undefined,
  });
  const mapId = `quality-${opts.rand().toString(36).slice(2)}`;
  const frame = buildFrame(
    {
      _id: mapId,
      settings: {
        pixelsPerMetre: ppm,
        imageSize: { width: DEMO_FLOOR.width * ppm, height: DEMO_FLOOR.height * ppm },
      },
      floorModel: demoFloorModel(ppm),
    },
    opts.gateways.map((g) => ({
      mac: g.mac,
      position: { x: g.x * ppm, y: g.y * ppm },
      maxRSSI: opts.rssiAt1m,
      logicThreshold: gatewayLogicThreshold({
        customSettings: { logicThreshold: opts.logicThreshold, maxRSSI: opts.rssiAt1m },
      }),
    })),
  );
  // The demo user's settings are the defaults, taken as the server takes a user's settings.
  const settings = locateSettings();
  // One book of sites for every tag, as the server keeps: what one tag's fixes teach serves all.
  const sites = createSites();
  const shown = createShownTally();
  const links = createLinkWindows();
  const locators = new Map<string, DeviceLocator>();
  const latest = new Map<string, Map<string, number>>();
  const prevFix = new Map<string, { x: number; y: number }>();
  const still = new Map<string, { x: number; y: number; since: number }>();
  const errors: number[] = [];
  const conf: Record<ConfidenceClass, number> = { high: 0, medium: 0, low: 0 };
  const sig: Record<SignalClass, number> = { strong: 0, medium: 0, weak: 0 };
  const confError: Record<ConfidenceClass, number> = { high: 0, medium: 0, low: 0 };
  const prevTruth = new Map<string, { x: number; y: number }>();
  let trackLength = 0;
  let standingSteps = 0;
  let standingStepSum = 0;
  let truthLength = 0;
  let outside = 0;
  let wrong = 0;
  let steps = 0;
  let throughWalls = 0;
  let standing = 0;
  let standingOk = 0;
  let unlocated = 0;
  let rounds = 0;
  const t0 = 1_700_000_000_000;
  const warmup = (opts.warmupS ?? 30) * 1000;

  for (let s = 1; s <= opts.seconds; s++) {
    const now = t0 + s * 1000;
    const rate = Math.max(1, Math.round(opts.rate ?? 1));
    for (let k = rate - 1; k >= 0; k--) {
      const at = now - (k * 1000) / rate;
      for (const r of sim.round(at)) {
        links.add(r.device, r.gateway, r.rssi, at);
        let m = latest.get(r.device);
        if (!m) latest.set(r.device, (m = new Map()));
        m.set(r.gateway, r.rssi);
      }
    }
    const truth = new Map(sim.truth().map((p) => [p.mac, p]));
    for (const tag of sim.tags) {
      let locator = locators.get(tag.mac);
      if (!locator) {
        locator = createDeviceLocator({
          mode: opts.mode ?? 'auto',
          settings,
          sites,
        });
        locators.set(tag.mac, locator);
      }
      const fix = locator.update(
        frame,
        observationsFromLinks(links.summaries(tag.mac, now), now),
        now,
      );
      const p = truth.get(tag.mac)!;
      const st = still.get(tag.mac);
      if (!st || Math.hypot(st.x - p.x, st.y - p.y) > 0.05)
        still.set(tag.mac, { x: p.x, y: p.y, since: now });
      if (now - t0 < warmup) continue;
      rounds++;
      const before = prevTruth.get(tag.mac);
      shown.add(tag.mac, fix ? { x: fix.position.x / ppm, y: fix.position.y / ppm } : null, {
        x: p.x,
        y: p.y,
        standingMs: now - (still.get(tag.mac)?.since ?? now),
        moved: !before || before.x !== p.x || before.y !== p.y,
      });
      const heard = [...(latest.get(tag.mac)?.values() ?? [])];
      if (heard.length) sig[signalClass(Math.max(...heard))]++;
      if (!fix) {
        unlocated++;
        continue;
      }
      const x = fix.position.x / ppm;
      const y = fix.position.y / ppm;
      const error = Math.hypot(x - p.x, y - p.y);
      errors.push(error);
      const cls = confidenceClass(fix.triangulationInfo.confidence);
      conf[cls]++;
      confError[cls] += error;
      if (!insideBuilding(x, y)) outside++;
      const place = placeAt(p.x, p.y);
      if (placeAt(x, y) !== place) wrong++;
      const standingFor = now - (still.get(tag.mac)?.since ?? now);
      if (place !== null && place !== 'corridor' && standingFor >= STANDING_MS) {
        standing++;
        if (fix.triangulationInfo.confidence >= 0.5) standingOk++;
      }
      const prev = prevFix.get(tag.mac);
      if (prev && before) {
        const step = Math.hypot(x - prev.x, y - prev.y);
        trackLength += step;
        truthLength += Math.hypot(p.x - before.x, p.y - before.y);
        if (p.x === before.x && p.y === before.y) {
          standingSteps++;
          standingStepSum += step;
        }
      }
      prevTruth.set(tag.mac, { x: p.x, y: p.y });
      if (prev && (prev.x !== x || prev.y !== y)) {
        steps++;
        if (wallsBetween(prev.x, prev.y, x, y) > 0) throughWalls++;
      }
      prevFix.set(tag.mac, { x, y });
    }
  }
  const n = errors.length;
  const sorted = [...errors].sort((a, b) => a - b);
  const share = <K extends string>(c: Record<K, number>) => {
    const total = Object.values<number>(c).reduce((a, b) => a + b, 0) || 1;
    return Object.fromEntries(Object.entries<number>(c).map(([k, v]) => [k, v / total])) as Record<
      K,
      number
    >;
  };
  return {
    samples: n,
    meanErrorM: errors.reduce((a, b) => a + b, 0) / (n || 1),
    medianErrorM: quantile(sorted, 0.5),
    p90ErrorM: quantile(sorted, 0.9),
    outsideBuilding: outside / (n || 1),
    wrongPlace: wrong / (n || 1),
    stepsThroughWalls: throughWalls / (steps || 1),
    trackLengthRatio: trackLength / (truthLength || 1),
    standingStepM: standingStepSum / (standingSteps || 1),
    errorByConfidence: {
      high: confError.high / (conf.high || 1),
      medium: confError.medium / (conf.medium || 1),
      low: confError.low / (conf.low || 1),
    },
    confidence: share(conf),
    standingInRoomConfident: standingOk / (standing || 1),
    standingInRoomSamples: standing,
    signal: share(sig),
    unlocated: unlocated / (rounds || 1),
    shown: shown.report(),
  };
}
