import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeBuilding, placedAt } from '../../test/building-fixtures.ts';
import { mockFetch } from '../../test/fetch-mock.ts';
import { makeDevice, makeMap } from '../../test/fixtures.ts';
import { renderTranslated } from '../../test/render.tsx';
import { useDevicesStore } from '../devices/devices-store.ts';
import { useUiStore } from '../layout/ui-store.ts';
import { useMapsStore } from '../maps/maps-store.ts';
import { useBuildingsStore } from './buildings-store.ts';
import { FloorSwitcher } from './FloorSwitcher.tsx';

const seen = (msAgo: number) => new Date(Date.now() - msAgo).toISOString();
const tags = [
  makeDevice({ mac: 'T1', lastSeen: seen(1_000) }),
  makeDevice({ mac: 'T2', lastSeen: seen(2_000) }),
  makeDevice({ mac: 'T3', lastSeen: seen(3_000) }),
  // Heard 10 minutes ago: still placed, but no live tag.
  makeDevice({ mac: 'T4', lastSeen: seen(600_000) }),
];

beforeEach(() => {
  mockFetch();
  useUiStore.setState({ language: 'en' });
  useMapsStore.setState({
    entities: Object.fromEntries(
      [
        ['f0', 'Ground floor'],
        ['f1', 'Level 1'],
        ['f2', 'Level 2'],
      ].map(([id, name]) => [id, makeMap({ _id: id, name })]),
    ),
    currentMapId: 'f0',
  });
  useBuildingsStore.setState({ buildings: [makeBuilding()] });
  useDevicesStore.getState().reset();
  useDevicesStore.setState({
    entities: Object.fromEntries(tags.map((d) => [d.mac, d])),
    positions: {
      f0: { T1: placedAt(1) },
      f1: { T2: placedAt(1), T3: placedAt(1) },
      f2: { T4: placedAt(1) },
    },
  });
});
afterEach(() => vi.unstubAllGlobals());

const floorButtons = () =>
  within(screen.getByRole('group', { name: 'Floors of North wing' })).getAllByRole('button');

describe('FloorSwitcher', () => {
  it('lists the floors highest first, each with its live tags, the one on screen pressed', () => {
    renderTranslated(<FloorSwitcher />);
    expect(floorButtons().map((b) => b.getAttribute('aria-label'))).toEqual([
      'Level 2, 0 live tags',
      'Level 1, 2 live tags',
      'Ground floor, 1 live tag',
    ]);
    expect(screen.getAllByTestId('floor-count').map((c) => c.textContent)).toEqual(['0', '2', '1']);
    expect(floorButtons().map((b) => b.getAttribute('aria-pressed'))).toEqual([
      'false',
      'false',
      'true',
    ]);
  });

  it('shows the floor chosen with the keyboard, keeping the focus, and says so', async () => {
    const user = userEvent.setup();
    renderTranslated(<FloorSwitcher />);
    act(() => floorButtons()[2]!.focus());
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(floorButtons()[1]);
    expect(useMapsStore.getState().currentMapId).toBe('f0');
    await user.keyboard('{Enter}');
    expect(useMapsStore.getState().currentMapId).toBe('f1');
    expect(floorButtons()[1]!.getAttribute('aria-pressed')).toBe('true');
    expect(document.activeElement).toBe(floorButtons()[1]);
    expect(screen.getByText('Showing Level 1')).toBeDefined();
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(floorButtons()[0]);
    await user.keyboard('{ArrowUp}{End} ');
    expect(useMapsStore.getState().currentMapId).toBe('f0');
  });

  it('shows where the floors’ names differ, the whole name in its tooltip', () => {
    useMapsStore.setState((s) => ({
      entities: Object.fromEntries(
        Object.values(s.entities).map((m) => [m._id, { ...m, name: `North wing — ${m.name}` }]),
      ),
    }));
    renderTranslated(<FloorSwitcher />);
    const top = floorButtons()[0]!;
    expect(top.querySelector('.floor-name')?.textContent).toBe('Level 2');
    expect(top.querySelector('.floor-name')?.getAttribute('title')).toBe('North wing — Level 2');
    expect(top.getAttribute('aria-label')).toBe('North wing — Level 2, 0 live tags');
  });

  it('speaks Hebrew', () => {
    useUiStore.setState({ language: 'he' });
    renderTranslated(<FloorSwitcher />);
    const group = screen.getByRole('group', { name: 'הקומות של North wing' });
    expect(within(group).getByRole('button', { name: 'Level 1, 2 תגים פעילים' })).toBeDefined();
    expect(within(group).getByRole('button', { name: 'Ground floor, תג פעיל אחד' })).toBeDefined();
  });

  it('is not there for a map that is no floor of a building, nor for a one-floor building', () => {
    useMapsStore.setState({ currentMapId: 'lone' });
    const { container } = renderTranslated(<FloorSwitcher />);
    expect(container.textContent).toBe('');
    act(() => {
      useMapsStore.setState({ currentMapId: 'f0' });
      useBuildingsStore.setState({
        buildings: [makeBuilding({ floors: [makeBuilding().floors[0]!] })],
      });
    });
    expect(screen.queryByTestId('floor-switcher')).toBeNull();
  });
});
