import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { makeMap } from '../../test/fixtures.ts';
import { AllMapsPage } from './AllMapsPage.tsx';
import { useMapDialogStore } from './map-dialog-store.ts';
import { useMapsStore } from './maps-store.ts';
import { itShowsTheLoadStates, renderWithI18n, seedMaps } from './test-helpers.tsx';
import { restoreStubsAfterEach } from '../../test/render.tsx';

restoreStubsAfterEach();

const owner = makeMap({
  _id: 'own',
  name: 'Warehouse',
  accessLevel: 'owner',
  description: 'Racks A–F',
  metadata: { buildingName: 'Depot', floor: '0' },
  accessCount: 4,
  lastAccessedAt: '2024-05-01T10:00:00Z',
});
const editor = makeMap({ _id: 'ed', name: 'Office', accessLevel: 'editor', accessCount: 9 });
const viewer = makeMap({ _id: 'vw', name: 'Clinic', accessLevel: 'viewer' });
const card = (name: string) =>
  screen.getAllByTestId('map-card').find((c) => c.textContent?.includes(name))!;

describe('AllMapsPage', () => {
  it("is headed 'Map Selection' and goes back to tabs", async () => {
    seedMaps([owner], [], { viewMode: 'grid' });
    renderWithI18n(<AllMapsPage />);
    expect(screen.getByRole('heading', { name: 'Map Selection' })).toBeDefined();
    await userEvent.click(screen.getByRole('button', { name: 'Back to tabs' }));
    expect(useMapsStore.getState().viewMode).toBe('tabs');
  });

  itShowsTheLoadStates(() => <AllMapsPage />);

  it("shows 'No maps yet' without maps, and 'No maps found' for a search without results", async () => {
    seedMaps([]);
    const { unmount } = renderWithI18n(<AllMapsPage />);
    expect(screen.getByText('No maps yet')).toBeDefined();
    expect(screen.getByText('Create your first map to get started')).toBeDefined();
    unmount();
    seedMaps([owner]);
    renderWithI18n(<AllMapsPage />);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search maps' }), 'nothing');
    expect(screen.getByText('No maps found')).toBeDefined();
    expect(screen.getByText('Try different search terms')).toBeDefined();
  });

  it('shows each card’s name, badge, description, building and floor, views and last access', () => {
    seedMaps([owner]);
    renderWithI18n(<AllMapsPage />);
    const c = card('Warehouse');
    for (const text of ['Owner', 'Racks A–F', 'Depot · 0', '4 views'])
      expect(within(c).getByText(text)).toBeDefined();
    expect(within(c).getByText(/^Last access: /)).toBeDefined();
  });

  it('sorts by the chosen option', async () => {
    seedMaps([owner, editor], [viewer]);
    renderWithI18n(<AllMapsPage />);
    const names = () =>
      screen.getAllByTestId('map-card').map((c) => c.querySelector('.name')!.textContent);
    const select = screen.getByRole('combobox', { name: 'Sort by' });
    expect([...select.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'Last Accessed',
      'Name',
      'Date Created',
      'Access Count',
    ]);
    await userEvent.selectOptions(select, 'name');
    expect(names()).toEqual(['Clinic', 'Office', 'Warehouse']);
    await userEvent.selectOptions(select, 'accessCount');
    expect(names()).toEqual(['Office', 'Warehouse', 'Clinic']);
  });

  it('shows actions by role: owner all, editor edit and duplicate, viewer duplicate only', () => {
    seedMaps([owner, editor], [viewer]);
    renderWithI18n(<AllMapsPage />);
    const actions = (name: string) =>
      within(card(name))
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label'))
        .filter(Boolean);
    expect(actions('Warehouse')).toEqual([
      'Edit map Warehouse',
      'Share map Warehouse',
      'Duplicate map Warehouse',
      'Delete map Warehouse',
    ]);
    expect(actions('Office')).toEqual(['Edit map Office', 'Duplicate map Office']);
    expect(actions('Clinic')).toEqual(['Duplicate map Clinic']);
  });

  it('clicking a card selects the map and switches to tabs', async () => {
    seedMaps([owner, editor], [], { viewMode: 'grid', currentMapId: 'own' });
    renderWithI18n(<AllMapsPage />);
    await userEvent.click(card('Office').querySelector('.map-card-open')!);
    expect(useMapsStore.getState().currentMapId).toBe('ed');
    expect(useMapsStore.getState().viewMode).toBe('tabs');
  });

  it('deletes only after the confirmation', async () => {
    seedMaps([owner, editor]);
    const { calls } = mockFetch({ 'DELETE /api/maps/own': jsonResponse({ success: true }) });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false);
    renderWithI18n(<AllMapsPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete map Warehouse' }));
    expect(confirm).toHaveBeenCalledWith("Are you sure you want to delete the map 'Warehouse'?");
    // The public maps section reads its page; only writes count here.
    const writes = () => calls.filter((c) => c.method !== 'GET');
    expect(writes()).toHaveLength(0);
    confirm.mockReturnValueOnce(true);
    await userEvent.click(screen.getByRole('button', { name: 'Delete map Warehouse' }));
    await screen.findByText('Office');
    expect(writes().map((c) => c.method)).toEqual(['DELETE']);
    expect(screen.queryByText('Warehouse')).toBeNull();
  });

  it('duplicates and opens edit', async () => {
    seedMaps([owner]);
    mockFetch({
      'POST /api/maps/own/duplicate': jsonResponse(
        { success: true, map: makeMap({ _id: 'cp', name: 'Warehouse (copy)' }) },
        201,
      ),
    });
    renderWithI18n(<AllMapsPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Duplicate map Warehouse' }));
    expect(await screen.findByText('Warehouse (copy)')).toBeDefined();
    await userEvent.click(screen.getByRole('button', { name: 'Edit map Warehouse' }));
    expect(useMapDialogStore.getState().dialog).toEqual({ kind: 'edit', id: 'own' });
  });

  it("lists other people's public maps a page at a time, and opens one in the tabs", async () => {
    seedMaps([owner], [], { viewMode: 'grid' });
    const page = (from: number, n: number) =>
      Array.from({ length: n }, (_, i) =>
        makeMap({
          _id: `p${from + i}`,
          name: `Lobby ${from + i}`,
          accessLevel: 'viewer',
          isPublic: true,
        }),
      );
    const { calls } = mockFetch({
      // The first page holds the user's own public map too; it is not listed twice.
      'GET /api/maps/public': ({ url }) =>
        jsonResponse({
          success: true,
          maps: url.includes('skip=0')
            ? [{ ...owner, isPublic: true }, ...page(1, 19)]
            : page(20, 2),
        }),
    });
    renderWithI18n(<AllMapsPage />);
    const section = screen.getByRole('region', { name: 'Public maps' });
    await within(section).findByText('Lobby 1');
    expect(within(section).queryByText('Warehouse')).toBeNull();
    expect(within(section).getAllByTestId('map-card')).toHaveLength(19);
    expect(within(card('Lobby 3')).getByText('Public')).toBeDefined();
    await userEvent.click(within(section).getByRole('button', { name: 'Load more' }));
    await within(section).findByText('Lobby 21');
    expect(calls.map((c) => c.url)).toEqual([
      '/api/maps/public?limit=20&skip=0',
      '/api/maps/public?limit=20&skip=20',
    ]);
    expect(within(section).queryByRole('button', { name: 'Load more' })).toBeNull();
    await userEvent.click(card('Lobby 21').querySelector('.map-card-open')!);
    expect(useMapsStore.getState().currentMapId).toBe('p21');
    expect(useMapsStore.getState().viewMode).toBe('tabs');
  });

  it('says when the public maps cannot be read, without hiding the own ones', async () => {
    seedMaps([owner]);
    mockFetch({ 'GET /api/maps/public': jsonResponse({ message: 'down' }, 503) });
    renderWithI18n(<AllMapsPage />);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Error loading public maps: Failed to fetch public maps',
    );
    expect(card('Warehouse')).toBeDefined();
  });
});
