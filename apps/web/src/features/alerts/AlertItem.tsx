/** One alert: severity, what happened, on which map, when, who acknowledged or resolved it. */
import { localizedError } from '../../api/localized-error.ts';
import { useState } from 'react';
import type { Alert, AlertActor } from '@rtls/contract';
import { errorText } from '../../api/http.ts';
import { formatDate, isolate } from '../../ui/format.ts';
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { canEdit } from '../maps/access.ts';
import { useMapsStore } from '../maps/maps-store.ts';
import { alertText } from './alert-text.ts';
import { useAlertsStore } from './alerts-store.ts';

export function AlertItem({ alert: a }: { alert: Alert }) {
  const { t, language } = useI18n();
  const map = useMapsStore((s) => s.entities[a.mapId]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const actionable = map ? canEdit(map) : false;
  const who = (actor: AlertActor | null) => isolate(actor?.name || '—');

  const act = async (action: 'acknowledge' | 'resolve') => {
    setBusy(true);
    setError(null);
    try {
      await useAlertsStore.getState()[action](a.id);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className={`alert-item ${a.severity}`} data-alert-id={a.id} data-state={a.state}>
      <span className={`severity-badge ${a.severity}`}>{t(`rules.severities.${a.severity}`)}</span>
      <p className="alert-text">{alertText(a, t)}</p>
      <p className="small" dir="auto">
        {a.ruleName}
      </p>
      {map && <p className="small muted">{t('alerts.onMap', { name: isolate(map.name) })}</p>}
      <p className="small muted">
        {t('alerts.openedAt', { when: formatDate(a.openedAt, language) })}
      </p>
      {a.acknowledgedAt && (
        <p className="small" data-testid="alert-acknowledged">
          {t('alerts.acknowledgedBy', {
            who: who(a.acknowledgedBy),
            when: formatDate(a.acknowledgedAt, language),
          })}
        </p>
      )}
      {a.resolvedAt && (
        <p className="small" data-testid="alert-resolved">
          {a.resolvedBy
            ? t('alerts.resolvedBy', {
                who: who(a.resolvedBy),
                when: formatDate(a.resolvedAt, language),
              })
            : t('alerts.resolvedBySelf', { when: formatDate(a.resolvedAt, language) })}
        </p>
      )}
      {error && (
        <p className="error-text small" role="alert">
          {localizedError(error, language)}
        </p>
      )}
      {actionable && a.state !== 'resolved' && (
        <div className="alert-actions">
          {a.state === 'open' && (
            <button
              type="button"
              className="button primary"
              disabled={busy}
              onClick={() => void act('acknowledge')}
            >
              {t('alerts.acknowledge')}
            </button>
          )}
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => void act('resolve')}
          >
            {t('alerts.resolve')}
          </button>
        </div>
      )}
    </li>
  );
}
