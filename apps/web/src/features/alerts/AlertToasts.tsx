/** Pop-ups for new alerts (when the user turned them on): what happened, open the panel, dismiss. */
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { alertText } from './alert-text.ts';
import { useAlertsStore } from './alerts-store.ts';

export function AlertToasts() {
  const { t } = useI18n();
  const toasts = useAlertsStore((s) => s.toasts);
  const entities = useAlertsStore((s) => s.entities);
  const { dismissToast, setPanelOpen } = useAlertsStore.getState();
  return (
    <div className="alert-toasts" aria-live="polite" data-testid="alert-toasts">
      {toasts.flatMap((id) => {
        const a = entities[id];
        if (!a) return [];
        return [
          <div key={id} className={`alert-toast ${a.severity}`}>
            <button
              type="button"
              className="alert-toast-body"
              onClick={() => {
                setPanelOpen(true);
                dismissToast(id);
              }}
            >
              <strong>{t('alerts.toastTitle')}</strong>
              <span>{alertText(a, t)}</span>
            </button>
            <button
              type="button"
              className="icon-button small"
              aria-label={t('alerts.dismiss')}
              onClick={() => dismissToast(id)}
            >
              <span aria-hidden="true">✕</span>
            </button>
          </div>,
        ];
      })}
    </div>
  );
}
