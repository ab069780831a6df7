/**
 * One entry of the alert lists: the alerts of one rule about one device in one zone (or one
 * gateway) with how many times it happened; severity, what happened, on which map, when, who
 * acknowledged or resolved it. Acknowledge and resolve act on every alert of the entry.
 */
import { useState } from 'react';
import type { AlertActor } from '@rtls/contract';
import { errorText } from '../../api/http.ts';
import { formatDate, isolate } from '../../ui/format.ts';
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { canEdit } from '../maps/access.ts';
import { useMapsStore } from '../maps/maps-store.ts';
import { alertText } from './alert-text.ts';
import { useAlertsStore, type AlertGroup } from './alerts-store.ts';
import { showOnMap } from './show-on-map.ts';
import { ReplayMomentButton } from '../history/ReplayMomentButton.tsx';
import { ErrorText } from '../../ui/ErrorText.tsx';

export function AlertItem({
  group,
  selected,
  onSelect,
}: {
  group: AlertGroup;
  /** Whether the entry is selected for a bulk action (no checkbox when undefined). */
  selected?: boolean;
  onSelect?: (on: boolean) => void;
}) {
  const { t, language } = useI18n();
  const a = group.alerts[0]!;
  const map = useMapsStore((s) => s.entities[a.mapId]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const actionable = map ? canEdit(map) : false;
  const who = (actor: AlertActor | null) => isolate(actor?.name || '—');
  const text = alertText(a, t);
  const lastAt = group.alerts.reduce((l, x) => (x.lastAt > l ? x.lastAt : l), a.lastAt);
  const openIds = group.alerts.filter((x) => x.state === 'open').map((x) => x.id);
  /** What an editor may still do: acknowledge while some are open, resolve until all are. */
  const actions: ('acknowledge' | 'resolve')[] =
    !actionable || a.state === 'resolved'
      ? []
      : openIds.length > 0
        ? ['acknowledge', 'resolve']
        : ['resolve'];

  const act = async (action: 'acknowledge' | 'resolve') => {
    setBusy(true);
    setError(null);
    const store = useAlertsStore.getState();
    try {
      if (action === 'resolve')
        await Promise.all(
          group.alerts.filter((x) => x.state !== 'resolved').map((x) => store.resolve(x.id)),
        );
      else if (openIds.length === 1) await store.acknowledge(openIds[0]!);
      else await store.acknowledgeMany(openIds);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <li
      className={`alert-item ${a.severity}`}
      data-alert-id={a.id}
      data-state={a.state}
      data-count={group.count}
    >
      <div className="alert-item-head">
        {onSelect && (
          <input
            type="checkbox"
            className="alert-select"
            checked={selected ?? false}
            aria-label={t('alerts.select', { text })}
            onChange={(e) => onSelect(e.target.checked)}
          />
        )}
        <span className={`severity-badge ${a.severity}`}>
          {t(`rules.severities.${a.severity}`)}
        </span>
        {group.count > 1 && (
          <span className="alert-times" data-testid="alert-times">
            {t('alerts.times', { count: group.count })}
          </span>
        )}
      </div>
      <p className="alert-text">{text}</p>
      <p className="small" dir="auto">
        {a.ruleName}
      </p>
      {map && <p className="small muted">{t('alerts.onMap', { name: isolate(map.name) })}</p>}
      <p className="small muted">
        {t('alerts.openedAt', { when: formatDate(a.openedAt, language) })}
      </p>
      {group.count > 1 && lastAt !== a.openedAt && (
        <p className="small muted" data-testid="alert-last">
          {t('alerts.lastAt', { when: formatDate(lastAt, language) })}
        </p>
      )}
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
      <ErrorText error={error} />
      <div className="alert-actions">
        {map && (
          <button
            type="button"
            className="button"
            aria-label={t('alerts.showOnMapOf', { text })}
            onClick={() => showOnMap(a)}
          >
            {t('alerts.showOnMap')}
          </button>
        )}
        {map && (
          <ReplayMomentButton mapId={a.mapId} at={a.event.at} mac={a.event.mac} text={text} />
        )}
        {actions.map((action) => (
          <button
            key={action}
            type="button"
            className={action === 'acknowledge' ? 'button primary' : 'button'}
            disabled={busy}
            onClick={() => void act(action)}
          >
            {t(`alerts.${action}`)}
          </button>
        ))}
      </div>
    </li>
  );
}
