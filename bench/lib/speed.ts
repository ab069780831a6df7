/**
 * Speeds for bench:accuracy, per core: timed in this process's CPU time, so other work sharing
 * the machine does not count against them.
 */
import {
  createDeviceLocator,
  createLinkWindows,
  createSites,
  DEFAULT_LOCATE_SETTINGS,
  floorGeometry,
  type FloorGeometry,
  locate,
  metres,
  observationsFromLinks,
  type Anchor,
  type LocateSettings,
  type MapFrame,
  type Observation,
} from '@rtls/positioning';
import { benchFloorModel, FLOOR, GATEWAYS, gatewaySpot, PPM } from './pipeline-fleet.ts';
import { SIM_ANCHORS, simulate } from './sim.ts';
import { rng } from './stats.ts';

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** Single-epoch solves per CPU-second with 8 gateways. */
export function solveSpeed(algorithm: LocateSettings['algorithm']): number {
  const rand = rng(1);
  const inputs: Observation[][] = Array.from({ length: 256 }, () =>
    simulate(2 + 16 * rand(), 2 + 11 * rand(), rand),
  );
  const settings = { ...DEFAULT_LOCATE_SETTINGS, algorithm, minConfidence: 0 };
  for (let i = 0; i < 20_000; i++) locate(inputs[i & 255]!, SIM_ANCHORS, settings);
  let n = 0;
  const start = cpuMs();
  while (cpuMs() - start < 1000) {
    for (let i = 0; i < 1000; i++) locate(inputs[(n + i) & 255]!, SIM_ANCHORS, settings);
    n += 1000;
  }
  return n / ((cpuMs() - start) / 1000);
}

/** Where the tracker bench's tags stand and which gateways hear them. */
export interface SpeedLayout {
  anchors: Anchor[];
  widthM: number;
  heightM: number;
  floor?: FloorGeometry;
}

/** The simulated 20 × 15 m floor of bench:accuracy, no walls. */
export const SIM_LAYOUT: SpeedLayout = { anchors: SIM_ANCHORS, widthM: 20, heightM: 15 };

/**
 * The pipeline bench's 60 × 40 m floor and its 8 gateways; with `walls`, its 146 wall segments
 * and 142 doors.
 */
export function benchLayout(walls: boolean): SpeedLayout {
  const anchors: Anchor[] = Array.from({ length: GATEWAYS }, (_, i) => {
    const { x, y } = gatewaySpot(i);
    return { id: `g${i}`, x: metres(x), y: metres(y), z: metres(2.5) };
  });
  const layout: SpeedLayout = { anchors, widthM: FLOOR.widthM, heightM: FLOOR.heightM };
  if (walls) layout.floor = floorGeometry(benchFloorModel(), PPM)!;
  return layout;
}

/**
 * Tracker updates per CPU-second on the live path: per update, one second of packets from 8
 * gateways at 10 Hz each (80 link-window adds), the summaries, and a located fix (grid filter
 * with self-calibration); 64 tags in turn, as a server holds many. A layout with a floor has
 * its walls and doors: motion kept to the doors, walls counted in the radio map.
 */
export function trackerSpeed(layout: SpeedLayout = SIM_LAYOUT): number {
  const rand = rng(2);
  const frame: MapFrame = { mapId: 'speed', pixelsPerMetre: 1, anchors: layout.anchors };
  if (layout.floor) frame.floor = layout.floor;
  const tags = 64;
  const windows = createLinkWindows();
  // One book of sites for every tag, as the server keeps: one map, one site.
  const sites = createSites();
  const locators = Array.from({ length: tags }, () =>
    createDeviceLocator({ mode: 'mobile', settings: DEFAULT_LOCATE_SETTINGS, sites }),
  );
  const packets = Array.from({ length: 64 }, () =>
    simulate(
      2 + (layout.widthM - 4) * rand(),
      2 + (layout.heightM - 4) * rand(),
      rand,
      layout.anchors,
    ),
  );
  let n = 0;
  const run = (count: number) => {
    for (let i = 0; i < count; i++, n++) {
      const tag = n % tags;
      const t = Math.floor(n / tags) * 1000;
      const device = `t${tag}`;
      for (let k = 0; k < 10; k++) {
        for (const o of packets[(n + k) & 63]!)
          windows.add(device, o.gateway, o.rssi, t - 900 + k * 100);
      }
      locators[tag]!.update(frame, observationsFromLinks(windows.summaries(device, t), t), t);
    }
  };
  run(2000);
  const start = cpuMs();
  const before = n;
  while (cpuMs() - start < 1500) run(200);
  return (n - before) / ((cpuMs() - start) / 1000);
}
