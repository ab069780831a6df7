import { describe, expect, it } from 'vitest';
import { makeDevice } from '../../test/fixtures.ts';
import { MAX_TRAILS, trailDevices } from './trail-devices.ts';

const placed = { position: { x: 1, y: 1 }, triangulationInfo: null, receivedAt: 0 };
const own = {
  'AA:00:00:00:00:01': makeDevice({
    mac: 'AA:00:00:00:00:01',
    customSettings: { showTrail: true },
  }),
  'AA:00:00:00:00:02': makeDevice({ mac: 'AA:00:00:00:00:02' }),
  'AA:00:00:00:00:03': makeDevice({
    mac: 'AA:00:00:00:00:03',
    customSettings: { showTrail: true, showOnMaps: false },
  }),
};
const state = {
  entities: own,
  visitors: { 'BB:00:00:00:00:01': makeDevice({ mac: 'BB:00:00:00:00:01' }) },
  positions: {
    'map-1': {
      'AA:00:00:00:00:02': placed,
      'AA:00:00:00:00:03': placed,
      'BB:00:00:00:00:01': placed,
    },
  },
};
const macs = (show: Parameters<typeof trailDevices>[2], selected: string | null = null) =>
  trailDevices(state, 'map-1', show, selected).map((d) => d.mac);

describe('whose trails the map draws', () => {
  it("each device's own setting: those that ask for a trail, not one hidden from the maps", () => {
    expect(macs('device')).toEqual(['AA:00:00:00:00:01']);
  });
  it("all: every device located on the map, another account's too, not one hidden", () => {
    expect(macs('all')).toEqual(['AA:00:00:00:00:02', 'BB:00:00:00:00:01']);
  });
  it('selected: the selected device only, and nothing when none is selected', () => {
    expect(macs('selected', 'AA:00:00:00:00:02')).toEqual(['AA:00:00:00:00:02']);
    expect(macs('selected')).toEqual([]);
  });
  it('none: no trail, whatever the devices ask', () => {
    expect(macs('none', 'AA:00:00:00:00:02')).toEqual([]);
  });
  it('at most MAX_TRAILS devices', () => {
    const many = Object.fromEntries(
      Array.from({ length: MAX_TRAILS + 5 }, (_, i) => {
        const mac = `CC:00:00:00:00:${i.toString(16).padStart(2, '0')}`;
        return [mac, placed];
      }),
    );
    const entities = Object.fromEntries(Object.keys(many).map((mac) => [mac, makeDevice({ mac })]));
    expect(
      trailDevices({ entities, visitors: {}, positions: { 'map-1': many } }, 'map-1', 'all', null),
    ).toHaveLength(MAX_TRAILS);
  });
});
