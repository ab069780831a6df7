import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AvailableDevice, AvailableGateway } from '@rtls/contract';
import { jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { makeDevice, makeGateway, makeUpdate } from '../../test/fixtures.ts';
import { useDevicesStore } from '../devices/devices-store.ts';
import { useGatewaysStore } from '../gateways/gateways-store.ts';
import { HEARD_GIVE_UP_MS, HEARD_RETRY_DELAYS_MS, unseen, useHeardStore } from './heard-store.ts';

const ACCOUNT = 'ops@example.com';
const heardDevice = (mac: string, isMonitored = false): AvailableDevice => ({
  mac,
  name: mac,
  lastSeenInAPI: '2026-01-01T00:00:00.000Z',
  firstSeen: '2026-01-01T00:00:00.000Z',
  isMonitored,
});
const heardGateway = (mac: string): AvailableGateway => ({
  mac,
  name: mac,
  ip: null,
  lastSeen: '2026-01-01T00:00:00.000Z',
  daysSinceLastSeen: 0,
  isMonitored: false,
});
const signalFrom = (gateway: string) => ({
  [gateway]: { rssi: -60, received_at: '2026-01-01T00:00:00.000Z' },
});

/** The server's lists, changed by the tests; counts the calls. */
function serverLists(devices: AvailableDevice[] = [], gateways: AvailableGateway[] = []) {
  const lists = { devices, gateways, deviceCalls: 0, gatewayCalls: 0, gatewayQuery: '' };
  mockFetch({
    'GET /api/available/devices': () => {
      lists.deviceCalls++;
      return jsonResponse({ success: true, devices: lists.devices });
    },
    'GET /api/available/gateways': (call) => {
      lists.gatewayCalls++;
      lists.gatewayQuery = new URL(call.url, 'http://console').search;
      return jsonResponse({ success: true, gateways: lists.gateways });
    },
  });
  return lists;
}

beforeEach(() => {
  vi.useFakeTimers();
  useHeardStore.getState().reset();
  useDevicesStore.getState().reset();
  useGatewaysStore.getState().reset();
});
afterEach(() => {
  useHeardStore.getState().reset();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('heard store', () => {
  it("loads the heard devices not monitored, and gateways of the Add Gateway dialog's default days", async () => {
    const lists = serverLists(
      [heardDevice('C3:00:00:00:00:01'), heardDevice('C3:00:00:00:00:02', true)],
      [heardGateway('AC:00:00:00:00:01')],
    );
    useHeardStore.getState().start(ACCOUNT);
    await vi.runAllTimersAsync();
    const s = useHeardStore.getState();
    expect(s.devices.map((d) => d.mac)).toEqual(['C3:00:00:00:00:01']);
    expect(s.gateways.map((g) => g.mac)).toEqual(['AC:00:00:00:00:01']);
    expect(lists.gatewayQuery).toBe('?lastSeenDays=3');
  });

  it('a live update of a device it does not know reloads the list, again until the device is there', async () => {
    const lists = serverLists();
    useHeardStore.getState().start(ACCOUNT);
    await vi.runAllTimersAsync();
    expect(lists.deviceCalls).toBe(1);

    // The update came before the report was stored: the first reload does not have it yet.
    useHeardStore.getState().notice([makeUpdate({ mac: 'C3:00:00:00:00:09' })]);
    await vi.advanceTimersByTimeAsync(HEARD_RETRY_DELAYS_MS[0]);
    expect(lists.deviceCalls).toBe(2);
    lists.devices = [heardDevice('C3:00:00:00:00:09')];
    // Further updates of the device while it is looked up ask nothing more.
    useHeardStore.getState().notice([makeUpdate({ mac: 'C3:00:00:00:00:09' })]);
    await vi.advanceTimersByTimeAsync(HEARD_RETRY_DELAYS_MS[1]);
    expect(lists.deviceCalls).toBe(3);
    expect(useHeardStore.getState().devices.map((d) => d.mac)).toEqual(['C3:00:00:00:00:09']);

    // Known now: its updates ask nothing.
    useHeardStore.getState().notice([makeUpdate({ mac: 'C3:00:00:00:00:09' })]);
    await vi.runAllTimersAsync();
    expect(lists.deviceCalls).toBe(3);
  });

  it('gives up on a MAC the server never lists, and asks again only after a while', async () => {
    const lists = serverLists();
    useHeardStore.getState().start(ACCOUNT);
    await vi.runAllTimersAsync();
    useHeardStore.getState().notice([makeUpdate({ mac: 'C3:00:00:00:00:0A' })]);
    await vi.runAllTimersAsync();
    expect(lists.deviceCalls).toBe(1 + HEARD_RETRY_DELAYS_MS.length);

    useHeardStore.getState().notice([makeUpdate({ mac: 'C3:00:00:00:00:0A' })]);
    await vi.runAllTimersAsync();
    expect(lists.deviceCalls).toBe(1 + HEARD_RETRY_DELAYS_MS.length);
    vi.setSystemTime(Date.now() + HEARD_GIVE_UP_MS);
    useHeardStore.getState().notice([makeUpdate({ mac: 'C3:00:00:00:00:0A' })]);
    await vi.advanceTimersByTimeAsync(HEARD_RETRY_DELAYS_MS[0]);
    expect(lists.deviceCalls).toBe(2 + HEARD_RETRY_DELAYS_MS.length);
  });

  it('a new gateway in the signals of an own device reloads the gateways; known ones do not', async () => {
    const lists = serverLists();
    useDevicesStore.setState({
      entities: { 'C3:00:00:00:00:01': makeDevice({ mac: 'C3:00:00:00:00:01' }) },
    });
    useGatewaysStore.setState({
      all: { 'AC:00:00:00:00:01': makeGateway({ mac: 'AC:00:00:00:00:01' }) },
    });
    useHeardStore.getState().start(ACCOUNT);
    await vi.runAllTimersAsync();

    const own = { mac: 'C3:00:00:00:00:01', mapId: 'map-1' };
    useHeardStore
      .getState()
      .notice([makeUpdate({ ...own, signal: signalFrom('AC:00:00:00:00:01') })]);
    await vi.runAllTimersAsync();
    expect([lists.deviceCalls, lists.gatewayCalls]).toEqual([1, 1]);

    lists.gateways = [heardGateway('AC:00:00:00:00:02')];
    useHeardStore
      .getState()
      .notice([makeUpdate({ ...own, signal: signalFrom('AC:00:00:00:00:02') })]);
    await vi.runAllTimersAsync();
    expect([lists.deviceCalls, lists.gatewayCalls]).toEqual([1, 2]);
    expect(useHeardStore.getState().gateways.map((g) => g.mac)).toEqual(['AC:00:00:00:00:02']);
  });

  it("ignores another account's device on a watched map (a shared map), and its gateways", async () => {
    const lists = serverLists();
    useHeardStore.getState().start(ACCOUNT);
    await vi.runAllTimersAsync();
    useHeardStore.getState().notice([
      makeUpdate({
        mac: 'D0:00:00:00:00:01',
        mapId: 'shared',
        signal: signalFrom('EE:00:00:00:00:01'),
      }),
    ]);
    await vi.runAllTimersAsync();
    expect([lists.deviceCalls, lists.gatewayCalls]).toEqual([1, 1]);
  });

  it('remembers what was dismissed per account, and announces only what was not', async () => {
    serverLists([heardDevice('C3:00:00:00:00:01'), heardDevice('C3:00:00:00:00:02')]);
    useHeardStore.getState().start(ACCOUNT);
    await vi.runAllTimersAsync();
    useHeardStore.getState().markSeen('devices', ['C3:00:00:00:00:01']);
    useHeardStore.getState().reset();

    useHeardStore.getState().start(ACCOUNT);
    await vi.runAllTimersAsync();
    const s = useHeardStore.getState();
    expect(unseen(s.devices, s.seen.devices, () => false).map((d) => d.mac)).toEqual([
      'C3:00:00:00:00:02',
    ]);
    expect(unseen(s.devices, s.seen.devices, (mac) => mac === 'C3:00:00:00:00:02')).toEqual([]);

    useHeardStore.getState().reset();
    useHeardStore.getState().start('other@example.com');
    await vi.runAllTimersAsync();
    expect(useHeardStore.getState().seen.devices).toEqual([]);
  });
});
