/**
 * The event log of the map on screen, newest first: a page read over REST when the log is opened
 * (and again after a reconnect), older pages on request, and every event the live channel brings
 * for that map added as it happens.
 */
import { create } from 'zustand';
import type { ZoneEvent } from '@rtls/contract';
import { errorText } from '../../api/http.ts';
import { fetchEvents } from '../../api/zones.ts';

/** Events per page. */
export const EVENT_PAGE = 50;
/** Most events kept in view; live ones push the oldest out (Older events reads them again). */
const MAX_EVENTS = 500;

interface EventLogState {
  /** The map whose log is shown; null while the log is closed. */
  mapId: string | null;
  events: ZoneEvent[];
  /** The last event the live channel added (read out to screen readers); null after a load. */
  latest: ZoneEvent | null;
  /** Whether an older page may follow. */
  more: boolean;
  busy: boolean;
  error: string | null;
  /** Show this map's log (null: closed): its newest page. */
  open: (mapId: string | null) => Promise<void>;
  /** Read the newest page again (after the live channel was down). */
  reload: () => Promise<void>;
  older: () => Promise<void>;
  /** An event from the live channel. */
  add: (event: ZoneEvent) => void;
}

/** A closed log: no map, no events. */
const CLOSED = {
  mapId: null,
  events: [],
  latest: null,
  more: false,
  busy: false,
  error: null,
} satisfies Partial<EventLogState>;

const newestFirst = (a: ZoneEvent, b: ZoneEvent) =>
  b.at.localeCompare(a.at) || b.id.localeCompare(a.id);

function merged(list: readonly ZoneEvent[], more: readonly ZoneEvent[]): ZoneEvent[] {
  const byId = new Map(list.map((e) => [e.id, e]));
  for (const e of more) byId.set(e.id, e);
  return [...byId.values()].sort(newestFirst);
}

export const useEventLogStore = create<EventLogState>((set, get) => {
  async function page(mapId: string, before?: string) {
    set({ busy: true, error: null });
    try {
      const events = await fetchEvents(mapId, { limit: EVENT_PAGE, ...(before ? { before } : {}) });
      if (get().mapId !== mapId) return;
      const newest = events[0]?.at ?? '';
      set((s) => ({
        // The newest page replaces the log; live events newer than it (came meanwhile) stay.
        events: before
          ? merged(s.events, events)
          : merged(
              events,
              s.events.filter((e) => e.at > newest),
            ),
        more: events.length === EVENT_PAGE,
        busy: false,
      }));
    } catch (err) {
      if (get().mapId === mapId) set({ busy: false, error: errorText(err) });
    }
  }
  return {
    ...CLOSED,
    async open(mapId) {
      if (mapId === get().mapId) return;
      set({ ...CLOSED, mapId });
      if (mapId) await page(mapId);
    },
    async reload() {
      const { mapId } = get();
      if (mapId) await page(mapId);
    },
    async older() {
      const { mapId, events } = get();
      const oldest = events.at(-1)?.at;
      if (mapId && oldest) await page(mapId, oldest);
    },
    add(event) {
      if (event.mapId !== get().mapId) return;
      set((s) => ({ events: merged(s.events, [event]).slice(0, MAX_EVENTS), latest: event }));
    },
  };
});
