import { act } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeBuilding, placedAt } from '../../test/building-fixtures.ts';
import { mockFetch } from '../../test/fetch-mock.ts';
import { useDevicesStore } from '../devices/devices-store.ts';
import { useFollowStore } from '../devices/follow-store.ts';
import { useUiStore } from '../layout/ui-store.ts';
import { useMapsStore } from '../maps/maps-store.ts';
import { useBuildingsStore } from './buildings-store.ts';
import { followAcrossFloors } from './floor-switch.ts';

const MAC = 'AA:00:00:00:00:01';
let clock = 0;
/** The server locates the device on this floor (it leaves the others). */
const locateOn = (mapId: string) =>
  act(() => useDevicesStore.setState({ positions: { [mapId]: { [MAC]: placedAt(++clock) } } }));
const onScreen = () => useMapsStore.getState().currentMapId;

let stop: () => void = () => undefined;
beforeEach(() => {
  mockFetch();
  useDevicesStore.getState().reset();
  useMapsStore.setState({ currentMapId: 'f0', viewMode: 'tabs' });
  useBuildingsStore.setState({ buildings: [makeBuilding()] });
  useUiStore.setState({ selectedDeviceMac: MAC, deviceFocus: null });
  useFollowStore.setState({ following: true });
  locateOn('f0');
  stop = followAcrossFloors();
});
afterEach(() => {
  stop();
  vi.unstubAllGlobals();
});

describe('Follow across the floors of a building', () => {
  it('shows the floor the followed device goes to, asks it to centre the device, and keeps following', () => {
    locateOn('f1');
    expect(onScreen()).toBe('f1');
    expect(useUiStore.getState().deviceFocus).toEqual({ mac: MAC, mapId: 'f1' });
    expect(useUiStore.getState().selectedDeviceMac).toBe(MAC);
    expect(useFollowStore.getState().following).toBe(true);
    locateOn('f2');
    expect(onScreen()).toBe('f2');
  });

  it('switches on the newest floor while the old one still has the device for a moment', () => {
    act(() =>
      useDevicesStore.setState({
        positions: { f0: { [MAC]: placedAt(++clock) }, f2: { [MAC]: placedAt(++clock) } },
      }),
    );
    expect(onScreen()).toBe('f2');
  });

  it('leaves a floor picked by hand on screen until the device changes floor again', () => {
    act(() => useMapsStore.setState({ currentMapId: 'f2' }));
    locateOn('f0');
    expect(onScreen()).toBe('f2');
    locateOn('f1');
    expect(onScreen()).toBe('f1');
  });

  it('goes to the device’s floor at once when Follow is turned on', () => {
    act(() => useFollowStore.setState({ following: false }));
    locateOn('f2');
    expect(onScreen()).toBe('f0');
    act(() => useFollowStore.getState().setFollowing(true));
    expect(onScreen()).toBe('f2');
  });

  it('does not switch without Follow, nor for a map that is no floor of a building', () => {
    act(() => useFollowStore.setState({ following: false }));
    locateOn('f1');
    expect(onScreen()).toBe('f0');
    act(() => useFollowStore.setState({ following: true }));
    act(() => useMapsStore.setState({ currentMapId: 'lone' }));
    locateOn('f2');
    expect(onScreen()).toBe('lone');
  });
});
