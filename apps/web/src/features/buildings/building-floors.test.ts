import { SOCKET_MAX_WATCHED_MAPS } from '@rtls/contract';
import { describe, expect, it } from 'vitest';
import { makeBuilding, placedAt } from '../../test/building-fixtures.ts';
import { makeMap } from '../../test/fixtures.ts';
import { translator } from '../../i18n/i18n.ts';
import { deviceFloor, distinctNames, floorName, mapsToWatch } from './building-floors.ts';

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
  it('is its map’s name, or its level when the map is not loaded', () => {
    const floor = { mapId: 'f2', level: 2, heightM: 3 };
    const map = makeMap({ _id: 'f2', name: 'Second floor, east wing offices' });
    expect(floorName(floor, { f2: map }, translator('en'))).toBe('Second floor, east wing offices');
    expect(floorName(floor, {}, translator('en'))).toBe('Level 2');
    expect(floorName(floor, {}, translator('he'))).toBe('קומה 2');
  });
});

describe('distinctNames', () => {
  it('drops the words all names begin with, up to their last separator', () => {
    expect(distinctNames(['Demo Building — Floor 1', 'Demo Building — Floor 2'])).toEqual([
      'Floor 1',
      'Floor 2',
    ]);
    expect(distinctNames(['HQ, Level 1', 'HQ, Level 2', 'HQ, Roof'])).toEqual([
      'Level 1',
      'Level 2',
      'Roof',
    ]);
  });

  it('keeps names whole when they share no part ending in a separator, or are alone', () => {
    expect(distinctNames(['Floor 1', 'Floor 2'])).toEqual(['Floor 1', 'Floor 2']);
    expect(distinctNames(['Ground', 'Level 1'])).toEqual(['Ground', 'Level 1']);
    expect(distinctNames(['A — B', 'A —'])).toEqual(['A — B', 'A —']);
    expect(distinctNames(['North — Floor 1'])).toEqual(['North — Floor 1']);
  });
});
