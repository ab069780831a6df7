import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SignalMap } from '@rtls/contract';
import { jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { makeDevice, makeUpdate } from '../../test/fixtures.ts';
import { useDevicesStore } from './devices-store.ts';
import { placedOn } from './placed-devices.ts';

const T0 = Date.parse('2024-06-15T12:00:00.000Z');
const TAG = 'AA:BB:CC:00:00:01';
const MAP = 'map-1';

beforeEach(() => {
  vi.useFakeTimers({ now: T0, toFake: ['Date'] });
  useDevicesStore.getState().reset();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function seed(...devices: ReturnType<typeof makeDevice>[]) {
  useDevicesStore.setState({
    entities: Object.fromEntries(devices.map((d) => [d.mac, d])),
    monitored: devices.map((d) => d.mac),
    monitoredLoaded: true,
  });
}

describe('applyUpdates', () => {
  it('merges live fields into a known device', () => {
    seed(makeDevice({ mac: TAG, name: 'Old name' }));
    const lastSeen = new Date(T0).toISOString();
    const signal: SignalMap = { 'GW:1': { rssi: -62, received_at: lastSeen } };
    useDevicesStore.getState().applyUpdates([
      makeUpdate({
        mac: TAG,
        name: 'Server name',
        signal,
        lastSeen,
        rssi: -62,
        strongestGateway: 'GW:1',
      }),
    ]);
    const d = useDevicesStore.getState().entities[TAG]!;
    expect(d).toMatchObject({
      name: 'Server name',
      lastSeen,
      rssi: -62,
      signal,
      strongestGateway: 'GW:1',
    });
  });

  it('keeps the custom display name as the name', () => {
    seed(makeDevice({ mac: TAG, name: 'Tag', customSettings: { displayName: 'Forklift 3' } }));
    useDevicesStore.getState().applyUpdates([makeUpdate({ mac: TAG, name: 'BLE-1234' })]);
    expect(useDevicesStore.getState().entities[TAG]?.name).toBe('Forklift 3');
  });

  it('does not create unknown devices', () => {
    seed(makeDevice({ mac: TAG }));
    const before = useDevicesStore.getState().entities;
    useDevicesStore.getState().applyUpdates([makeUpdate({ mac: 'FF:FF:FF:FF:FF:FF', rssi: -40 })]);
    const s = useDevicesStore.getState();
    expect(s.entities['FF:FF:FF:FF:FF:FF']).toBeUndefined();
    expect(Object.keys(s.entities)).toEqual([TAG]);
    expect(s.monitored).toEqual([TAG]);
    expect(s.entities).toBe(before);
  });
});

describe('positions from the server', () => {
  const devicesOf = (mapId: string) => `GET /api/maps/${mapId}/devices`;

  it('watching a map loads the devices the server located on it, own and shared', async () => {
    seed(makeDevice({ mac: TAG, name: 'Cart' }));
    mockFetch({
      [devicesOf(MAP)]: jsonResponse({
        success: true,
        devices: [
          makeDevice({ mac: TAG, mapId: MAP, position: { x: 10, y: 20 } }),
          makeDevice({ mac: 'OTHER', name: 'Pallet', mapId: MAP, position: { x: 30, y: 40 } }),
        ],
      }),
    });
    useDevicesStore.getState().watch([MAP]);
    await vi.waitFor(() =>
      expect(Object.keys(useDevicesStore.getState().positions[MAP] ?? {})).toHaveLength(2),
    );
    const drawn = placedOn(useDevicesStore.getState(), MAP);
    expect(drawn.map((d) => [d.name, d.readOnly])).toEqual([
      ['Cart', false],
      ['Pallet', true],
    ]);
  });

  it('live updates move a device on its map only', () => {
    seed(makeDevice({ mac: TAG }));
    mockFetch({ [devicesOf(MAP)]: jsonResponse({ success: true, devices: [] }) });
    useDevicesStore.getState().watch([MAP]);
    useDevicesStore
      .getState()
      .applyUpdates([
        makeUpdate({ mac: TAG, mapId: 'elsewhere', position: { x: 1, y: 1 } }),
        makeUpdate({ mac: TAG, mapId: MAP, position: { x: 120, y: 80 } }),
      ]);
    expect(placedOn(useDevicesStore.getState(), MAP).map((d) => d.position)).toEqual([
      { x: 120, y: 80 },
    ]);
    expect(useDevicesStore.getState().entities[TAG]?.position).toBeFalsy();
  });

  it('refreshPositions rejects when the server does not answer, and keeps the markers', async () => {
    seed(makeDevice({ mac: TAG }));
    mockFetch({ [devicesOf(MAP)]: jsonResponse({ success: true, devices: [] }) });
    useDevicesStore.getState().watch([MAP]);
    useDevicesStore
      .getState()
      .applyUpdates([makeUpdate({ mac: TAG, mapId: MAP, position: { x: 5, y: 5 } })]);
    mockFetch({});
    await expect(useDevicesStore.getState().refreshPositions()).rejects.toThrow(
      'Failed to fetch devices',
    );
    expect(placedOn(useDevicesStore.getState(), MAP)).toHaveLength(1);
  });
});

describe('device lifecycle', () => {
  it('available → monitored: leaves the available list, named by display name, without a position', async () => {
    seed();
    useDevicesStore.setState({
      available: [
        { mac: TAG, name: 'BLE-1', lastSeenInAPI: '', firstSeen: '', isMonitored: false },
      ],
    });
    mockFetch({
      'POST /api/devices/monitor/AA%3ABB%3ACC%3A00%3A00%3A01': jsonResponse({
        success: true,
        device: makeDevice({ mac: TAG, name: 'BLE-1', customSettings: { displayName: 'Cart' } }),
      }),
    });
    await useDevicesStore.getState().addToMonitoring(TAG, { displayName: 'Cart' });
    const s = useDevicesStore.getState();
    expect(s.available).toEqual([]);
    expect(s.monitored).toEqual([TAG]);
    expect(s.entities[TAG]).toMatchObject({ name: 'Cart', position: null });
  });

  it('monitored → removed: back to available only when the provider still reports it', async () => {
    seed(makeDevice({ mac: TAG }), makeDevice({ mac: 'GONE', name: 'Gone' }));
    mockFetch({
      'DELETE /api/devices/monitor/AA%3ABB%3ACC%3A00%3A00%3A01': jsonResponse({
        success: true,
        device: makeDevice({ mac: TAG, isMonitored: false, isAvailableInAPI: true }),
      }),
      'DELETE /api/devices/monitor/GONE': jsonResponse({
        success: true,
        device: makeDevice({ mac: 'GONE', isMonitored: false, isAvailableInAPI: false }),
      }),
    });
    await useDevicesStore.getState().removeFromMonitoring(TAG);
    await useDevicesStore.getState().removeFromMonitoring('GONE');
    const s = useDevicesStore.getState();
    expect(s.monitored).toEqual([]);
    expect(s.entities).toEqual({});
    expect(s.available.map((a) => a.mac)).toEqual([TAG]);
  });

  it('a device listed as shared while it was not monitored is listed once when monitored again', async () => {
    seed();
    useDevicesStore.setState({ watched: [MAP], confirmed: [MAP] });
    useDevicesStore
      .getState()
      .applyUpdates([makeUpdate({ mac: TAG, mapId: MAP, position: { x: 1, y: 2 } })]);
    expect(Object.keys(useDevicesStore.getState().visitors)).toEqual([TAG]);
    mockFetch({
      'POST /api/devices/monitor/AA%3ABB%3ACC%3A00%3A00%3A01': jsonResponse({
        success: true,
        device: makeDevice({ mac: TAG }),
      }),
    });
    await useDevicesStore.getState().addToMonitoring(TAG, {});
    const s = useDevicesStore.getState();
    expect(s.visitors).toEqual({});
    expect(Object.keys(s.entities)).toEqual([TAG]);
    expect(placedOn(s, MAP).map((d) => d.mac)).toEqual([TAG]);
  });

  it('loading the monitored list takes over devices listed as shared', async () => {
    seed();
    useDevicesStore.setState({ watched: [MAP], confirmed: [MAP] });
    useDevicesStore
      .getState()
      .applyUpdates([
        makeUpdate({ mac: TAG, mapId: MAP, position: { x: 1, y: 2 } }),
        makeUpdate({ mac: 'BB:00:00:00:00:09', mapId: MAP, position: { x: 3, y: 2 } }),
      ]);
    mockFetch({
      'GET /api/devices/monitored': jsonResponse({
        success: true,
        devices: [makeDevice({ mac: TAG })],
      }),
    });
    await useDevicesStore.getState().loadMonitored();
    const s = useDevicesStore.getState();
    expect(Object.keys(s.visitors)).toEqual(['BB:00:00:00:00:09']);
    expect(Object.keys(s.entities)).toEqual([TAG]);
  });

  it("a failed add raises the call's text and changes nothing", async () => {
    seed();
    mockFetch({});
    await expect(useDevicesStore.getState().addToMonitoring(TAG, {})).rejects.toThrow(
      'Failed to add device to monitoring',
    );
    expect(useDevicesStore.getState().monitored).toEqual([]);
  });
});
