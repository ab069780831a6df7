import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeBuilding, placedAt } from '../../test/building-fixtures.ts';
import { mockFetch } from '../../test/fetch-mock.ts';
import { makeDevice, makeMap } from '../../test/fixtures.ts';
import { renderTranslated } from '../../test/render.tsx';
import { useBuildingsStore } from '../buildings/buildings-store.ts';
import { useUiStore } from '../layout/ui-store.ts';
import { useMapsStore } from '../maps/maps-store.ts';
import { DeviceList } from './DeviceList.tsx';
import { useDevicesStore } from './devices-store.ts';

const HERE = makeDevice({ mac: 'AA:00:00:00:00:01', name: 'Here' });
const UPSTAIRS = makeDevice({ mac: 'AA:00:00:00:00:02', name: 'Upstairs' });

beforeEach(() => {
  mockFetch();
  localStorage.clear();
  useUiStore.setState({ language: 'en', selectedDeviceMac: null, deviceFocus: null });
  useMapsStore.getState().reset();
  useMapsStore.setState({
    entities: {
      f0: makeMap({ _id: 'f0', name: 'Ground' }),
      f2: makeMap({ _id: 'f2', name: 'Level 2' }),
    },
    currentMapId: 'f0',
  });
  useBuildingsStore.setState({ buildings: [makeBuilding()] });
  useDevicesStore.getState().reset();
  useDevicesStore.setState({
    entities: { [HERE.mac]: HERE, [UPSTAIRS.mac]: UPSTAIRS },
    monitored: [HERE.mac, UPSTAIRS.mac],
    monitoredLoaded: true,
    watched: ['f0', 'f1', 'f2'],
    positions: { f0: { [HERE.mac]: placedAt(1) }, f2: { [UPSTAIRS.mac]: placedAt(1) } },
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('DeviceList and the floors of a building', () => {
  it('says on which other floor a device is, and only for that device', () => {
    renderTranslated(<DeviceList />);
    expect(screen.getAllByTestId('device-floor').map((f) => f.textContent)).toEqual(['On Level 2']);
    const upstairs = screen.getByRole('button', { name: 'Upstairs' });
    expect(upstairs.getAttribute('aria-describedby')).toBe(screen.getByTestId('device-floor').id);
    expect(screen.getByRole('button', { name: 'Here' }).hasAttribute('aria-describedby')).toBe(
      false,
    );
  });

  it('selecting that device shows its floor, centred on it', async () => {
    renderTranslated(<DeviceList />);
    await userEvent.click(screen.getByRole('button', { name: 'Upstairs' }));
    expect(useMapsStore.getState().currentMapId).toBe('f2');
    expect(useUiStore.getState().selectedDeviceMac).toBe(UPSTAIRS.mac);
    expect(useUiStore.getState().deviceFocus).toEqual({ mac: UPSTAIRS.mac, mapId: 'f2' });
  });

  it('names the floor in Hebrew, by its level when its map is not loaded', () => {
    useUiStore.setState({ language: 'he' });
    useMapsStore.setState({ entities: {} });
    renderTranslated(<DeviceList />);
    expect(screen.getByTestId('device-floor').textContent).toBe('ב־קומה 2');
  });
});
