/** Who gets which device_update: positioned per map, unpositioned for the owner, and leaving. */
import type { DeviceUpdate } from '@rtls/contract';
import { describe, expect, it } from 'vitest';
import { fanOut, type FanOutTargets, type PublishedDevice } from './fan-out.ts';

interface Sock {
  id: string;
  user: string;
  watching: string[];
}

const owner: Sock = { id: 'o', user: 'owner', watching: ['m1', 'm2'] };
const reader: Sock = { id: 'r', user: 'viewer', watching: ['m1'] };
const sockets = [owner, reader];

const targets: FanOutTargets<Sock> = {
  ownerSockets: [owner],
  watchers: (mapId) => sockets.filter((s) => s.watching.includes(mapId)),
  isOwner: (s) => s.user === 'owner',
  watches: (s, mapId) => s.watching.includes(mapId),
};

const update: DeviceUpdate = {
  mac: 'C3:00:00:00:00:01',
  name: 'Tag',
  signal: {
    'AC:23:3F:00:00:01': { rssi: -60, received_at: '2026-01-01T00:00:00.000Z', ip: '10.0.0.5' },
  },
  lastSeen: '2026-01-01T00:00:00.000Z',
  timestamp: '2026-01-01T00:00:00.100Z',
  position: null,
  strongestGateway: 'AC:23:3F:00:00:01',
  rssi: -60,
  mapId: null,
};

const at = (mapId: string) => ({
  mapId,
  position: { x: 10, y: 20 },
  triangulationInfo: {
    signalsUsed: 3,
    primaryGateway: 'AC:23:3F:00:00:01',
    method: 'maximum-likelihood',
    confidence: 0.8,
    lastCalculated: '2026-01-01T00:00:00.100Z',
  },
});

describe('fanOut', () => {
  it('tells every watcher of a map the device has just left that it is no longer there', () => {
    const device: PublishedDevice = { update, located: [at('m2')] as never, left: ['m1'] };
    const out = fanOut([device], targets);
    const gone = (s: Sock) => out.get(s)!.filter((u) => u.mapId === 'm1');
    expect(gone(owner)).toEqual([
      { ...update, mapId: 'm1', position: null, triangulationInfo: null },
    ]);
    expect(gone(reader)).toHaveLength(1);
    expect(gone(reader)[0]!.position).toBeNull();
    // A reader never sees the gateways' addresses.
    expect(Object.values(gone(reader)[0]!.signal).every((s) => !s.ip)).toBe(true);
    // The owner still gets the device where it is now; the reader, who does not watch m2, not.
    expect(out.get(owner)!.some((u) => u.mapId === 'm2' && u.position)).toBe(true);
    expect(out.get(reader)!.some((u) => u.mapId === 'm2')).toBe(false);
  });

  it('sends nothing about leaving when the device left no map', () => {
    const out = fanOut([{ update, located: [at('m1')] as never }], targets);
    expect(out.get(reader)!.map((u) => [u.mapId, u.position !== null])).toEqual([['m1', true]]);
  });
});
