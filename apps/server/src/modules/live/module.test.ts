/**
 * The live module in one process: a report taken is published with its device's name; a device
 * whose position changes is published at once, throttle or not; another instance's update joins
 * this instance's signals and positions.
 */
import { afterEach, expect, it } from 'vitest';
import type { LocatedOnMap } from '../positions/core.ts';
import type { PublishedDevice } from '../realtime/fan-out.ts';
import { createLiveModule, type LiveModule } from './module.ts';
import type { LiveRepository } from './repository.ts';

const DEV = 'C3:00:00:00:00:01';
const G1 = 'AC:23:3F:00:00:01';
const G2 = 'AC:23:3F:00:00:02';

const repo: LiveRepository = {
  names: async () => new Map([[DEV, 'Trolley 1']]),
  recentSignals: async () => [],
};

const report = (gateway: string, receivedAt: number) => ({
  gateway,
  device: DEV,
  rssi: -60,
  receivedAt,
  ip: null,
  name: null,
});

function setUp() {
  const published: PublishedDevice[] = [];
  const observed: string[] = [];
  const adopted: LocatedOnMap[][] = [];
  let announce: (ownerId: string, macs: readonly string[]) => void = () => undefined;
  let remote: (ownerId: string, devices: PublishedDevice[]) => void = () => undefined;
  const live = createLiveModule({
    repo,
    positions: {
      observe: async (_o, reports) => void observed.push(...reports.map((r) => r.gateway)),
      locatedOf: () => [],
      leftMaps: () => [],
      adoptRemote: (_o, _mac, located) => void adopted.push([...located]),
      onLocated: (listener) => (announce = listener),
    },
    realtime: {
      publish: (_o, devices) => void published.push(...devices),
      onRemoteUpdates: (listener) => (remote = listener),
    },
    streamUrl: null,
    updateIntervalMs: 60_000,
  });
  open = live;
  return { live, published, observed, adopted, announce, remote };
}

let open: LiveModule | null = null;
afterEach(async () => {
  await open?.close();
  open = null;
});

it('publishes a taken report with its device’s name, and a located device at once', async () => {
  const { live, published, observed, announce } = setUp();
  const t0 = Date.now() - 1_000;
  live.intake.take('u1', [report(G1, t0)]);
  await live.intake.sent();
  expect(observed).toEqual([G1]);
  expect(published.map((d) => [d.update.name, Object.keys(d.update.signal)])).toEqual([
    ['Trolley 1', [G1]],
  ]);
  // A second report within the throttle's interval is held back ...
  live.intake.take('u1', [report(G2, t0 + 500)]);
  await live.intake.sent();
  expect(published).toHaveLength(1);
  // ... until positions announce a new fix: then the device goes out with both signals.
  announce('u1', [DEV]);
  expect(published).toHaveLength(2);
  expect(Object.keys(published[1]!.update.signal).sort()).toEqual([G1, G2]);
});

it('merges another instance’s update into its signals and adopts its positions', async () => {
  const { live, published, adopted, announce, remote } = setUp();
  const t0 = Date.now() - 1_000;
  live.intake.take('u1', [report(G1, t0)]);
  await live.intake.sent();
  const located: LocatedOnMap = {
    mapId: 'm1',
    position: { x: 10, y: 20 },
    triangulationInfo: {
      method: 'grid',
      confidence: 0.8,
      signalsUsed: 3,
      primaryGateway: G2,
      lastCalculated: new Date(t0).toISOString(),
    },
  };
  remote('u1', [
    {
      update: {
        ...published[0]!.update,
        signal: { [G2]: { rssi: -70, received_at: new Date(t0 + 10).toISOString(), ip: null } },
      },
      located: [located],
    },
  ]);
  expect(adopted).toEqual([[located]]);
  announce('u1', [DEV]);
  expect(Object.keys(published.at(-1)!.update.signal).sort()).toEqual([G1, G2]);
});
