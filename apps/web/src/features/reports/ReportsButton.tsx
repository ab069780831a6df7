/** The Maps tab's way into the history reports of the map on screen. */
import { useState } from 'react';
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { useMapsStore } from '../maps/maps-store.ts';
import { ReportsDialog } from './ReportsDialog.tsx';

export function ReportsButton() {
  const { t } = useI18n();
  const mapId = useMapsStore((s) => s.currentMapId);
  const [open, setOpen] = useState(false);
  if (!mapId) return null;
  return (
    <>
      <button
        type="button"
        className="button history-reports-open"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {t('reports.open')}
      </button>
      {open && <ReportsDialog mapId={mapId} onClose={() => setOpen(false)} />}
    </>
  );
}
