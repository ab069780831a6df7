import { SOCKET_MAX_WATCHED_MAPS } from '@rtls/contract';
import { describe, expect, it } from 'vitest';
import { makeBuilding, placedAt } from '../../test/building-fixtures.ts';
import { makeMap } from '../../test/fixtures.ts';
import { translator } from '../../i18n/i18n.ts';
import { deviceFloor, floorName, mapsToWatch } from './building-floors.ts';

const MAC = 'AA:00:00:00:00:01';

describe('mapsToWatch', () => {
  it('is the map on screen alone when it is no floor of a building, and nothing without a map', () => {
    expect(mapsToWatch([makeBuilding()], 'lone')).toEqual(['lone']);
    expect(mapsToWatch([makeBuilding()], null)).toEqual([]);
  });

  it('is every floor of the building, the map on screen first, then the nearest levels', () => {
    expect(mapsToWatch([makeBuilding()], 'f2')).toEqual(['f2', 'f1', 'f0']);
    expect(mapsToWatch([makeBuilding()], 'f1')).toEqual(['f1', 'f0', 'f2']);
  });

  it('stops at the most maps one live connection may watch, keeping the nearest floors', () => {
    const floors = Array.from({ length: 64 }, (_, level) => ({
      mapId: `f${level}`,
      level,
      heightM: 3,
    }));
    const watched = mapsToWatch([makeBuilding({ floors })], 'f63');
    expect(watched).toHaveLength(SOCKET_MAX_WATCHED_MAPS);
    expect(watched[0]).toBe('f63');
    expect(watched).toContain('f14');
    expect(watched).not.toContain('f13');
  });
});

describe('deviceFloor', () => {
  it('is the floor the device is placed on, the latest one while two still have it', () => {
    const building = makeBuilding();
    expect(deviceFloor({}, building, MAC)).toBeNull();
    expect(deviceFloor({ f1: { [MAC]: placedAt(5) } }, building, MAC)?.mapId).toBe('f1');
    const both = { f0: { [MAC]: placedAt(5) }, f2: { [MAC]: placedAt(9) } };
    expect(deviceFloor(both, building, MAC)?.mapId).toBe('f2');
    // A map of no floor of this building does not count.
    expect(deviceFloor({ other: { [MAC]: placedAt(9) } }, building, MAC)).toBeNull();
  });
});

describe('floorName', () => {
  it('is its map’s name as the tabs cut it, or its level when the map is not loaded', () => {
    const floor = { mapId: 'f2', level: 2, heightM: 3 };
    const long = makeMap({ _id: 'f2', name: 'Second floor, east wing offices' });
    expect(floorName(floor, { f2: long }, translator('en'))).toBe('Second floor, east w…');
    expect(floorName(floor, {}, translator('en'))).toBe('Level 2');
    expect(floorName(floor, {}, translator('he'))).toBe('קומה 2');
  });
});
