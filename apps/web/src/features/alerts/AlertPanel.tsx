/**
 * The live alert panel: open, acknowledged and resolved (history) alerts of every map the user can
 * read, and the sound/pop-up option. It sits at the inline end of the screen (the left in Hebrew).
 */
import { localizedError } from '../../api/localized-error.ts';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { ALERT_STATES, type AlertState } from '@rtls/contract';
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { CheckboxField } from '../../ui/fields.tsx';
import { AlertItem } from './AlertItem.tsx';
import { alertsIn, useAlertsStore } from './alerts-store.ts';

export const ALERT_PANEL_ID = 'alert-panel';

export function AlertPanel({ onClose }: { onClose: () => void }) {
  const { t, language } = useI18n();
  const [tab, setTab] = useState<AlertState>('open');
  const entities = useAlertsStore((s) => s.entities);
  const loading = useAlertsStore((s) => s.loading);
  const error = useAlertsStore((s) => s.error);
  const notify = useAlertsStore((s) => s.notify);
  const historyLoaded = useAlertsStore((s) => s.historyLoaded);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const alerts = alertsIn(entities, tab);

  useEffect(() => headingRef.current?.focus(), []);
  useEffect(() => {
    if (tab === 'resolved' && !historyLoaded) void useAlertsStore.getState().loadHistory();
  }, [tab, historyLoaded]);

  // Arrow keys move between the tabs, mirrored in right-to-left (WAI-ARIA tabs pattern).
  const onTabKey = (e: KeyboardEvent, index: number) => {
    const delta = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!delta) return;
    const dir = document.documentElement.dir === 'rtl' ? -delta : delta;
    const next = (index + dir + ALERT_STATES.length) % ALERT_STATES.length;
    setTab(ALERT_STATES[next]!);
    tabRefs.current[next]?.focus();
  };

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
      <div className="tabs" role="tablist">
        {ALERT_STATES.map((id, i) => (
          <button
            key={id}
            ref={(el) => {
              tabRefs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`alert-tab-${id}`}
            aria-selected={tab === id}
            aria-controls="alert-tab-panel"
            tabIndex={tab === id ? 0 : -1}
            onClick={() => setTab(id)}
            onKeyDown={(e) => onTabKey(e, i)}
          >
            {t(`alerts.tabs.${id}`)}
          </button>
        ))}
      </div>
      <div
        className="alert-tab-panel"
        role="tabpanel"
        id="alert-tab-panel"
        aria-labelledby={`alert-tab-${tab}`}
      >
        {error && (
          <p className="error-text small" role="alert">
            {localizedError(error, language)}
          </p>
        )}
        {loading && alerts.length === 0 ? (
          <p className="muted">{t('alerts.loading')}</p>
        ) : alerts.length === 0 ? (
          <p className="muted">{t(`alerts.empty.${tab}`)}</p>
        ) : (
          <ul className="alert-list" data-testid="alert-list">
            {alerts.map((a) => (
              <AlertItem key={a.id} alert={a} />
            ))}
          </ul>
        )}
      </div>
    </aside>
  );
}
