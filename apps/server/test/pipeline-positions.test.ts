/**
 * Server positions off the live-update path: locate() answers at once with the last position and
 * queues one tracker update per device; the queue runs in short slices and records trail points.
 */
import { afterEach, expect, it } from 'vitest';
import { DEFAULT_TRIANGULATION, type SignalMap } from '@rtls/contract';
import { metres } from '@rtls/positioning';
import { createOwnerCache } from '../src/modules/ingest/owner-cache.ts';
import type { OwnerFrames } from '../src/modules/trails/frames.ts';
import { createPositions, type Positions } from '../src/modules/trails/positions.ts';
import type { TrailRecorder } from '../src/modules/trails/recorder.ts';
import type { TrailPointRow } from '../src/modules/trails/repository.ts';

const PPM = 20;
const GATEWAYS = [
  { id: 'AC:23:3F:00:00:01', x: 0, y: 0 },
  { id: 'AC:23:3F:00:00:02', x: 20, y: 0 },
  { id: 'AC:23:3F:00:00:03', x: 0, y: 20 },
  { id: 'AC:23:3F:00:00:04', x: 20, y: 20 },
];
const owner: OwnerFrames = {
  monitored: new Map([
    ['C3:00:00:00:00:01', 'mobile'],
    ['C3:00:00:00:00:02', 'mobile'],
  ]),
  maps: new Map([
    [
      'm1',
      {
        mapId: 'm1',
        pixelsPerMetre: PPM,
        anchors: GATEWAYS.map((g) => ({
          id: g.id,
          x: metres(g.x),
          y: metres(g.y),
          maxRSSI: -59,
          logicThreshold: -95,
        })),
      },
    ],
  ]),
  gatewayMap: new Map(GATEWAYS.map((g) => [g.id, 'm1'])),
  settings: { ...DEFAULT_TRIANGULATION, minConfidence: 0 },
};

function setUp(options: { sliceMs?: number; budgetMsPerS?: number } = {}, frames0 = owner) {
  const frames = createOwnerCache(() => Promise.resolve(frames0));
  const points: TrailPointRow[] = [];
  const recorder = {
    add: (p: TrailPointRow) => points.push(p),
    close: () => Promise.resolve(),
  } as unknown as TrailRecorder;
  const positions = createPositions({ frames, recorder, ...options });
  return { frames, points, positions };
}

const signal = (now: number): SignalMap =>
  Object.fromEntries(
    GATEWAYS.map((g, i) => [
      g.id,
      { rssi: -60 - i * 6, received_at: new Date(now).toISOString(), ip: null },
    ]),
  );

let open: Positions | null = null;
afterEach(async () => {
  await open?.close();
  open = null;
});

it('answers at once with the last position and tracks the device soon after', async () => {
  const { positions, points } = setUp();
  open = positions;
  await positions.prepare(['u1']);
  const now = Date.now();
  expect(positions.locate('u1', 'C3:00:00:00:00:01', signal(now), now)).toBeNull();
  expect(positions.stats().queued).toBe(1);
  expect(points).toHaveLength(0); // nothing ran on the caller's path
  await expect.poll(() => points.length).toBe(1);
  const located = positions.locate('u1', 'C3:00:00:00:00:01', signal(now + 10), now + 10);
  expect(located).toMatchObject({ mapId: 'm1', triangulationInfo: { signalsUsed: 4 } });
  expect(located!.position.x).toBeGreaterThanOrEqual(0);
  expect(positions.stats().queued).toBe(0); // within the spacing: no new tracker update
  expect(points[0]).toMatchObject({ ownerId: 'u1', mac: 'C3:00:00:00:00:01', mapId: 'm1' });
});

it("keeps positions and trail points on the map's plan when its size is known", async () => {
  const m1 = owner.maps.get('m1')!;
  const plan = { width: 40, height: 30 };
  const small = { ...owner, maps: new Map([['m1', { ...m1, plan }]]) };
  const { positions, points } = setUp({}, small);
  open = positions;
  await positions.prepare(['u1']);
  const now = Date.now();
  positions.locate('u1', 'C3:00:00:00:00:01', signal(now), now);
  await expect.poll(() => points.length).toBe(1);
  expect(points[0]!.x).toBeLessThanOrEqual(plan.width);
  expect(points[0]!.y).toBeLessThanOrEqual(plan.height);
  const located = positions.locate('u1', 'C3:00:00:00:00:01', signal(now + 10), now + 10);
  expect(located!.position).toEqual({ x: points[0]!.x, y: points[0]!.y });
});

it('gives nothing for devices that are not monitored or hear no placed gateway', async () => {
  const { positions } = setUp();
  open = positions;
  await positions.prepare(['u1']);
  const now = Date.now();
  expect(positions.locate('u1', 'C3:00:00:00:00:09', signal(now), now)).toBeNull();
  const unplaced = {
    'AC:23:3F:00:00:99': { rssi: -50, received_at: new Date(now).toISOString(), ip: null },
  };
  expect(positions.locate('u1', 'C3:00:00:00:00:02', unplaced, now)).toBeNull();
  expect(positions.stats().queued).toBe(0);
});

it('spreads the queue over slices when the budget is small, and settle() runs the rest', async () => {
  const { positions, points } = setUp({ budgetMsPerS: 1, sliceMs: 1 });
  open = positions;
  await positions.prepare(['u1']);
  const now = Date.now();
  positions.locate('u1', 'C3:00:00:00:00:01', signal(now), now);
  positions.locate('u1', 'C3:00:00:00:00:02', signal(now), now);
  expect(positions.stats().queued).toBe(2);
  // The first slice runs one tracker update, spends the window's 0.05 ms and puts the rest off.
  await expect.poll(() => points.length).toBeGreaterThanOrEqual(1);
  expect(positions.stats().deferred).toBeGreaterThanOrEqual(1);
  positions.settle();
  expect(positions.stats().queued).toBe(0);
  expect(points.map((p) => p.mac).sort()).toEqual(['C3:00:00:00:00:01', 'C3:00:00:00:00:02']);
});
