import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { makeDevice, makeMap } from '../../test/fixtures.ts';
import { formatClock } from '../../ui/format.ts';
import { useLiveStore } from '../live/live-store.ts';
import { useUiStore } from '../layout/ui-store.ts';
import { useMapsStore } from '../maps/maps-store.ts';
import { DeviceList } from './DeviceList.tsx';
import { useDevicesStore } from './devices-store.ts';
import { renderTranslated } from '../../test/render.tsx';

const NOW = Date.parse('2024-06-15T12:00:00.000Z');
const MIN = 60_000;
const ago = (ms: number) => new Date(NOW - ms).toISOString();

const placement = { position: { x: 10, y: 10 }, triangulationInfo: null, receivedAt: NOW };

const devices = [
  makeDevice({
    mac: 'AA:00:00:00:00:01',
    name: 'Fresh',
    lastSeen: ago(30_000),
  }),
  makeDevice({ mac: 'AA:00:00:00:00:02', name: 'Almost five', lastSeen: ago(5 * MIN - 1000) }),
  makeDevice({ mac: 'AA:00:00:00:00:03', name: 'Six minutes', lastSeen: ago(6 * MIN) }),
  makeDevice({ mac: 'AA:00:00:00:00:04', name: 'Ten minutes', lastSeen: ago(10 * MIN) }),
  makeDevice({ mac: 'AA:00:00:00:00:05', name: 'Eleven minutes', lastSeen: ago(11 * MIN) }),
  makeDevice({ mac: 'AA:00:00:00:00:06', name: 'Never seen', lastSeen: null }),
];

function renderList() {
  return renderTranslated(<DeviceList />);
}

/** The row's select button, whose accessible name is the device name. */
const row = (name: string) => screen.getByRole('button', { name });
const rowItem = (name: string) => row(name).closest('li')!;
/** The rows' select buttons (not the status filter's). */
const rowButtons = () =>
  within(screen.getByTestId('device-list')).getAllByRole('button', { pressed: false });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  useUiStore.setState({ language: 'en', selectedDeviceMac: null });
  useDevicesStore.getState().reset();
  useMapsStore.getState().reset();
  useDevicesStore.setState({
    entities: Object.fromEntries(devices.map((d) => [d.mac, d])),
    monitored: devices.map((d) => d.mac),
    monitoredLoaded: true,
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('DeviceList', () => {
  it('shows a row per monitored device under Device Management', () => {
    renderList();
    expect(screen.getByRole('heading', { name: 'Device Management' })).toBeDefined();
    expect(rowButtons()).toHaveLength(devices.length);
  });

  it.each([
    ['Fresh', 'Online'],
    ['Almost five', 'Online'],
    ['Six minutes', 'Warning'],
    ['Ten minutes', 'Warning'],
    ['Eleven minutes', 'Offline'],
    ['Never seen', 'Offline'],
  ])('%s is %s', (name, status) => {
    renderList();
    expect(within(row(name)).getByText(status)).toBeDefined();
  });

  it('shows the last-seen time, Unknown when never seen', () => {
    renderList();
    expect(within(row('Six minutes')).getByText(/6 min ago/)).toBeDefined();
    expect(within(row('Never seen')).getByText(/Unknown/)).toBeDefined();
  });

  it('shows Hebrew statuses in Hebrew', () => {
    useUiStore.setState({ language: 'he' });
    renderList();
    expect(within(row('Fresh')).getByText('מחובר')).toBeDefined();
    expect(within(row('Six minutes')).getByText('אזהרה')).toBeDefined();
    expect(within(row('Never seen')).getByText('מנותק')).toBeDefined();
  });

  it('toggles selection when a row is clicked', async () => {
    const user = userEvent.setup();
    renderList();
    expect(row('Fresh').getAttribute('aria-pressed')).toBe('false');
    await user.click(row('Fresh'));
    expect(row('Fresh').getAttribute('aria-pressed')).toBe('true');
    expect(useUiStore.getState().selectedDeviceMac).toBe('AA:00:00:00:00:01');
    await user.click(row('Six minutes'));
    expect(row('Fresh').getAttribute('aria-pressed')).toBe('false');
    expect(row('Six minutes').getAttribute('aria-pressed')).toBe('true');
    await user.click(row('Six minutes'));
    expect(row('Six minutes').getAttribute('aria-pressed')).toBe('false');
    expect(useUiStore.getState().selectedDeviceMac).toBeNull();
  });

  it('shows the empty state without monitored devices', () => {
    useDevicesStore.getState().reset();
    renderList();
    expect(screen.getByText('No monitored devices')).toBeDefined();
  });

  it('shows the load error', () => {
    useDevicesStore.setState({ error: 'Failed to fetch monitored devices' });
    renderList();
    expect(screen.getByText('Failed to fetch monitored devices')).toBeDefined();
  });

  it("'Show only current map' lists exactly the devices located on the map, and is remembered", async () => {
    useMapsStore.setState({ currentMapId: 'map-1' });
    useDevicesStore.setState({
      watched: ['map-1'],
      positions: {
        'map-1': { 'AA:00:00:00:00:01': placement },
        'map-2': { 'AA:00:00:00:00:02': placement },
      },
    });
    const user = userEvent.setup();
    const { unmount } = renderList();
    await user.click(screen.getByLabelText('Show only current map'));
    expect(rowButtons()).toHaveLength(1);
    expect(row('Fresh')).toBeDefined();
    expect(localStorage.getItem('devices.showOnlyCurrentMap')).toBe('true');
    unmount();
    renderList();
    expect((screen.getByLabelText('Show only current map') as HTMLInputElement).checked).toBe(true);
  });

  it('on a map with no devices located on it, the current-map list is empty', async () => {
    useMapsStore.setState({ currentMapId: 'map-2' });
    useDevicesStore.setState({ watched: ['map-2'], positions: { 'map-2': {} } });
    const user = userEvent.setup();
    renderList();
    await user.click(screen.getByLabelText('Show only current map'));
    expect(screen.getByText('No monitored devices on this map')).toBeDefined();
  });

  it("lists another account's device on the map as a read-only row", () => {
    useMapsStore.setState({ currentMapId: 'map-1' });
    useDevicesStore.setState({
      watched: ['map-1'],
      visitors: { 'BB:00:00:00:00:09': makeDevice({ mac: 'BB:00:00:00:00:09', name: 'Pallet' }) },
      positions: { 'map-1': { 'BB:00:00:00:00:09': placement } },
    });
    renderList();
    const item = rowItem('Pallet');
    expect(within(item).getByText('Shared on this map · view only')).toBeDefined();
    expect(within(item).queryByRole('button', { name: /Remove from monitoring/ })).toBeNull();
    expect(within(item).queryByRole('button', { name: 'Rename Pallet' })).toBeNull();
  });

  it('offers Add Device on a map the user may edit, not to a viewer of the map on screen', () => {
    useMapsStore.setState({
      entities: { 'map-1': makeMap({ accessLevel: 'viewer' }) },
      currentMapId: 'map-1',
    });
    const { unmount } = renderList();
    expect(screen.queryByRole('button', { name: 'Add Device' })).toBeNull();
    unmount();
    useMapsStore.setState({ entities: { 'map-1': makeMap({ accessLevel: 'editor' }) } });
    renderList();
    expect(screen.getByRole('button', { name: 'Add Device' })).toBeDefined();
  });
});

describe('inline rename', () => {
  it('saves on Enter with the new name as display name', async () => {
    const { calls } = mockFetch({
      'PUT /api/devices/AA%3A00%3A00%3A00%3A00%3A01': jsonResponse({
        success: true,
        device: makeDevice({
          mac: 'AA:00:00:00:00:01',
          name: 'Cart 7',
          customSettings: { displayName: 'Cart 7' },
        }),
      }),
    });
    const user = userEvent.setup();
    renderList();
    await user.click(screen.getByRole('button', { name: 'Rename Fresh' }));
    const input = screen.getByRole('textbox', { name: 'Rename Fresh' });
    await user.clear(input);
    await user.type(input, 'Cart 7{Enter}');
    expect(calls[0]!.body).toEqual({ name: 'Cart 7', customSettings: { displayName: 'Cart 7' } });
    await waitFor(() =>
      expect(useDevicesStore.getState().entities['AA:00:00:00:00:01']?.name).toBe('Cart 7'),
    );
  });

  it('refuses an empty device name', async () => {
    const { calls } = mockFetch();
    const user = userEvent.setup();
    renderList();
    await user.click(screen.getByRole('button', { name: 'Rename Fresh' }));
    await user.clear(screen.getByRole('textbox', { name: 'Rename Fresh' }));
    await user.keyboard('{Enter}');
    expect(screen.getByRole('alert').textContent).toBe('A device name must not be empty');
    expect(calls).toHaveLength(0);
  });
});

describe('remove and delete', () => {
  it('removes from monitoring only after the confirmation', async () => {
    const confirm = vi
      .spyOn(window, 'confirm')
      .mockReturnValueOnce(false)
      .mockReturnValueOnce(true);
    const { calls } = mockFetch({
      'DELETE /api/devices/monitor/AA%3A00%3A00%3A00%3A00%3A03': jsonResponse({
        success: true,
        device: makeDevice({ mac: 'AA:00:00:00:00:03', name: 'Six minutes', isMonitored: false }),
      }),
    });
    const user = userEvent.setup();
    renderList();
    const button = within(rowItem('Six minutes')).getByRole('button', {
      name: /Remove from monitoring/,
    });
    await user.click(button);
    expect(confirm).toHaveBeenLastCalledWith(
      'Are you sure you want to remove this device from monitoring?',
    );
    expect(calls).toHaveLength(0);
    await user.click(button);
    await waitFor(() =>
      expect(useDevicesStore.getState().monitored).not.toContain('AA:00:00:00:00:03'),
    );
    expect(useDevicesStore.getState().available.map((a) => a.mac)).toContain('AA:00:00:00:00:03');
  });

  it('deletes after the delete confirmation', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    mockFetch({
      'DELETE /api/devices/AA%3A00%3A00%3A00%3A00%3A02': jsonResponse({ success: true }),
    });
    const user = userEvent.setup();
    renderList();
    await user.click(within(rowItem('Almost five')).getByRole('button', { name: /Delete device/ }));
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete this device?');
    await waitFor(() =>
      expect(useDevicesStore.getState().entities['AA:00:00:00:00:02']).toBeUndefined(),
    );
  });
});

describe('Add Device to Monitoring', () => {
  const available = [
    {
      mac: 'BB:00:00:00:00:01',
      name: 'Heard tag',
      lastSeenInAPI: ago(MIN),
      firstSeen: ago(60 * MIN),
      isMonitored: false,
    },
  ];

  it('adds a manual device: MAC upper-cased, button disabled until MAC and name are given', async () => {
    const { calls } = mockFetch({
      'GET /api/available/devices': jsonResponse({ success: true, devices: available }),
      'POST /api/devices/monitor/CC%3A11%3A22%3A33%3A44%3A55': jsonResponse({
        success: true,
        device: makeDevice({ mac: 'CC:11:22:33:44:55', name: 'Pump' }),
      }),
    });
    const user = userEvent.setup();
    renderList();
    await user.click(screen.getByRole('button', { name: 'Add Device' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Device to Monitoring' });
    await user.click(within(dialog).getByRole('button', { name: 'Manual entry' }));
    const add = within(dialog).getByRole('button', { name: 'Add to Monitoring' });
    expect((add as HTMLButtonElement).disabled).toBe(true);
    await user.type(within(dialog).getByLabelText('MAC address'), 'cc:11:22:33:44:55');
    expect((within(dialog).getByLabelText('MAC address') as HTMLInputElement).value).toBe(
      'CC:11:22:33:44:55',
    );
    expect((add as HTMLButtonElement).disabled).toBe(true);
    await user.type(within(dialog).getByLabelText('Name'), 'Pump');
    expect((add as HTMLButtonElement).disabled).toBe(false);
    expect((within(dialog).getByLabelText('Colour') as HTMLInputElement).value).toBe('#3b82f6');
    await user.click(add);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toMatchObject({
      name: 'Pump',
      color: '#3B82F6',
      icon: 'device',
      showTrail: false,
    });
    expect(useDevicesStore.getState().monitored).toContain('CC:11:22:33:44:55');
  });

  it('adds a device picked from the available list, which then leaves that list', async () => {
    mockFetch({
      'GET /api/available/devices': jsonResponse({ success: true, devices: available }),
      'POST /api/devices/monitor/BB%3A00%3A00%3A00%3A00%3A01': jsonResponse({
        success: true,
        device: makeDevice({ mac: 'BB:00:00:00:00:01', name: 'Heard tag' }),
      }),
    });
    const user = userEvent.setup();
    renderList();
    await user.click(screen.getByRole('button', { name: 'Add Device' }));
    const dialog = screen.getByRole('dialog');
    const option = await within(dialog).findByRole('radio');
    expect(within(dialog).getByText('BB:00:00:00:00:01')).toBeDefined();
    expect(within(dialog).getByText(/Last seen in API/)).toBeDefined();
    await user.click(option);
    await user.click(within(dialog).getByRole('button', { name: 'Add to Monitoring' }));
    await waitFor(() =>
      expect(useDevicesStore.getState().monitored).toContain('BB:00:00:00:00:01'),
    );
    expect(useDevicesStore.getState().available).toHaveLength(0);
  });

  it('names an available device by its configured device, else by the reported name', async () => {
    useDevicesStore.setState({
      configured: {
        'BB:00:00:00:00:02': makeDevice({
          mac: 'BB:00:00:00:00:02',
          name: 'Configured',
          customSettings: { displayName: 'Night cart' },
          isMonitored: false,
        }),
      },
    });
    const heard = { ...available[0]!, mac: 'BB:00:00:00:00:02', name: 'BLE-2' };
    mockFetch({
      'GET /api/available/devices': jsonResponse({ success: true, devices: [...available, heard] }),
    });
    const user = userEvent.setup();
    renderList();
    await user.click(screen.getByRole('button', { name: 'Add Device' }));
    const dialog = screen.getByRole('dialog');
    expect(await within(dialog).findByText('Night cart')).toBeDefined();
    expect(within(dialog).getByText('Heard tag')).toBeDefined();
    expect(within(dialog).queryByText('BLE-2')).toBeNull();
  });

  it('shows the error of the available list', async () => {
    const held = deferred<Response>();
    mockFetch({ 'GET /api/available/devices': () => held.promise });
    const user = userEvent.setup();
    renderList();
    await user.click(screen.getByRole('button', { name: 'Add Device' }));
    held.resolve(jsonResponse({}, 500));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to fetch available devices',
    );
  });
});

describe('DeviceList while live updates are paused', () => {
  const paused = NOW - 20_000;
  const list = () => within(screen.getByTestId('device-list'));
  afterEach(() => useLiveStore.setState({ staleSince: null }));

  it('says every status is unknown since the pause and when each was seen, not how long ago', () => {
    useLiveStore.setState({ staleSince: paused });
    renderList();
    const since = `Unknown since ${formatClock(paused, 'en')}`;
    for (const d of devices) expect(within(row(d.name)).getByText(since)).toBeDefined();
    expect(list().queryByText(/Just now|min ago|^(Online|Warning|Offline)$/)).toBeNull();
    const seen = formatClock(ago(30_000), 'en');
    expect(within(row('Fresh')).getByText(new RegExp(`^Last seen ${seen} ·`))).toBeDefined();
    expect(screen.getByTestId('counts-as-of').textContent).toBe(
      `Counts as of ${formatClock(paused, 'en')}`,
    );
    expect(within(row('Never seen')).getByText(/Unknown ·/)).toBeDefined();
  });

  it('is live again, with no reload, once updates resume', () => {
    useLiveStore.setState({ staleSince: paused });
    renderList();
    act(() => useLiveStore.setState({ staleSince: null }));
    expect(list().queryByText(/Unknown since/)).toBeNull();
    expect(screen.queryByTestId('counts-as-of')).toBeNull();
    expect(within(row('Fresh')).getByText('Online')).toBeDefined();
    expect(within(row('Fresh')).getByText(/Just now/)).toBeDefined();
  });

  it('says it in Hebrew with the Hebrew time format', () => {
    useUiStore.setState({ language: 'he' });
    useLiveStore.setState({ staleSince: paused });
    renderList();
    const since = `לא ידוע מאז ${formatClock(paused, 'he')}`;
    for (const d of devices) expect(within(row(d.name)).getByText(since)).toBeDefined();
    expect(list().queryByText(/הרגע/)).toBeNull();
    expect(within(row('Fresh')).getByText(/^נראה לאחרונה \d\d:\d\d ·/)).toBeDefined();
  });
});
