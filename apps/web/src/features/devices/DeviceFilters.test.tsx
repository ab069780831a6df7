import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeDevice } from '../../test/fixtures.ts';
import { useUiStore } from '../layout/ui-store.ts';
import { useMapsStore } from '../maps/maps-store.ts';
import { DeviceList } from './DeviceList.tsx';
import { useDevicesStore } from './devices-store.ts';
import { useFollowStore } from './follow-store.ts';
import { renderTranslated } from '../../test/render.tsx';

const ago = (min: number) => new Date(Date.now() - min * 60_000).toISOString();
const devices = [
  makeDevice({ mac: 'AA:00:00:00:00:01', name: 'Forklift', lastSeen: ago(1) }),
  makeDevice({ mac: 'AA:00:00:00:00:02', name: 'Badge Dana', lastSeen: ago(2) }),
  makeDevice({ mac: 'BB:00:00:00:00:03', name: 'Pallet', lastSeen: ago(7) }),
  makeDevice({ mac: 'BB:00:00:00:00:04', name: 'Spare', lastSeen: null }),
];

function renderList() {
  return renderTranslated(<DeviceList />);
}
const shown = () =>
  within(screen.getByTestId('device-list'))
    .getAllByRole('button', { pressed: false })
    .map((b) => b.getAttribute('aria-label'));

beforeEach(() => {
  localStorage.removeItem('devices.showOnlyCurrentMap');
  useUiStore.setState({ language: 'en', selectedDeviceMac: null });
  useFollowStore.setState({ following: false });
  useMapsStore.getState().reset();
  useDevicesStore.getState().reset();
  useDevicesStore.setState({
    entities: Object.fromEntries(devices.map((d) => [d.mac, d])),
    monitored: devices.map((d) => d.mac),
    monitoredLoaded: true,
  });
});
afterEach(() => vi.restoreAllMocks());

describe('device list search, status filter and counts', () => {
  it('counts online, warning and offline devices beside the filter', () => {
    renderList();
    const chips = screen.getByRole('group', { name: 'Filter by status' });
    expect(
      within(chips)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['All 4', 'Online 2', 'Warning 1', 'Offline 1']);
  });

  it('search finds by name or MAC', async () => {
    const user = userEvent.setup();
    renderList();
    await user.type(screen.getByRole('searchbox', { name: 'Search devices' }), 'dana');
    expect(shown()).toEqual(['Badge Dana']);
    await user.clear(screen.getByRole('searchbox'));
    await user.type(screen.getByRole('searchbox'), 'bb:00');
    expect(shown()).toEqual(['Pallet', 'Spare']);
  });

  it('a status keeps only its devices; nothing matching offers to clear', async () => {
    const user = userEvent.setup();
    renderList();
    await user.click(screen.getByTestId('status-filter-online'));
    expect(screen.getByTestId('status-filter-online').getAttribute('aria-pressed')).toBe('true');
    expect(shown()).toEqual(['Forklift', 'Badge Dana']);
    await user.type(screen.getByRole('searchbox'), 'pallet');
    expect(screen.queryByTestId('device-list')).toBeNull();
    expect(screen.getByText(/No devices match the search or filter/)).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'Clear search and filter' }));
    expect(shown()).toHaveLength(4);
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('');
  });

  it('Follow needs a selected device and turns following on and off', async () => {
    const user = userEvent.setup();
    renderList();
    const follow = screen.getByRole('button', { name: 'Follow on map' });
    expect((follow as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Pallet' }));
    expect((follow as HTMLButtonElement).disabled).toBe(false);
    await user.click(follow);
    expect(useFollowStore.getState().following).toBe(true);
    expect(follow.getAttribute('aria-pressed')).toBe('true');
    await user.click(follow);
    expect(useFollowStore.getState().following).toBe(false);
  });

  it('reads in Hebrew', () => {
    useUiStore.setState({ language: 'he' });
    renderList();
    expect(screen.getByRole('searchbox', { name: 'חיפוש מכשירים' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'מעקב במפה' })).toBeDefined();
    expect(screen.getByTestId('status-filter-all').textContent).toBe('הכול 4');
  });
});
