/**
 * The positions service off the live-update path: every observed report joins its link window; a
 * monitored device is located soon after (not on the caller's path), on every map whose gateways
 * heard it, and each new fix becomes a trail point and is handed over for publishing.
 */
import { afterEach, expect, it, vi } from 'vitest';
import { buildFrame, createSites, type Sites } from '@rtls/positioning';
import { createOwnerCache } from '../src/lib/owner-cache.ts';
import { locateSettings, type OwnerFrames } from '../src/modules/positions/frames.ts';
import type { TrailRecorder } from '../src/modules/positions/recorder.ts';
import type { TrailPointRow } from '../src/modules/positions/repository.ts';
import {
  createPositionsService,
  type ObservedReport,
  type PositionsService,
} from '../src/modules/positions/service.ts';

const PPM = 20;
const DEV1 = 'C3:00:00:00:00:01';
const DEV2 = 'C3:00:00:00:00:02';
/** Four gateways in a 20 m square, in map pixels, on map m1; two more on map m2. */
const M1 = ['AC:23:3F:00:00:01', 'AC:23:3F:00:00:02', 'AC:23:3F:00:00:03', 'AC:23:3F:00:00:04'];
const M2 = ['AC:23:3F:00:00:11', 'AC:23:3F:00:00:12'];
const corners = [
  { x: 0, y: 0 },
  { x: 400, y: 0 },
  { x: 0, y: 400 },
  { x: 400, y: 400 },
];

function ownerFrames(plan?: { width: number; height: number }): OwnerFrames {
  const settings = { ...locateSettings(), minConfidence: 0 };
  const frame = (id: string, macs: string[]) =>
    buildFrame(
      { _id: id, settings: { pixelsPerMetre: PPM, imageSize: plan ?? null } },
      macs.map((mac, i) => ({ mac, position: corners[i]!, maxRSSI: -59, logicThreshold: -95 })),
    );
  return {
    monitored: new Map([
      [DEV1, 'mobile'],
      [DEV2, 'mobile'],
    ]),
    maps: new Map([
      ['m1', { frame: frame('m1', M1), mapOwnerId: 'u1', settings }],
      ['m2', { frame: frame('m2', M2), mapOwnerId: 'u1', settings }],
    ]),
    gatewayMap: new Map([
      ...M1.map((g) => [g, 'm1'] as const),
      ...M2.map((g) => [g, 'm2'] as const),
    ]),
    buildings: new Map(),
  };
}

function setUp(
  options: { sliceMs?: number; budgetMsPerS?: number; intervalMs?: number; sites?: Sites } = {},
  frames0 = ownerFrames(),
) {
  const frames = createOwnerCache(() => Promise.resolve(frames0));
  const points: TrailPointRow[] = [];
  const handed: string[][] = [];
  const recorder = {
    add: (p: TrailPointRow) => points.push(p),
    close: () => Promise.resolve(),
  } as unknown as TrailRecorder;
  const positions = createPositionsService({ frames, recorder, ...options });
  positions.onLocated((_owner, macs) => handed.push([...macs]));
  open = positions;
  return { frames, points, handed, positions };
}

const reports = (device: string, gateways: string[], at: number): ObservedReport[] =>
  gateways.map((gateway, i) => ({ device, gateway, rssi: -60 - i * 6, receivedAt: at }));

let open: PositionsService | null = null;
afterEach(async () => {
  await open?.close();
  open = null;
});

it('locates a device soon after its reports, off the caller’s path, and records the fix', async () => {
  const { positions, points, handed } = setUp();
  await positions.observe('u1', reports(DEV1, M1, Date.now()));
  expect(positions.locatedOf('u1', DEV1)).toEqual([]); // nothing ran on the caller's path
  expect(positions.stats().queued).toBe(1);
  await expect.poll(() => points.length).toBe(1);
  const [located] = positions.locatedOf('u1', DEV1);
  expect(located).toMatchObject({ mapId: 'm1', triangulationInfo: { signalsUsed: 4 } });
  expect(points[0]).toMatchObject({ ownerId: 'u1', mac: DEV1, mapId: 'm1', ...located!.position });
  expect(handed).toEqual([[DEV1]]);
  expect(positions.onMap('m1')).toEqual([{ ownerId: 'u1', mac: DEV1, located }]);
  expect(positions.onMap('m2')).toEqual([]);
  // New reports 0.1 s after the first fix (the clock held there, so that a loaded machine does not
  // stretch the wait past the trail's gap): within the spacing they wait for the device's next
  // turn instead of running at once.
  const clock = vi.spyOn(Date, 'now').mockReturnValue(new Date(points[0]!.at).getTime() + 100);
  try {
    await positions.observe('u1', reports(DEV1, M1, Date.now()));
    expect(positions.stats().queued).toBe(1);
    positions.settle();
  } finally {
    clock.mockRestore();
  }
  // Located again (a new fix handed over), but no second trail point within the trail's gap.
  expect(handed).toEqual([[DEV1], [DEV1]]);
  expect(points).toHaveLength(1);
  expect(positions.stats()).toMatchObject({ locates: 2, fixes: 2 });
});

it('places a device heard on two maps on both, each with its own gateways', async () => {
  const { positions } = setUp();
  const now = Date.now();
  await positions.observe('u1', [...reports(DEV1, M1, now), ...reports(DEV1, M2, now)]);
  positions.settle();
  const located = positions.locatedOf('u1', DEV1);
  expect(located.map((l) => l.mapId).sort()).toEqual(['m1', 'm2']);
  expect(located.find((l) => l.mapId === 'm2')!.triangulationInfo.signalsUsed).toBe(2);
  expect(positions.onMap('m2').map((d) => d.mac)).toEqual([DEV1]);
});

it("keeps fixes on the map's plan when its size is known", async () => {
  const plan = { width: 40, height: 30 };
  const { positions, points } = setUp({}, ownerFrames(plan));
  await positions.observe('u1', reports(DEV1, M1, Date.now()));
  positions.settle();
  expect(points[0]!.x).toBeLessThanOrEqual(plan.width);
  expect(points[0]!.y).toBeLessThanOrEqual(plan.height);
});

it('locates nothing for devices that are not monitored or hear no placed gateway', async () => {
  const { positions, points } = setUp();
  const now = Date.now();
  await positions.observe('u1', reports('C3:00:00:00:00:09', M1, now));
  await positions.observe('u1', reports(DEV2, ['AC:23:3F:00:00:99'], now));
  positions.settle();
  expect(positions.locatedOf('u1', 'C3:00:00:00:00:09')).toEqual([]);
  expect(positions.locatedOf('u1', DEV2)).toEqual([]);
  expect(points).toHaveLength(0);
});

it('learns a map’s radio model from its gateways heard by the others, locating none of them', async () => {
  const sites = createSites();
  const { positions, points, handed } = setUp({ intervalMs: 1, sites });
  const { frame } = ownerFrames().maps.get('m1')!;
  const { anchors } = frame;
  const start = Date.now();
  expect(sites.of(frame).calibration.exponent).toBeCloseTo(2.2);
  for (let k = 0; k < 400; k++) {
    // Each gateway in turn advertises (louder than a tag; its level drops out); the others hear
    // it as a site with exponent 3.2 would.
    const source = anchors[k % anchors.length]!;
    const heard = anchors
      .filter((a) => a !== source)
      .map((a) => ({
        device: source.id,
        gateway: a.id,
        rssi: -44 - 32 * Math.log10(Math.hypot(a.x - source.x, a.y - source.y)),
        receivedAt: start + 10 * k,
      }));
    await positions.observe('u1', heard);
  }
  positions.settle();
  expect(points).toHaveLength(0);
  expect(handed).toEqual([]);
  expect(sites.of(frame).calibration.exponent).toBeGreaterThan(2.9);
});

it('spreads locating over slices when the budget is small, and settle() runs the rest', async () => {
  const { positions, points } = setUp({ budgetMsPerS: 1, sliceMs: 1 });
  const now = Date.now();
  await positions.observe('u1', [...reports(DEV1, M1, now), ...reports(DEV2, M1, now)]);
  expect(positions.stats().queued).toBe(2);
  // The first slice locates one device and the other waits for a later slice or budget window;
  // whether it is put off to the next window depends on how long the machine took meanwhile, so
  // only the end is asserted: settle() runs whatever is left.
  await expect.poll(() => points.length).toBeGreaterThanOrEqual(1);
  positions.settle();
  expect(positions.stats().queued).toBe(0);
  expect(points.map((p) => p.mac).sort()).toEqual([DEV1, DEV2]);
});

it('re-locates an owner’s devices at once with the new frames when the owner changes', async () => {
  let current = ownerFrames();
  const frames = createOwnerCache(() => Promise.resolve(current));
  const handed: string[][] = [];
  const left: (readonly string[])[] = [];
  const recorder = { add: () => undefined, close: () => Promise.resolve() };
  const positions = createPositionsService({
    frames,
    recorder: recorder as unknown as TrailRecorder,
  });
  positions.onLocated((_o, macs) => {
    handed.push([...macs]);
    left.push(positions.leftMaps('u1', DEV1));
  });
  open = positions;
  await positions.observe('u1', reports(DEV1, [...M1, ...M2], Date.now()));
  positions.settle();
  expect(positions.locatedOf('u1', DEV1)).toHaveLength(2);
  // Map m2's gateways are taken off it: the device leaves m2 without waiting for a report.
  current = { ...current, maps: new Map([['m1', current.maps.get('m1')!]]) };
  current.gatewayMap = new Map(M1.map((g) => [g, 'm1']));
  positions.ownerChanged('u1');
  await expect.poll(() => positions.locatedOf('u1', DEV1).map((l) => l.mapId)).toEqual(['m1']);
  expect(positions.onMap('m2')).toEqual([]);
  expect(handed.at(-1)).toEqual([DEV1]);
  // Published as leaving m2, so m2's readers drop it at once.
  expect(left.at(-1)).toEqual(['m2']);
  expect(positions.leftMaps('u1', DEV1)).toEqual([]);
});

it('keeps every device’s track through a change that does not touch its map', async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  try {
    // Every reload builds the frames anew, with the same content, as loading them from the
    // database does.
    const positions = createPositionsService({
      frames: createOwnerCache(() => Promise.resolve(ownerFrames())),
      recorder: { add: () => undefined, close: () => Promise.resolve() } as never,
    });
    open = positions;
    const t0 = Date.now();
    // Ten seconds of a device standing nearer one gateway: its track has settled.
    for (let s = 0; s < 10; s++) {
      vi.setSystemTime(t0 + s * 1000);
      await positions.observe('u1', reports(DEV1, M1, t0 + s * 1000));
      positions.settle();
    }
    const before = positions.locatedOf('u1', DEV1)[0]!.position;
    const fixes = positions.stats().fixes;
    // Another device renamed or added: the owner's frames reload, nothing of DEV1's map changed.
    positions.ownerChanged('u1');
    await expect.poll(() => (positions.settle(), positions.stats().fixes)).toBeGreaterThan(fixes);
    // Re-located with no new reading: a kept track gives the same place, a restarted one the
    // first epoch's.
    expect(positions.locatedOf('u1', DEV1)[0]!.position).toEqual(before);
  } finally {
    vi.useRealTimers();
  }
});

it('takes a device off its maps once none of their gateways has heard it for the live window', async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  try {
    const t0 = Date.now();
    const { positions, handed } = setUp();
    await positions.observe('u1', reports(DEV1, M1, t0));
    positions.settle();
    expect(positions.onMap('m1').map((d) => d.mac)).toEqual([DEV1]);
    vi.setSystemTime(t0 + 20_000);
    positions.expire();
    positions.settle();
    expect(positions.locatedOf('u1', DEV1)).toHaveLength(1); // still within the window
    vi.setSystemTime(t0 + 31_000);
    positions.expire();
    positions.settle();
    expect(positions.locatedOf('u1', DEV1)).toEqual([]);
    expect(positions.onMap('m1')).toEqual([]);
    expect(handed.at(-1)).toEqual([DEV1]); // published, so owners' lists drop its position
  } finally {
    vi.useRealTimers();
  }
});

it('shows where another instance locates a device, never an older fix, until it locates it here', async () => {
  const { positions } = setUp();
  const fix = (x: number, at: number) => ({
    mapId: 'm1',
    position: { x, y: 1 },
    triangulationInfo: {
      method: 'weighted-centroid',
      confidence: 0.9,
      signalsUsed: 4,
      primaryGateway: M1[0]!,
      lastCalculated: new Date(at).toISOString(),
    },
  });
  const t0 = Date.now();
  positions.adoptRemote('u1', DEV2, [fix(10, t0)]);
  expect(positions.locatedOf('u1', DEV2)).toEqual([fix(10, t0)]);
  expect(positions.onMap('m1').map((d) => d.mac)).toEqual([DEV2]);
  positions.adoptRemote('u1', DEV2, [fix(5, t0 - 1_000)]); // relayed late
  expect(positions.locatedOf('u1', DEV2)).toEqual([fix(10, t0)]);
  positions.adoptRemote('u1', DEV2, []); // the locating instance says: on no map
  expect(positions.onMap('m1')).toEqual([]);

  positions.adoptRemote('u1', DEV2, [fix(10, t0)]);
  await positions.observe('u1', reports(DEV2, M1, Date.now()));
  positions.settle();
  const [here] = positions.locatedOf('u1', DEV2);
  expect(here!.position).not.toEqual({ x: 10, y: 1 });
  positions.adoptRemote('u1', DEV2, [fix(10, Date.now() + 1_000)]); // located here: this one wins
  expect(positions.locatedOf('u1', DEV2)).toEqual([here]);
  expect(positions.onMap('m1')).toHaveLength(1);
});

it('places a device heard on two floors of a building on one floor, moving it when the other confirms', async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  try {
    const frames = ownerFrames();
    // m1 is the ground floor of a building, m2 the floor above.
    frames.maps.get('m1')!.buildingId = 'b1';
    frames.maps.get('m2')!.buildingId = 'b1';
    frames.buildings.set('b1', {
      floors: new Map([
        ['m1', { level: 0, gateways: new Set(M1) }],
        ['m2', { level: 1, gateways: new Set(M2) }],
      ]),
      links: new Map(),
    });
    const { positions } = setUp({}, frames);
    const moves: { mac: string; from: string; to: string }[] = [];
    positions.onFloorChange((_owner, mac, { from, to }) => moves.push({ mac, from, to }));
    const heard = (ground: number, above: number, at: number): ObservedReport[] => [
      ...M1.map((gateway, i) => ({ device: DEV1, gateway, rssi: ground - 2 * i, receivedAt: at })),
      ...M2.map((gateway, i) => ({ device: DEV1, gateway, rssi: above - 2 * i, receivedAt: at })),
    ];
    const floorAt = async (ground: number, above: number, second: number) => {
      vi.setSystemTime(t0 + second * 1000);
      await positions.observe('u1', heard(ground, above, Date.now()));
      positions.settle();
      return positions.locatedOf('u1', DEV1).map((l) => l.mapId);
    };
    const t0 = Date.now();
    // The ground floor's gateways hear it best: it is there, and not upstairs.
    for (let s = 0; s < 10; s++) expect(await floorAt(-62, -80, s)).toEqual(['m1']);
    expect(positions.onMap('m2')).toEqual([]);
    // First seen on the ground floor: no move.
    expect(moves).toEqual([]);
    // Upstairs now: it moves once the upper floor's own gateways have led for a few seconds.
    const moved: string[][] = [];
    for (let s = 10; s < 25; s++) moved.push(await floorAt(-82, -60, s));
    const at = moved.findIndex((m) => m[0] === 'm2');
    expect(at).toBeGreaterThan(0);
    expect(at).toBeLessThanOrEqual(10);
    expect(moved.slice(at).every((m) => m.length === 1 && m[0] === 'm2')).toBe(true);
    expect(positions.onMap('m1')).toEqual([]);
    // Told once, with the floor left and the floor reached.
    expect(moves).toEqual([{ mac: DEV1, from: 'm1', to: 'm2' }]);
  } finally {
    vi.useRealTimers();
  }
});
