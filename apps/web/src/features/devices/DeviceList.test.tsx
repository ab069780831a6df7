import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../app/I18nProvider.tsx';
import { makeDevice } from '../../test/fixtures.ts';
import { useUiStore } from '../layout/ui-store.ts';
import { DeviceList } from './DeviceList.tsx';
import { useDevicesStore } from './devices-store.ts';

const NOW = Date.parse('2024-06-15T12:00:00.000Z');
const MIN = 60_000;
const ago = (ms: number) => new Date(NOW - ms).toISOString();

const devices = [
  makeDevice({ mac: 'AA:00:00:00:00:01', name: 'Fresh', lastSeen: ago(30_000) }),
  makeDevice({ mac: 'AA:00:00:00:00:02', name: 'Almost five', lastSeen: ago(5 * MIN - 1000) }),
  makeDevice({ mac: 'AA:00:00:00:00:03', name: 'Six minutes', lastSeen: ago(6 * MIN) }),
  makeDevice({ mac: 'AA:00:00:00:00:04', name: 'Ten minutes', lastSeen: ago(10 * MIN) }),
  makeDevice({ mac: 'AA:00:00:00:00:05', name: 'Eleven minutes', lastSeen: ago(11 * MIN) }),
  makeDevice({ mac: 'AA:00:00:00:00:06', name: 'Never seen', lastSeen: null }),
];

function renderList() {
  return render(
    <I18nProvider>
      <DeviceList />
    </I18nProvider>,
  );
}

const row = (name: string) => screen.getByRole('button', { name: new RegExp(name) });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  useUiStore.setState({ language: 'en', selectedDeviceMac: null });
  useDevicesStore.getState().reset();
  useDevicesStore.setState({
    entities: Object.fromEntries(devices.map((d) => [d.mac, d])),
    monitored: devices.map((d) => d.mac),
    monitoredLoaded: true,
  });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('DeviceList', () => {
  it('shows a row per monitored device under Device Management', () => {
    renderList();
    expect(screen.getByRole('heading', { name: 'Device Management' })).toBeDefined();
    expect(screen.getAllByRole('button')).toHaveLength(devices.length);
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
});
