/**
 * The header's quiet indicator of the live connection; offers a retry once reconnects gave up, and
 * a reload when the server refused this page's protocol (no retry can fix that). Beside it, the
 * announcement for screen readers of live updates pausing and resuming.
 */
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { LiveAnnouncer } from './LivePaused.tsx';
import { needsReload, useLiveStore } from './live-store.ts';

/**
 * Past this locating interval (s) the server is falling behind (it locates every second while it
 * keeps up): the indicator says how often positions are updated instead of plain "Live".
 */
export const SLOW_LOCATING_S = 1.5;

export function ConnectionIndicator() {
  return (
    <>
      <Indicator />
      <LiveAnnouncer />
    </>
  );
}

function Indicator() {
  const { t } = useI18n();
  const state = useLiveStore((s) => s.state);
  const error = useLiveStore((s) => s.error);
  const latencyMs = useLiveStore((s) => s.latencyMs);
  const locatingEveryS = useLiveStore((s) => s.locatingEveryS);
  const retry = useLiveStore((s) => s.retry);
  const key =
    state === 'connected'
      ? 'connected'
      : state === 'disconnected' || state === 'idle'
        ? 'disconnected'
        : 'connecting';
  const slowed =
    key === 'connected' && locatingEveryS !== null && locatingEveryS >= SLOW_LOCATING_S
      ? { s: locatingEveryS < 10 ? locatingEveryS.toFixed(1) : Math.round(locatingEveryS) }
      : null;
  const title = slowed
    ? t('header.connection.titleSlowed', slowed)
    : key === 'connected' && latencyMs !== null
      ? t('header.connection.titleLatency', {
          state: t(`header.connection.${key}`),
          ms: latencyMs,
        })
      : t('header.connection.title', { state: t(`header.connection.${key}`) });
  const indicator = (
    <span
      className={`live-indicator ${key}${slowed ? ' slowed' : ''}`}
      role="status"
      title={title}
      data-testid="live-indicator"
      data-state={state}
    >
      <span className="dot" aria-hidden="true" />
      <span className="live-text">
        {slowed ? t('header.connection.slowed', slowed) : t(`header.connection.${key}`)}
      </span>
    </span>
  );
  if (state === 'disconnected' && needsReload(error))
    return (
      <span className="live-indicator-wrap">
        {indicator}
        <span role="alert" className="small" data-testid="live-refused">
          {t('header.connection.incompatible')}
        </span>
        <button type="button" className="button small" onClick={() => window.location.reload()}>
          {t('header.connection.reload')}
        </button>
      </span>
    );
  // Once the reconnect schedule has given up, the indicator offers to try again.
  if (state !== 'disconnected' || !retry) return indicator;
  return (
    <span className="live-indicator-wrap">
      {indicator}
      <button type="button" className="button ghost small" onClick={retry}>
        {t('header.connection.retry')}
      </button>
    </span>
  );
}
