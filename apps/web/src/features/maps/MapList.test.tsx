import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { makeMap } from '../../test/fixtures.ts';
import { MapList } from './MapList.tsx';
import { useMapDialogStore } from './map-dialog-store.ts';
import { useMapsStore } from './maps-store.ts';
import { itShowsTheLoadStates, renderWithI18n, seedMaps } from './test-helpers.tsx';
import { restoreStubsAfterEach } from '../../test/render.tsx';

restoreStubsAfterEach();

const own = makeMap({
  _id: 'own',
  name: 'Ground',
  description: 'Reception',
  metadata: { buildingName: 'HQ', floor: '0' },
});
const edited = makeMap({ _id: 'ed', name: 'Lab', accessLevel: 'editor' });
const viewed = makeMap({ _id: 'vw', name: 'Ward', accessLevel: 'viewer' });

describe('Maps tab', () => {
  itShowsTheLoadStates(() => <MapList />);

  it("is empty with 'No maps yet' and still offers Create New Map", async () => {
    seedMaps([]);
    renderWithI18n(<MapList />);
    expect(screen.getByText('No maps yet')).toBeDefined();
    await userEvent.click(screen.getByRole('button', { name: '+ Create New Map' }));
    expect(useMapDialogStore.getState().dialog).toEqual({ kind: 'create' });
  });

  it('shows the count, the view toggle and cards with details and the current dot', async () => {
    seedMaps([own, edited], [viewed], { currentMapId: 'own' });
    renderWithI18n(<MapList />);
    expect(screen.getByRole('heading', { name: '3 maps' })).toBeDefined();
    expect(screen.getByText('Reception')).toBeDefined();
    expect(screen.getByText('HQ · 0')).toBeDefined();
    expect(screen.getByLabelText('Current map')).toBeDefined();
    await userEvent.click(screen.getByRole('button', { name: 'Grid view' }));
    expect(useMapsStore.getState().viewMode).toBe('grid');
  });

  it('keeps the pencil and the banner delete for owners only', () => {
    seedMaps([own, edited], [viewed], { currentMapId: 'ed' });
    const { unmount } = renderWithI18n(<MapList />);
    expect(screen.getByRole('button', { name: 'Edit map Ground' })).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Edit map Lab' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit map Ward' })).toBeNull();
    const banner = screen.getByTestId('current-map-banner');
    expect(banner.textContent).toContain('Current map: \u2068Lab\u2069');
    expect(within(banner).queryByRole('button')).toBeNull();
    unmount();
    seedMaps([own], [], { currentMapId: 'own' });
    renderWithI18n(<MapList />);
    expect(
      within(screen.getByTestId('current-map-banner')).getByRole('button', {
        name: 'Delete map Ground',
      }),
    ).toBeDefined();
  });

  it('deletes the current map after the confirmation and switches to the next one', async () => {
    seedMaps([own, edited], [], { currentMapId: 'own' });
    mockFetch({ 'DELETE /api/maps/own': jsonResponse({ success: true }) });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderWithI18n(<MapList />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete map Ground' }));
    await screen.findByText('1 map');
    expect(useMapsStore.getState().currentMapId).toBe('ed');
  });

  it('opens edit from the pencil and selects a map from its card', async () => {
    seedMaps([own, edited], [], { currentMapId: 'own' });
    renderWithI18n(<MapList />);
    await userEvent.click(screen.getByRole('button', { name: 'Edit map Ground' }));
    expect(useMapDialogStore.getState().dialog).toEqual({ kind: 'edit', id: 'own' });
    await userEvent.click(screen.getByRole('button', { name: /Lab/ }));
    expect(useMapsStore.getState().currentMapId).toBe('ed');
  });
});
