/**
 * The live alert panel: open, acknowledged and resolved (history) alerts of every map the user can
 * read, repeats of one rule about one device shown as one entry with a count, and the sound/pop-up
 * option. Open entries are acknowledged one at a time, selected, or all at once (one call each).
 * It sits at the inline end of the screen (the left in Hebrew).
 */
import { useEffect, useRef, useState } from 'react';
import { ALERT_STATES, type AlertState } from '@rtls/contract';
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { CheckboxField } from '../../ui/fields.tsx';
import { AlertItem } from './AlertItem.tsx';
import { canEdit } from '../maps/access.ts';
import { useMapsStore } from '../maps/maps-store.ts';
import { errorText } from '../../api/http.ts';
import { groupsIn, useAlertsStore, type AlertGroup } from './alerts-store.ts';
import { ErrorText } from '../../ui/ErrorText.tsx';
import { Tabs } from '../../ui/Tabs.tsx';

export const ALERT_PANEL_ID = 'alert-panel';

export function AlertPanel({ onClose }: { onClose: () => void }) {
  const { t } = useI18n();
  const [tab, setTab] = useState<AlertState>('open');
  const entities = useAlertsStore((s) => s.entities);
  const loading = useAlertsStore((s) => s.loading);
  const error = useAlertsStore((s) => s.error);
  const notify = useAlertsStore((s) => s.notify);
  const historyLoaded = useAlertsStore((s) => s.historyLoaded);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const groups = groupsIn(entities, tab);
  const maps = useMapsStore((s) => s.entities);
  const actionable = (g: AlertGroup) => {
    const map = maps[g.alerts[0]!.mapId];
    return map ? canEdit(map) : false;
  };
  const ackable = tab === 'open' ? groups.filter(actionable) : [];
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const chosen = ackable.filter((g) => selected.has(g.key));
  const [bulkBusy, setBulkBusy] = useState(false);
  const [bulkError, setBulkError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const select = (key: string, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });
  const acknowledgeMany = async (which: readonly AlertGroup[] | 'all') => {
    const total = (which === 'all' ? ackable : which).reduce((n, g) => n + g.alerts.length, 0);
    if (which === 'all' && !window.confirm(t('alerts.confirmAcknowledgeAll', { count: total })))
      return;
    setBulkBusy(true);
    setBulkError(null);
    try {
      const ids = which === 'all' ? 'all' : which.flatMap((g) => g.alerts.map((a) => a.id));
      const done = await useAlertsStore.getState().acknowledgeMany(ids);
      setSelected(new Set());
      setStatus(t('alerts.acknowledgedCount', { count: done }));
    } catch (err) {
      setBulkError(errorText(err));
    } finally {
      setBulkBusy(false);
    }
  };

  useEffect(() => headingRef.current?.focus(), []);
  useEffect(() => {
    if (tab === 'resolved' && !historyLoaded) void useAlertsStore.getState().loadHistory();
  }, [tab, historyLoaded]);

  return (
    <aside
      id={ALERT_PANEL_ID}
      className="alert-panel"
      aria-labelledby="alert-panel-title"
      data-testid="alert-panel"
      onKeyDown={(e) => {
        if (e.key === 'Escape') onClose();
      }}
    >
      <div className="alert-panel-head">
        <h2 id="alert-panel-title" ref={headingRef} tabIndex={-1}>
          {t('alerts.title')}
        </h2>
        <button
          type="button"
          className="icon-button"
          aria-label={t('alerts.close')}
          onClick={onClose}
        >
          <span aria-hidden="true">✕</span>
        </button>
      </div>
      <CheckboxField
        name="alertNotify"
        label={t('alerts.notify')}
        checked={notify}
        onChange={(on) => useAlertsStore.getState().setNotify(on)}
      />
      <CriticalOptions />
      <Tabs
        ids={ALERT_STATES}
        selected={tab}
        onSelect={setTab}
        label={(id) => t(`alerts.tabs.${id}`)}
        tabId={(id) => `alert-tab-${id}`}
        panelId={() => 'alert-tab-panel'}
      />
      <div
        className="alert-tab-panel"
        role="tabpanel"
        id="alert-tab-panel"
        aria-labelledby={`alert-tab-${tab}`}
      >
        <ErrorText error={error ?? bulkError} />
        <p className="visually-hidden" role="status" data-testid="alert-status">
          {status}
        </p>
        {ackable.length > 0 && (
          <div className="alert-bulk" data-testid="alert-bulk">
            <button
              type="button"
              className="button"
              disabled={bulkBusy || chosen.length === 0}
              onClick={() => void acknowledgeMany(chosen)}
            >
              {t('alerts.acknowledgeSelected', { count: chosen.length })}
            </button>
            <button
              type="button"
              className="button"
              disabled={bulkBusy}
              onClick={() => void acknowledgeMany('all')}
            >
              {t('alerts.acknowledgeAll')}
            </button>
          </div>
        )}
        {loading && groups.length === 0 ? (
          <p className="muted">{t('alerts.loading')}</p>
        ) : groups.length === 0 ? (
          <p className="muted">{t(`alerts.empty.${tab}`)}</p>
        ) : (
          <ul className="alert-list" data-testid="alert-list">
            {groups.map((g) => (
              <AlertItem
                key={g.key}
                group={g}
                {...(tab === 'open' && actionable(g)
                  ? { selected: selected.has(g.key), onSelect: (on: boolean) => select(g.key, on) }
                  : {})}
              />
            ))}
          </ul>
        )}
      </div>
    </aside>
  );
}

/** How critical alerts reach the user: urgent sound and pop-up, browser notifications. */
function CriticalOptions() {
  const { t } = useI18n();
  const sound = useAlertsStore((s) => s.criticalSound);
  const browser = useAlertsStore((s) => s.criticalBrowser);
  const permission = useAlertsStore((s) => s.permission);
  const store = useAlertsStore.getState();
  return (
    <div className="alert-critical-options" data-testid="alert-critical-options">
      <CheckboxField
        name="alertCriticalSound"
        label={t('alerts.criticalSound')}
        checked={sound}
        onChange={(on) => store.setCriticalSound(on)}
      />
      <CheckboxField
        name="alertCriticalBrowser"
        label={t('alerts.criticalBrowser')}
        checked={browser}
        onChange={(on) => store.setCriticalBrowser(on)}
      />
      {browser && permission === 'default' && (
        <button type="button" className="button" onClick={() => void store.requestPermission()}>
          {t('alerts.allowNotifications')}
        </button>
      )}
      {browser && permission === 'denied' && (
        <p className="small muted">{t('alerts.notificationsBlocked')}</p>
      )}
      {browser && permission === 'unsupported' && (
        <p className="small muted">{t('alerts.notificationsUnsupported')}</p>
      )}
    </div>
  );
}
