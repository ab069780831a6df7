/** The map actions shared by the tab bar, the All Maps page and the Maps tab. */
import type { TrackingMap } from '@rtls/contract';
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { useMapDialogStore } from './map-dialog-store.ts';
import { useMapsStore } from './maps-store.ts';

export function useMapActions() {
  const { t } = useI18n();
  const { openCreate, openEdit, openShare } = useMapDialogStore();
  return {
    openCreate,
    edit: (m: TrackingMap) => openEdit(m._id),
    share: (m: TrackingMap) => openShare(m._id),
    /** Asks for confirmation first; a failed delete is only logged. */
    async remove(m: TrackingMap) {
      if (!window.confirm(t('maps.confirmDelete', { name: m.name }))) return;
      await useMapsStore
        .getState()
        .remove(m._id)
        .catch((err: unknown) => console.error('Failed to delete map', err));
    },
    async duplicate(m: TrackingMap) {
      await useMapsStore
        .getState()
        .duplicate(m._id)
        .catch((err: unknown) => console.error('Failed to duplicate map', err));
    },
  };
}
