/** Record (or redo the chosen point) at the map's crosshair: the walk panel's and the map bar's. */
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { useWalksStore } from './walks-store.ts';

export function RecordButton({ small = false }: { small?: boolean }) {
  const { t } = useI18n();
  const busy = useWalksStore((s) => s.busy);
  const centre = useWalksStore((s) => s.centre);
  const redoN = useWalksStore((s) =>
    s.redoPointId && s.walk ? s.walk.points.findIndex((p) => p.id === s.redoPointId) + 1 : 0,
  );
  return (
    <button
      type="button"
      className={`button primary${small ? ' small' : ''}`}
      disabled={busy || !centre}
      onClick={() => {
        const store = useWalksStore.getState();
        const at = store.centre?.();
        if (at) void store.tap(at);
      }}
    >
      {redoN ? t('walks.redoAtCrosshair', { n: redoN }) : t('walks.recordAtCrosshair')}
    </button>
  );
}
