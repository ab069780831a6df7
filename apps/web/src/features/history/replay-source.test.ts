import { describe, expect, it } from 'vitest';
import { createPlacedSelector } from '../devices/placed-devices.ts';
import type { LiveDevice } from '../devices/map-positions.ts';
import { createReplaySource } from './replay-source.ts';
import { toTracks } from './replay-tracks.ts';

const T0 = Date.parse('2026-01-01T10:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();
const device = (mac: string, name: string): LiveDevice => ({
  mac,
  name,
  customSettings: { color: '#FF0000' },
  positioningMode: 'auto',
  isMonitored: true,
  isAvailableInAPI: true,
  lastSeen: iso(T0 + 3_600_000),
  rssi: -40,
});

const live = {
  entities: { OWN: device('OWN', 'Own tag') },
  visitors: {},
  positions: { m1: {} },
};
const tracks = toTracks([
  {
    devices: [
      {
        mac: 'OWN',
        points: [
          { at: iso(T0), x: 0, y: 0 },
          { at: iso(T0 + 10_000), x: 10, y: 0 },
        ],
      },
      { mac: 'GONE', points: [{ at: iso(T0), x: 5, y: 5 }] },
    ],
  },
]);

describe('replay source', () => {
  it('places the devices where the history has them, last seen when that was kept', () => {
    const placed = createPlacedSelector()(
      createReplaySource()(live, tracks, 'm1', T0 + 5_000),
      'm1',
    );
    const own = placed.find((d) => d.mac === 'OWN')!;
    expect(own.position).toEqual({ x: 5, y: 0 });
    expect(own.name).toBe('Own tag');
    expect(own.customSettings.color).toBe('#FF0000');
    expect(own.lastSeen).toBe(iso(T0));
    expect(own.rssi).toBeNull();
    expect(own.readOnly).toBe(false);
    // A device this console does not know is drawn under its MAC, read-only.
    const gone = placed.find((d) => d.mac === 'GONE')!;
    expect(gone.name).toBe('GONE');
    expect(gone.readOnly).toBe(true);
  });

  it('leaves out devices the history has nowhere at the moment', () => {
    const source = createReplaySource()(live, tracks, 'm1', T0 - 1);
    expect(source.positions.m1).toEqual({});
  });

  it('gives the same slice for the same moment, and keeps an unmoved device object', () => {
    const replay = createReplaySource();
    const first = replay(live, tracks, 'm1', T0 + 1_000);
    expect(replay(live, tracks, 'm1', T0 + 1_000)).toBe(first);
    const later = replay(live, tracks, 'm1', T0 + 2_000);
    expect(later).not.toBe(first);
    expect(later.entities.OWN).toBe(first.entities.OWN);
    expect(later.positions.m1!.OWN).not.toEqual(first.positions.m1!.OWN);
  });
});
