import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SignalMap } from '@rtls/contract';
import { DEFAULT_LOCATE_SETTINGS } from '@rtls/positioning';
import { jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { makeDevice, makeGateway, makeMap, makeUpdate } from '../../test/fixtures.ts';
import { useDevicesStore } from './devices-store.ts';
import { mapFrame } from './positioner.ts';

const T0 = Date.parse('2024-06-15T12:00:00.000Z');
const TAG = 'AA:BB:CC:00:00:01';

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

  it('applies a position carried by the update', () => {
    seed(makeDevice({ mac: TAG }));
    useDevicesStore
      .getState()
      .applyUpdates([makeUpdate({ mac: TAG, position: { x: 120, y: 80 } })]);
    expect(useDevicesStore.getState().entities[TAG]?.position).toEqual({ x: 120, y: 80 });
  });
});

describe('positions from signals', () => {
  const PPM = 20;
  const RSSI_AT_1M = -59;
  const EXPONENT = 2.2;
  // Gateways at the corners of a 20 × 15 m room, in pixels.
  const gateways = [
    [0, 0],
    [20, 0],
    [20, 15],
    [0, 15],
  ].map(([x, y], i) => makeGateway({ mac: `GW:${i}`, position: { x: x! * PPM, y: y! * PPM } }));
  const map = makeMap({
    settings: { imageSize: { width: 400, height: 300 }, pixelsPerMetre: PPM },
  });

  /** Noise-free log-distance RSSI at (x, y) metres from every gateway. */
  function signalsAt(x: number, y: number, at: number): SignalMap {
    const signal: SignalMap = {};
    for (const g of gateways) {
      const d = Math.max(0.1, Math.hypot(x - g.position!.x / PPM, y - g.position!.y / PPM));
      signal[g.mac] = {
        rssi: RSSI_AT_1M - 10 * EXPONENT * Math.log10(d),
        received_at: new Date(at).toISOString(),
      };
    }
    return signal;
  }

  it.each([
    [6, 5],
    [14, 9],
  ])('locates a tag at (%i m, %i m) within 3 m after a few updates', (x, y) => {
    seed(makeDevice({ mac: TAG }), makeDevice({ mac: 'SILENT', name: 'Silent' }));
    useDevicesStore.getState().setFrame(mapFrame(map, gateways));
    for (let i = 0; i < 5; i++) {
      const now = T0 + i * 1000;
      vi.setSystemTime(now);
      const lastSeen = new Date(now).toISOString();
      useDevicesStore
        .getState()
        .applyUpdates([makeUpdate({ mac: TAG, signal: signalsAt(x, y, now), lastSeen })]);
    }
    const d = useDevicesStore.getState().entities[TAG]!;
    expect(d.position).toBeTruthy();
    const errorMetres = Math.hypot(d.position!.x / PPM - x, d.position!.y / PPM - y);
    expect(errorMetres).toBeLessThan(3);
    expect(d.triangulationInfo?.signalsUsed).toBeGreaterThanOrEqual(3);
    expect(useDevicesStore.getState().entities.SILENT?.position ?? null).toBeNull();
  });

  /** Five updates one second apart from a tag standing at (x, y) metres. */
  function standAt(x: number, y: number, from: number) {
    for (let i = 0; i < 5; i++) {
      const now = from + i * 1000;
      vi.setSystemTime(now);
      const lastSeen = new Date(now).toISOString();
      useDevicesStore
        .getState()
        .applyUpdates([makeUpdate({ mac: TAG, signal: signalsAt(x, y, now), lastSeen })]);
    }
  }

  it('new triangulation settings re-locate every device with them', () => {
    seed(makeDevice({ mac: TAG }));
    useDevicesStore.getState().setFrame(mapFrame(map, gateways));
    standAt(6, 5, T0);
    expect(useDevicesStore.getState().entities[TAG]?.position).toBeTruthy();

    const disabled = { ...DEFAULT_LOCATE_SETTINGS, enabled: false };
    useDevicesStore.getState().setLocateSettings(disabled);
    expect(useDevicesStore.getState().locateSettings).toEqual(disabled);
    expect(useDevicesStore.getState().entities[TAG]?.position).toBeNull();
    standAt(6, 5, T0 + 10_000);
    expect(useDevicesStore.getState().entities[TAG]?.position).toBeNull();

    useDevicesStore
      .getState()
      .setLocateSettings({ ...DEFAULT_LOCATE_SETTINGS, algorithm: 'strongest' });
    standAt(6, 5, T0 + 20_000);
    const d = useDevicesStore.getState().entities[TAG]!;
    expect(d.position).toBeTruthy();
    expect(d.triangulationInfo?.method).toBe('strongest');
  });

  it('a device without signals has no position', () => {
    seed(makeDevice({ mac: TAG, position: { x: 10, y: 10 } }));
    useDevicesStore.getState().setFrame(mapFrame(map, gateways));
    expect(useDevicesStore.getState().entities[TAG]?.position).toBeNull();
  });

  it('without a map frame, signals give no position', () => {
    seed(makeDevice({ mac: TAG }));
    useDevicesStore
      .getState()
      .applyUpdates([makeUpdate({ mac: TAG, signal: signalsAt(5, 5, T0) })]);
    expect(useDevicesStore.getState().entities[TAG]?.position).toBeNull();
  });
});

describe('device lifecycle (spec §4)', () => {
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

  it('a failed add raises the spec text and changes nothing', async () => {
    seed();
    mockFetch({});
    await expect(useDevicesStore.getState().addToMonitoring(TAG, {})).rejects.toThrow(
      'Failed to add device to monitoring',
    );
    expect(useDevicesStore.getState().monitored).toEqual([]);
  });
});
