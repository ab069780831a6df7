/**
 * Test helpers for the maps feature: render inside the i18n provider, seed the maps store, and the
 * first-load states every list of maps shows.
 */
import { render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import type { TrackingMap } from '@rtls/contract';
import { expect, it } from 'vitest';
import { I18nProvider } from '../../i18n/I18nProvider.tsx';
import { useUiStore } from '../layout/ui-store.ts';
import { useMapDialogStore } from './map-dialog-store.ts';
import { useMapsStore } from './maps-store.ts';

export const renderWithI18n = (ui: ReactElement) => render(<I18nProvider>{ui}</I18nProvider>);

/** Resets the stores and puts these maps in (own and shared) with `current` selected. */
export function seedMaps(
  own: TrackingMap[],
  shared: TrackingMap[] = [],
  extra: Partial<ReturnType<typeof useMapsStore.getState>> = {},
) {
  useUiStore.setState({ language: 'en', isEditMode: false });
  useMapDialogStore.setState({ dialog: null });
  useMapsStore.getState().reset();
  useMapsStore.setState({
    entities: Object.fromEntries([...own, ...shared].map((m) => [m._id, m])),
    userMaps: own.map((m) => m._id),
    sharedMaps: shared.map((m) => m._id),
    ...extra,
  });
}

/** A list of maps while its first load runs (a spinner), and when it failed (the error). */
export function itShowsTheLoadStates(view: () => ReactElement) {
  it('shows a spinner while loading', () => {
    seedMaps([], [], { loading: true });
    renderWithI18n(view());
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeDefined();
  });

  it("shows 'Error loading maps' with the error text", () => {
    seedMaps([], [], { error: 'Failed to fetch maps' });
    renderWithI18n(view());
    expect(screen.getByRole('alert').textContent).toBe('Error loading maps: Failed to fetch maps');
  });
}
