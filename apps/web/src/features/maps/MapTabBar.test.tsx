import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeMap } from '../../test/fixtures.ts';
import { useUiStore } from '../layout/ui-store.ts';
import { useMapDialogStore } from './map-dialog-store.ts';
import { MapTabBar } from './MapTabBar.tsx';
import { useMapsStore } from './maps-store.ts';
import { renderWithI18n, seedMaps } from './test-helpers.tsx';

const many = (n: number) =>
  Array.from({ length: n }, (_, i) => makeMap({ _id: `m${i + 1}`, name: `Map ${i + 1}` }));

describe('MapTabBar', () => {
  it('shows a spinner while the first load runs', () => {
    seedMaps([], [], { loading: true });
    renderWithI18n(<MapTabBar />);
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeDefined();
    expect(screen.queryAllByTestId('map-tab')).toHaveLength(0);
  });

  it("is empty with 'No maps available' and 'Create your first map', which opens create", async () => {
    seedMaps([]);
    renderWithI18n(<MapTabBar />);
    expect(screen.getByText('No maps available')).toBeDefined();
    await userEvent.click(screen.getByRole('button', { name: 'Create your first map' }));
    expect(useMapDialogStore.getState().dialog).toEqual({ kind: 'create' });
  });

  it("shows 10 of 12 maps as tabs with '+2' and a Grid view button", async () => {
    seedMaps(many(12));
    renderWithI18n(<MapTabBar />);
    expect(screen.getAllByTestId('map-tab')).toHaveLength(10);
    const more = screen.getByTestId('tab-overflow');
    expect(more.textContent).toBe('+2');
    expect(more.getAttribute('aria-label')).toBe('2 more maps');
    await userEvent.click(screen.getByRole('button', { name: 'Grid view' }));
    expect(useMapsStore.getState().viewMode).toBe('grid');
  });

  it('a current map beyond the first 10 takes the last tab, still with 10 tabs and +2', () => {
    seedMaps(many(12));
    useMapsStore.setState({ currentMapId: 'm12' });
    renderWithI18n(<MapTabBar />);
    const tabs = screen.getAllByTestId('map-tab');
    expect(tabs).toHaveLength(10);
    expect(tabs[9]!.textContent).toContain('Map 12');
    expect(tabs[9]!.getAttribute('aria-current')).toBe('page');
    expect(screen.getByTestId('tab-overflow').textContent).toBe('+2');
  });

  it('has no Grid view button and no overflow with 6 maps, and a Grid view button with 7', () => {
    seedMaps(many(6));
    const { unmount } = renderWithI18n(<MapTabBar />);
    expect(screen.getAllByTestId('map-tab')).toHaveLength(6);
    expect(screen.queryByRole('button', { name: 'Grid view' })).toBeNull();
    expect(screen.queryByTestId('tab-overflow')).toBeNull();
    unmount();
    seedMaps(many(7));
    renderWithI18n(<MapTabBar />);
    expect(screen.getByRole('button', { name: 'Grid view' })).toBeDefined();
  });

  it('cuts names at 20 characters and shows the owner or shared icon and the access count', () => {
    seedMaps(
      [makeMap({ _id: 'o', name: 'A very long floor plan name indeed', accessCount: 7 })],
      [makeMap({ _id: 's', name: 'Shared', accessLevel: 'viewer', accessCount: 2 })],
      { currentMapId: 'o' },
    );
    renderWithI18n(<MapTabBar />);
    const [own, shared] = screen.getAllByTestId('map-tab');
    expect(within(own!).getByText('A very long floor pl…')).toBeDefined();
    expect(own!.getAttribute('title')).toBe('A very long floor plan name indeed');
    expect(within(own!).getByText('Your map')).toBeDefined();
    expect(within(own!).getByText('7')).toBeDefined();
    expect(within(own!).getByText('Opened 7 times')).toBeDefined();
    expect(own!.getAttribute('aria-current')).toBe('page');
    expect(within(shared!).getByText('Shared with you')).toBeDefined();
    expect(within(shared!).getByText('2')).toBeDefined();
  });

  it('selects a map from its tab and opens create from New Map', async () => {
    seedMaps(many(3), [], { currentMapId: 'm1' });
    renderWithI18n(<MapTabBar />);
    await userEvent.click(screen.getByRole('button', { name: /Map 3/ }));
    expect(useMapsStore.getState().currentMapId).toBe('m3');
    await userEvent.click(screen.getByRole('button', { name: '+ New Map' }));
    expect(useMapDialogStore.getState().dialog).toEqual({ kind: 'create' });
  });

  it('speaks Hebrew: empty state and the overflow label', () => {
    seedMaps([]);
    useUiStore.setState({ language: 'he' });
    const { unmount } = renderWithI18n(<MapTabBar />);
    expect(screen.getByText('אין מפות זמינות')).toBeDefined();
    expect(screen.getByRole('button', { name: 'צור את המפה הראשונה שלך' })).toBeDefined();
    expect(document.documentElement.dir).toBe('rtl');
    unmount();
    seedMaps(many(11));
    useUiStore.setState({ language: 'he' });
    renderWithI18n(<MapTabBar />);
    expect(screen.getByTestId('tab-overflow').getAttribute('aria-label')).toBe('עוד מפה אחת');
  });
});
