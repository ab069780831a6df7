import { act, render } from '@testing-library/react';
import L from 'leaflet';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDevicesStore } from '../../features/devices/devices-store.ts';
import { useFollowStore } from '../../features/devices/follow-store.ts';
import { useUiStore } from '../../features/layout/ui-store.ts';
import { ImageCRS, toLatLng } from '../crs.ts';
import { MapContext } from '../map-context.ts';
import { DeviceCamera } from './DeviceCamera.tsx';

let leaflet: L.Map;
let host: HTMLDivElement;
const MAC = 'AA:00:00:00:00:01';

const place = (x: number, y: number) =>
  act(() =>
    useDevicesStore.setState({
      positions: {
        'map-1': { [MAC]: { position: { x, y }, triangulationInfo: null, receivedAt: Date.now() } },
      },
    }),
  );

beforeEach(() => {
  host = document.createElement('div');
  document.body.append(host);
  leaflet = L.map(host, { crs: ImageCRS, zoomControl: false }).setView([0, 0], 0);
  useDevicesStore.getState().reset();
  useUiStore.setState({ selectedDeviceMac: null, deviceFocus: null });
  useFollowStore.setState({ following: false });
  render(
    <MapContext.Provider value={leaflet}>
      <DeviceCamera mapId="map-1" />
    </MapContext.Provider>,
  );
});
afterEach(() => {
  leaflet.remove();
  host.remove();
});

describe('device camera', () => {
  it('centres on a selected device once; without Follow it stays put as the device moves', () => {
    place(100, 200);
    const pan = vi.spyOn(leaflet, 'panTo');
    act(() => useUiStore.getState().selectDevice(MAC));
    expect(pan).toHaveBeenCalledTimes(1);
    expect(pan.mock.calls[0]![0]).toEqual(toLatLng({ x: 100, y: 200 }));
    place(300, 200);
    expect(pan).toHaveBeenCalledTimes(1);
  });

  it('with Follow on, keeps centring the selected device as it moves, until the map is dragged', () => {
    place(100, 200);
    act(() => useUiStore.getState().selectDevice(MAC));
    const pan = vi.spyOn(leaflet, 'panTo');
    act(() => useFollowStore.getState().setFollowing(true));
    expect(pan).toHaveBeenLastCalledWith(toLatLng({ x: 100, y: 200 }));
    place(300, 250);
    expect(pan).toHaveBeenLastCalledWith(toLatLng({ x: 300, y: 250 }));
    act(() => void leaflet.fire('dragstart'));
    expect(useFollowStore.getState().following).toBe(false);
    const calls = pan.mock.calls.length;
    place(400, 250);
    expect(pan).toHaveBeenCalledTimes(calls);
  });

  it('centres a device asked for on this map as soon as it is drawn here, once', () => {
    const pan = vi.spyOn(leaflet, 'panTo');
    // Asked for on another map: not this camera's business.
    act(() => useUiStore.getState().focusDevice(MAC, 'map-2'));
    place(100, 200);
    expect(pan).not.toHaveBeenCalled();
    // Asked for here before its position arrived: centred when it does, and only then.
    act(() => useUiStore.getState().focusDevice(MAC, 'map-1'));
    expect(useUiStore.getState().selectedDeviceMac).toBe(MAC);
    expect(pan).toHaveBeenLastCalledWith(toLatLng({ x: 100, y: 200 }));
    expect(useUiStore.getState().deviceFocus).toBeNull();
    place(300, 200);
    expect(pan).toHaveBeenCalledTimes(1);
    act(() => useDevicesStore.getState().reset());
    act(() => useUiStore.getState().focusDevice(MAC, 'map-1'));
    expect(pan).toHaveBeenCalledTimes(1);
    place(50, 60);
    expect(pan).toHaveBeenCalledTimes(2);
    expect(pan).toHaveBeenLastCalledWith(toLatLng({ x: 50, y: 60 }));
  });
});
