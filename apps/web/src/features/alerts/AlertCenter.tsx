/**
 * The header's alert button with the count of open alerts; it opens the alert panel. New alerts pop
 * up beside it when the user wants (the panel's option).
 */
import { useEffect, useRef } from 'react';
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { ALERT_PANEL_ID, AlertPanel } from './AlertPanel.tsx';
import { AlertToasts } from './AlertToasts.tsx';
import { openCount, useAlertsStore } from './alerts-store.ts';

/**
 * The live channel brings alerts of the map on screen; the others' are re-read this often, so the
 * counter includes them too.
 */
const REFRESH_MS = 30_000;

export function AlertCenter() {
  const { t } = useI18n();
  useEffect(() => {
    const timer = setInterval(() => void useAlertsStore.getState().load(), REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  const count = useAlertsStore((s) => openCount(s.entities));
  const open = useAlertsStore((s) => s.panelOpen);
  const setOpen = useAlertsStore((s) => s.setPanelOpen);
  const label = `${t('alerts.open')}: ${t('alerts.counter', { count })}`;
  const buttonRef = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className={`button ghost alert-button${count > 0 ? ' has-open' : ''}`}
        aria-label={label}
        title={label}
        aria-expanded={open}
        aria-controls={open ? ALERT_PANEL_ID : undefined}
        onClick={() => setOpen(!open)}
        data-testid="alert-counter"
      >
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
          <path
            d="M12 3a6 6 0 0 0-6 6v4l-2 3h16l-2-3V9a6 6 0 0 0-6-6zM10 19a2 2 0 0 0 4 0"
            stroke="currentColor"
            strokeWidth="2"
            fill="none"
            strokeLinejoin="round"
          />
        </svg>
        <span className="alert-count" data-testid="alert-count">
          {count}
        </span>
      </button>
      {open && <AlertPanel onClose={close} />}
      <AlertToasts />
    </>
  );
}
