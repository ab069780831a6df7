import { act, render } from '@testing-library/react';
import L from 'leaflet';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDevicesStore } from '../../features/devices/devices-store.ts';
import { useGatewaysStore } from '../../features/gateways/gateways-store.ts';
import { makeDevice, makeGateway, makeMap } from '../../test/fixtures.ts';
import { ImageCRS } from '../crs.ts';
import { MapContext } from '../map-context.ts';
import { GATEWAY_DOT_BELOW_PX, GatewayLayer, gatewayMarkerPx } from './GatewayLayer.tsx';

const NOW = Date.parse('2026-11-23T12:00:00Z');
const ago = (min: number) => new Date(NOW - min * 60_000).toISOString();
const LOBBY = makeGateway({ mac: 'AC:23:3F:00:00:01', name: 'Lobby', lastSeen: ago(20) });
const DOCK = makeGateway({
  mac: 'AC:23:3F:00:00:02',
  name: 'Dock',
  position: { x: 300, y: 200 },
  lastSeen: ago(1),
});

let leaflet: L.Map;
let host: HTMLDivElement;

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date', 'setInterval', 'clearInterval'] });
  host = document.createElement('div');
  document.body.append(host);
  leaflet = L.map(host, { crs: ImageCRS, zoomControl: false }).setView([0, 0], 0);
  useDevicesStore.getState().reset();
  useGatewaysStore.setState({ entities: { [LOBBY.mac]: LOBBY, [DOCK.mac]: DOCK } });
});
afterEach(() => {
  leaflet.remove();
  host.remove();
  vi.useRealTimers();
});

const renderLayer = () =>
  render(
    <MapContext.Provider value={leaflet}>
      <GatewayLayer map={makeMap()} />
    </MapContext.Provider>,
  );
const marker = (mac: string) =>
  host.querySelector<HTMLElement>(`[data-testid="gateway-marker"][data-mac="${mac}"]`)!;
const status = (mac: string) => marker(mac).dataset.status;
const hearLobby = (min: number) =>
  act(() =>
    useDevicesStore.setState({
      entities: {
        tag: makeDevice({
          mac: 'C3:00:00:00:00:01',
          signal: { [LOBBY.mac]: { rssi: -60, received_at: ago(min), ip: null } },
        }),
      },
    }),
  );

describe('gateway health on the map markers', () => {
  it('shows each gateway online, stale or offline by its listed last report', () => {
    renderLayer();
    expect(status(LOBBY.mac)).toBe('offline');
    expect(status(DOCK.mac)).toBe('online');
    expect(marker(DOCK.mac).querySelector('.gateway-health')?.classList).toContain('online');
  });

  it('comes online with a live signal and ages as time passes, on the same marker', () => {
    renderLayer();
    const before = marker(LOBBY.mac);
    hearLobby(0);
    expect(status(LOBBY.mac)).toBe('online');
    expect(marker(LOBBY.mac).querySelector('.gateway-health')?.classList).toContain('online');
    // Updated in place: the marker is not drawn anew (a drag in progress would be lost).
    expect(marker(LOBBY.mac)).toBe(before);
    act(() => vi.advanceTimersByTime(6 * 60_000));
    expect(status(LOBBY.mac)).toBe('warning');
    expect(status(DOCK.mac)).toBe('warning');
    act(() => vi.advanceTimersByTime(5 * 60_000));
    expect(status(LOBBY.mac)).toBe('offline');
    expect(marker(LOBBY.mac).querySelector('.gateway-health')?.classList).toContain('offline');
  });

  it('keeps a redrawn marker at its live status', () => {
    renderLayer();
    hearLobby(1);
    act(() =>
      useGatewaysStore.setState({
        entities: { [LOBBY.mac]: { ...LOBBY, name: 'Front lobby' }, [DOCK.mac]: DOCK },
      }),
    );
    expect(status(LOBBY.mac)).toBe('online');
  });
});

describe('gateway marker size', () => {
  it('covers the same stretch of floor at every zoom, from a dot to the full icon', () => {
    // 6 px/m on screen (a 58 m plan across a phone): a dot.
    const phone = gatewayMarkerPx(6, 0, false);
    expect(phone).toBeLessThan(GATEWAY_DOT_BELOW_PX);
    expect(phone).toBeGreaterThanOrEqual(12);
    // Zoomed in twice as far, twice the size, up to the full 45 px icon.
    expect(gatewayMarkerPx(6, 1, false)).toBe(2 * gatewayMarkerPx(6, 0, false));
    expect(gatewayMarkerPx(20, 2, false)).toBe(45);
    expect(gatewayMarkerPx(20, 2, true)).toBe(51);
    // Never smaller than a dot one can see and tap near.
    expect(gatewayMarkerPx(1, -4, false)).toBe(12);
  });
});
