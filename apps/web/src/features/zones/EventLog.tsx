/**
 * The map's event log (enter, exit, dwell, absence, outages), newest first, read when opened; Older
 * pages back. Names are those the event was recorded with.
 */
import { useCallback, useEffect, useState } from 'react';
import type { ZoneEvent } from '@rtls/contract';
import { errorText } from '../../api/http.ts';
import { localizedError } from '../../api/localized-error.ts';
import { fetchEvents } from '../../api/zones.ts';
import { formatDate } from '../../ui/format.ts';
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { eventText } from '../alerts/alert-text.ts';

const PAGE = 50;

export function EventLog({ mapId }: { mapId: string }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
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
      {open && <EventPages key={mapId} mapId={mapId} />}
    </section>
  );
}

function EventPages({ mapId }: { mapId: string }) {
  const { t, language } = useI18n();
  const [events, setEvents] = useState<ZoneEvent[]>([]);
  const [more, setMore] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(
    async (before?: string) => {
      setBusy(true);
      setError(null);
      try {
        const page = await fetchEvents(mapId, { limit: PAGE, before });
        setEvents((list) => (before ? [...list, ...page] : page));
        setMore(page.length === PAGE);
      } catch (err) {
        setError(errorText(err));
      } finally {
        setBusy(false);
      }
    },
    [mapId],
  );
  useEffect(() => void load(), [load]);

  return (
    <div id="event-log-body">
      {error && (
        <p className="error-text small" role="alert">
          {localizedError(error, language)}
        </p>
      )}
      {events.length === 0 && !busy && !error && <p className="muted">{t('zones.events.empty')}</p>}
      <ul className="rule-list">
        {events.map((e) => (
          <li key={e.id} className="rule-row" data-event-type={e.type}>
            <span className="rule-row-text">
              <span>{eventText(e, t)}</span>
              <span className="small muted">{formatDate(e.at, language)}</span>
            </span>
          </li>
        ))}
      </ul>
      <div className="form-actions">
        <button type="button" className="button" disabled={busy} onClick={() => void load()}>
          {t('zones.events.refresh')}
        </button>
        {more && (
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => void load(events[events.length - 1]?.at)}
          >
            {t('zones.events.older')}
          </button>
        )}
      </div>
    </div>
  );
}
