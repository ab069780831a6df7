/**
 * The map's event log (enter, exit, dwell, absence, outages), newest first, read when opened and
 * kept live by the live channel (new events appear at the top, announced politely to screen
 * readers); Older pages back. Names are those the event was recorded with. Each event opens the
 * replay of its moment.
 */
import { useEffect, useState } from 'react';
import { formatDate } from '../../ui/format.ts';
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { eventText } from '../alerts/alert-text.ts';
import { ReplayMomentButton } from '../history/ReplayMomentButton.tsx';
import { useEventLogStore } from './event-log-store.ts';
import { ErrorText } from '../../ui/ErrorText.tsx';

export function EventLog({ mapId }: { mapId: string }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    void useEventLogStore.getState().open(open ? mapId : null);
  }, [open, mapId]);
  useEffect(() => () => void useEventLogStore.getState().open(null), []);
  return (
    <section className="event-log" aria-labelledby="event-log-title" data-testid="event-log">
      <h3 id="event-log-title" className="section-title">
        {t('zones.events.title')}
      </h3>
      <button
        type="button"
        className="button"
        aria-expanded={open}
        aria-controls="event-log-body"
        onClick={() => setOpen((o) => !o)}
      >
        {open ? t('zones.events.hide') : t('zones.events.show')}
      </button>
      {open && <EventPages />}
    </section>
  );
}

function EventPages() {
  const { t, language } = useI18n();
  const events = useEventLogStore((s) => s.events);
  const more = useEventLogStore((s) => s.more);
  const busy = useEventLogStore((s) => s.busy);
  const error = useEventLogStore((s) => s.error);
  const latest = useEventLogStore((s) => s.latest);

  return (
    <div id="event-log-body">
      <ErrorText error={error} />
      <p className="small muted">{t('zones.events.live')}</p>
      {/* Each event the live channel adds, read out as it arrives (not the whole list). */}
      <p className="visually-hidden" aria-live="polite" data-testid="event-log-latest">
        {latest ? eventText(latest, t) : ''}
      </p>
      {events.length === 0 && !busy && !error && <p className="muted">{t('zones.events.empty')}</p>}
      <ul className="rule-list" data-testid="event-log-list">
        {events.map((e) => (
          <li key={e.id} className="rule-row" data-event-type={e.type}>
            <span className="rule-row-text">
              <span>{eventText(e, t)}</span>
              <span className="small muted">{formatDate(e.at, language)}</span>
            </span>
            <ReplayMomentButton mapId={e.mapId} at={e.at} mac={e.mac} text={eventText(e, t)} />
          </li>
        ))}
      </ul>
      {more && (
        <div className="form-actions">
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => void useEventLogStore.getState().older()}
          >
            {t('zones.events.older')}
          </button>
        </div>
      )}
    </div>
  );
}
