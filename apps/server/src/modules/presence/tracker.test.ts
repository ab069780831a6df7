import { describe, expect, it } from 'vitest';
import { compilePolygon } from '../zones/geometry.ts';
import { presenceTiming } from './service.ts';
import {
  newTrack,
  observeFix,
  reconcileZones,
  tickTrack,
  type MapShapes,
  type Transition,
} from './tracker.ts';

// Two rooms side by side, 100 px wide each; the margin is 15 px (0.75 m at 20 px/m).
const roomA = [
  { x: 0, y: 0 },
  { x: 100, y: 0 },
  { x: 100, y: 100 },
  { x: 0, y: 100 },
];
const roomB = roomA.map((p) => ({ x: p.x + 100, y: p.y }));
const zones = [
  { id: 'A', name: 'Room A', poly: compilePolygon(roomA) },
  { id: 'B', name: 'Room B', poly: compilePolygon(roomB) },
];
const shapes: MapShapes = { zones, byId: new Map(zones.map((z) => [z.id, z])), marginPx: 15 };
const timing = presenceTiming();

/** Walk: one fix per second at the given points, from t0; returns the events. */
function walk(track = newTrack('o', 'tag', 'm', 0), points: { x: number; y: number }[], t0 = 0) {
  const out: Transition[] = [];
  points.forEach((p, i) => {
    const at = t0 + i * 1000;
    out.push(...tickTrack(track, at, timing));
    out.push(...observeFix(track, shapes, { ...p, confidence: 0.9, at }, timing));
  });
  return { track, events: out.filter((t) => t.kind !== 'state') };
}
const repeat = <T>(n: number, v: T) => Array.from({ length: n }, () => v);

describe('zone presence', () => {
  it('enters after the enter time inside and exits after the leave time outside', () => {
    const { track, events } = walk(undefined, [
      ...repeat(7, { x: 50, y: 50 }),
      ...repeat(12, { x: 50, y: 300 }),
    ]);
    expect(events.map((e) => [e.kind, 'zoneId' in e ? e.zoneId : null])).toEqual([
      ['enter', 'A'],
      ['exit', 'A'],
    ]);
    expect(events[0]!.at).toBe(5000);
    expect(events[1]!.at).toBe(7000 + 10_000);
    expect(track.state).toBe('none');
  });

  it('does not enter a room the tag only walks through', () => {
    const { events } = walk(undefined, [
      ...repeat(3, { x: 150, y: 50 }),
      ...repeat(10, { x: 50, y: 300 }),
    ]);
    expect(events).toEqual([]);
  });

  it('does not flap for a tag standing on the edge and jittering across it', () => {
    // x alternates 92..108 around the shared wall at x = 100, for ten minutes.
    const points = Array.from({ length: 600 }, (_, i) => ({ x: i % 2 ? 92 : 108, y: 50 }));
    const { track, events } = walk(undefined, points);
    expect(events.filter((e) => e.kind === 'enter')).toHaveLength(1);
    expect(events.filter((e) => e.kind === 'exit')).toHaveLength(0);
    expect(track.state).toBe('in');
  });

  it('goes unknown, keeping the last zone, when confident positions stop, and exits much later', () => {
    const track = newTrack('o', 'tag', 'm', 0);
    walk(track, repeat(10, { x: 50, y: 50 }));
    expect(track.zoneId).toBe('A');
    // Low-confidence positions do not count.
    for (let t = 10_000; t < 30_000; t += 1000)
      observeFix(track, shapes, { x: 250, y: 50, confidence: 0.2, at: t }, timing);
    expect(tickTrack(track, 24_000, timing)).toEqual([{ kind: 'state', at: 24_000 }]);
    expect(track).toMatchObject({ state: 'unknown', zoneId: 'A' });
    expect(tickTrack(track, 24_000 + 119_000, timing)).toEqual([]);
    const out = tickTrack(track, 24_000 + 120_000, timing);
    expect(out).toMatchObject([{ kind: 'exit', zoneId: 'A', reason: 'unknown' }]);
    expect(track).toMatchObject({ state: 'unknown', zoneId: null });
  });

  it('comes back from unknown into the same zone without an event', () => {
    const track = newTrack('o', 'tag', 'm', 0);
    walk(track, repeat(10, { x: 50, y: 50 }));
    tickTrack(track, 30_000, timing);
    expect(track.state).toBe('unknown');
    const out = observeFix(track, shapes, { x: 50, y: 50, confidence: 0.9, at: 31_000 }, timing);
    expect(out).toEqual([{ kind: 'state', at: 31_000 }]);
    expect(track).toMatchObject({ state: 'in', zoneId: 'A', enteredAt: 5000 });
  });

  it('walks from one room to the next: exit then enter', () => {
    const { events } = walk(undefined, [
      ...repeat(8, { x: 50, y: 50 }),
      ...repeat(15, { x: 170, y: 50 }),
    ]);
    expect(events.map((e) => `${e.kind} ${'zoneId' in e ? e.zoneId : ''}`)).toEqual([
      'enter A',
      'exit A',
      'enter B',
    ]);
  });

  it('leaves a deleted zone without an event', () => {
    const { track } = walk(undefined, repeat(8, { x: 50, y: 50 }));
    const onlyB = { ...shapes, zones: [zones[1]!], byId: new Map([['B', zones[1]!]]) };
    expect(reconcileZones(track, onlyB, 9000)).toEqual([{ kind: 'state', at: 9000 }]);
    expect(track).toMatchObject({ state: 'none', zoneId: null });
  });
});
