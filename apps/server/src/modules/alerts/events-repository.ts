/** The event log in SQL: appended, read newest first, pruned by age. */
import { randomUUID } from 'node:crypto';
import type { EventDetail, EventType, ZoneEvent } from '@rtls/contract';
import type { Sql } from '../../lib/db.ts';

interface EventRow {
  id: string;
  map_id: string;
  type: EventType;
  at: Date | string;
  zone_id: string | null;
  mac: string | null;
  gateway: string | null;
  detail: EventDetail | string;
}

export const presentEvent = (r: EventRow): ZoneEvent => ({
  id: r.id,
  type: r.type,
  at: new Date(r.at).toISOString(),
  mapId: r.map_id,
  zoneId: r.zone_id,
  mac: r.mac,
  gateway: r.gateway,
  detail: typeof r.detail === 'string' ? (JSON.parse(r.detail) as EventDetail) : r.detail,
});

export interface NewEvent {
  mapId: string;
  type: EventType;
  at: number;
  zoneId?: string | null;
  mac?: string | null;
  gateway?: string | null;
  detail: EventDetail;
  /** Set for timed events: one event per occurrence, however many rules ask for it. */
  occurrence?: string;
}

export interface EventFilter {
  since?: Date;
  before?: Date;
  type?: EventType;
  zoneId?: string;
  mac?: string;
  limit: number;
}

export function eventsRepository(sql: Sql) {
  return {
    /** Append an event; for an occurrence already recorded, the one recorded then. */
    async record(e: NewEvent): Promise<ZoneEvent> {
      const params = [
        randomUUID(),
        e.mapId,
        e.type,
        new Date(e.at).toISOString(),
        e.zoneId ?? null,
        e.mac ?? null,
        e.gateway ?? null,
        JSON.stringify(e.detail),
        e.occurrence ?? null,
      ];
      const rows = await sql.query<EventRow>(
        `insert into zone_events (id, map_id, type, at, zone_id, mac, gateway, detail, occurrence)
         values ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9)
         on conflict (map_id, occurrence) do nothing returning *`,
        params,
      );
      if (rows[0]) return presentEvent(rows[0]);
      const again = await sql.query<EventRow>(
        'select * from zone_events where map_id = $1 and occurrence = $2',
        [e.mapId, e.occurrence],
      );
      return presentEvent(again[0]!);
    },
    /** Append several events in one statement; answers in the order given (see record). */
    async recordMany(list: readonly NewEvent[]): Promise<ZoneEvent[]> {
      if (list.length === 0) return [];
      const ids = list.map(() => randomUUID());
      const col = <T>(f: (e: NewEvent) => T) => list.map(f);
      const rows = await sql.query<EventRow>(
        `insert into zone_events (id, map_id, type, at, zone_id, mac, gateway, detail, occurrence)
         select u.id, u.map_id, u.type, u.at, u.zone_id, u.mac, u.gateway, u.detail::jsonb, u.occurrence
           from unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[], $5::text[], $6::text[],
                       $7::text[], $8::text[], $9::text[])
             as u(id, map_id, type, at, zone_id, mac, gateway, detail, occurrence)
         on conflict (map_id, occurrence) do nothing returning *`,
        [
          ids,
          col((e) => e.mapId),
          col((e) => e.type),
          col((e) => new Date(e.at).toISOString()),
          col((e) => e.zoneId ?? null),
          col((e) => e.mac ?? null),
          col((e) => e.gateway ?? null),
          col((e) => JSON.stringify(e.detail)),
          col((e) => e.occurrence ?? null),
        ],
      );
      const byId = new Map(rows.map((r) => [r.id, presentEvent(r)]));
      // An occurrence recorded before (another instance, or before a restart) answers as it was.
      return Promise.all(list.map((e, i) => byId.get(ids[i]!) ?? this.record(e)));
    },
    async list(mapId: string, f: EventFilter): Promise<ZoneEvent[]> {
      const where = ['map_id = $1'];
      const params: unknown[] = [mapId];
      const add = (clause: string, value: unknown) => {
        params.push(value);
        where.push(clause.replace('?', `$${params.length}`));
      };
      if (f.since) add('at >= ?', f.since.toISOString());
      if (f.before) add('at < ?', f.before.toISOString());
      if (f.type) add('type = ?', f.type);
      if (f.zoneId) add('zone_id = ?', f.zoneId);
      if (f.mac) add('mac = ?', f.mac);
      params.push(f.limit);
      const rows = await sql.query<EventRow>(
        `select * from zone_events where ${where.join(' and ')}
          order by at desc, id desc limit $${params.length}`,
        params,
      );
      return rows.map(presentEvent);
    },
    /** Drop events (and resolved alerts) older than the retention. */
    async prune(olderThan: Date): Promise<void> {
      const t = olderThan.toISOString();
      await sql.query('delete from zone_events where at < $1', [t]);
      await sql.query("delete from alerts where state = 'resolved' and resolved_at < $1", [t]);
    },
  };
}
export type EventsRepository = ReturnType<typeof eventsRepository>;
