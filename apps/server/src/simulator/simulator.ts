/** Generates gateway reports for walking tags and hands them to a sink (pipeline, HTTP or MQTT). */
import { INGEST_MAX_BATCH } from '@rtls/contract';
import { DEMO_FLOOR, DEMO_GATEWAYS, demoDevice } from './building.ts';
import { INDOOR_BLE, createShadowing, gaussian, type RadioModel } from './radio.ts';
import { STAIRS, createClimber, storeyMeanRssi, type Climber } from './storeys.ts';
import { createWalker, type Walker } from './walker.ts';

export interface SimReport {
  gateway: string;
  device: string;
  rssi: number;
  timestamp: number;
  name?: string;
}

export interface SimGateway {
  mac: string;
  x: number;
  y: number;
  /** The storey it hangs on (storeys.ts); the ground floor when absent. */
  level?: number;
}

export interface SimulatorOptions {
  devices: number;
  /** Gateways in metres; the demo building's eight by default. */
  gateways?: readonly SimGateway[];
  /** Report rounds per second (each round: every tag heard by every gateway in range). */
  rate: number;
  sink: (reports: SimReport[]) => Promise<unknown>;
  onError?: (err: unknown) => void;
  model?: RadioModel;
  /** Random source of the walks and the radio; Math.random by default. */
  rand?: () => number;
  /**
   * Storeys of the demo floor the tags walk (each tag starting on its own, taking the stairs now
   * and then); 1 by default. Gateways say their storey with `level`.
   */
  floors?: number;
}

export interface SimTag {
  mac: string;
  name: string;
  walker: Walker;
  climber: Climber;
  /** Where it is now (m), on its storey. */
  at: { x: number; y: number };
}

/** `count` gateways: the demo ones first, then a grid over the floor. */
export function gatewayLayout(count: number): SimGateway[] {
  const out: SimGateway[] = DEMO_GATEWAYS.slice(0, count).map((g) => ({
    mac: g.mac,
    x: g.x,
    y: g.y,
  }));
  const cols = Math.ceil(Math.sqrt(count));
  for (let i = out.length; i < count; i++) {
    const hex = i.toString(16).toUpperCase().padStart(4, '0');
    out.push({
      mac: `AC:23:3F:01:${hex.slice(0, 2)}:${hex.slice(2)}`,
      x: ((i % cols) + 0.5) * (DEMO_FLOOR.width / cols),
      y: (Math.floor(i / cols) + 0.5) * (DEMO_FLOOR.height / cols),
    });
  }
  return out;
}

export function createSimulator(opts: SimulatorOptions) {
  const model = opts.model ?? INDOOR_BLE;
  const gateways = opts.gateways ?? gatewayLayout(DEMO_GATEWAYS.length);
  const rand = opts.rand ?? Math.random;
  const shadow = createShadowing(model, rand);
  const floors = opts.floors ?? 1;
  const tags: SimTag[] = [];
  for (let i = 0; i < opts.devices; i++) {
    const walker = createWalker(i, rand);
    const climber = createClimber(i % floors, floors, rand);
    tags.push({ ...demoDevice(i), walker, climber, at: { x: walker.x, y: walker.y } });
  }
  /** Seconds since the simulator started, as its rounds count them. */
  let clockS = 0;
  const periodMs = 1000 / opts.rate;
  let timer: NodeJS.Timeout | null = null;
  let inFlight: Promise<unknown> = Promise.resolve();
  let last = Date.now();

  /** One round of reports at time `now`. */
  function round(now: number): SimReport[] {
    // A clock that steps back must not produce a negative step (NaN shadowing for good).
    const dtS = Math.max(0, Math.min(5, (now - last) / 1000));
    last = now;
    const reports: SimReport[] = [];
    clockS += dtS;
    for (const tag of tags) {
      const from = tag.at;
      // On the stairs while it climbs to another storey, else where it walks.
      const onStairs = tag.climber.advance(clockS).onStairs;
      if (!onStairs) tag.walker.step(dtS);
      const at = (tag.at = onStairs ? STAIRS : { x: tag.walker.x, y: tag.walker.y });
      const movedM = Math.hypot(at.x - from.x, at.y - from.y);
      for (const gw of gateways) {
        const rssi =
          storeyMeanRssi(model, gw, at, tag.climber.level) +
          shadow(`${gw.mac}|${tag.mac}`, {
            movedM,
            facing: Math.cos(Math.atan2(gw.y - at.y, gw.x - at.x) - tag.walker.heading),
          }) +
          gaussian(rand) * model.fadingSigma;
        if (rssi < model.sensitivity) continue;
        reports.push({
          gateway: gw.mac,
          device: tag.mac,
          rssi: Math.round(rssi * 10) / 10,
          timestamp: now,
          name: tag.name,
        });
      }
    }
    return reports;
  }

  /** A round larger than one ingest batch goes out as several batches, never one that is refused. */
  function tick() {
    const reports = round(Date.now());
    const sends: Promise<unknown>[] = [];
    for (let i = 0; i < reports.length; i += INGEST_MAX_BATCH) {
      sends.push(opts.sink(reports.slice(i, i + INGEST_MAX_BATCH)));
    }
    inFlight = Promise.all(sends).catch((err) => opts.onError?.(err));
  }

  return {
    tags,
    gateways,
    round,
    /** True position of each tag in metres, for tests and the accuracy view. */
    truth: () => tags.map((t) => ({ mac: t.mac, ...t.at, level: t.climber.level })),
    start() {
      if (timer) return;
      last = Date.now();
      timer = setInterval(tick, periodMs);
      timer.unref?.();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await inFlight;
    },
  };
}
export type Simulator = ReturnType<typeof createSimulator>;
