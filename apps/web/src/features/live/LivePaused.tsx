/**
 * What the console says while live updates are paused (the live link is down): a notice on the
 * map with the time the positions are from, and one announcement for screen readers when updates
 * pause and one when they resume.
 */
import { useState } from 'react';
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { formatClock } from '../../ui/format.ts';
import { useLiveStore } from './live-store.ts';

/** The map's notice: "Live updates paused — showing positions from 14:05". */
export function LivePausedBanner() {
  const { t, language } = useI18n();
  const staleSince = useLiveStore((s) => s.staleSince);
  if (staleSince === null) return null;
  return (
    <div className="live-paused-banner" data-testid="live-paused">
      {t('header.connection.paused', { time: formatClock(staleSince, language) })}
    </div>
  );
}

/**
 * A polite live region that speaks only when updates pause or resume: polls that move the time
 * of a pause forward do not repeat it.
 */
export function LiveAnnouncer() {
  const { t, language } = useI18n();
  const staleSince = useLiveStore((s) => s.staleSince);
  const paused = staleSince !== null;
  const [said, setSaid] = useState({ paused, message: '' });
  if (said.paused !== paused)
    setSaid({
      paused,
      message:
        staleSince !== null
          ? t('header.connection.paused', { time: formatClock(staleSince, language) })
          : t('header.connection.resumed'),
    });
  return (
    <span
      className="visually-hidden"
      aria-live="polite"
      aria-atomic="true"
      data-testid="live-announcement"
    >
      {said.message}
    </span>
  );
}
