/** Test helpers for the maps feature: render inside the i18n provider and seed the maps store. */
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import type { TrackingMap } from '@rtls/contract';
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
