import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeMap } from '../../test/fixtures.ts';
import { useUiStore } from '../layout/ui-store.ts';
import { MapTabBar } from './MapTabBar.tsx';
import { useMapsStore } from './maps-store.ts';
import { renderWithI18n, seedMaps } from './test-helpers.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('the tab bar when the map list cannot be fetched', () => {
  it('says the maps could not be loaded, not that there are none, and Retry loads them', async () => {
    seedMaps([], [], { error: 'Failed to fetch maps' });
    renderWithI18n(<MapTabBar />);
    expect(screen.getByRole('alert').textContent).toContain(
      'Error loading maps: Failed to fetch maps',
    );
    expect(screen.queryByText('No maps available')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Create your first map' })).toBeNull();

    const map = makeMap({ _id: 'm1', name: 'Lobby' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        Response.json(url.includes('/shared') ? { maps: [] } : { maps: [map] }),
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Lobby')).toBeDefined();
    expect(useMapsStore.getState().error).toBeNull();
  });

  it('reads in Hebrew with the call message translated', () => {
    seedMaps([], [], { error: 'Failed to fetch maps' });
    useUiStore.setState({ language: 'he' });
    renderWithI18n(<MapTabBar />);
    const alert = screen.getByRole('alert').textContent ?? '';
    expect(alert).toContain('שגיאה בטעינת המפות');
    expect(alert).not.toContain('Failed to fetch maps');
    expect(screen.getByRole('button', { name: 'נסה שוב' })).toBeDefined();
  });
});
