/** SQL of history: series, batched writes, pages of positions and visits, the state at a moment. */
import type { Sql } from '../../lib/db.ts';
import type { SeriesTable } from './partitions.ts';

/**
 * The zone_presence rows (of table alias `p`) that are stays not ended: a device in a zone, and
 * one that cannot be told now (unknown) but keeps its zone until its exit is declared.
 */
export const openStayWhere = (p: string) =>
  `${p}.state in ('in', 'unknown') and ${p}.zone_id is not null and ${p}.entered_at is not null`;

/** A device on a map, as history keys it. */
export interface SeriesKey {
  ownerId: string;
  mac: string;
  mapId: string;
}

export interface PositionRow {
  series: number;
  at: number;
  x: number;
  y: number;
}

export interface VisitRow {
  series: number;
  zoneId: string;
  enteredAt: number;
  exitedAt: number;
  reason: 'left' | 'unknown';
}

export interface SeriesRow {
  id: number;
  mac: string;
}

export interface StoredPosition {
  series: number;
  at: Date;
  x: number;
  y: number;
}

export interface StoredVisit {
  series: number;
  zone_id: string;
  entered_at: Date;
  exited_at: Date;
  reason: 'left' | 'unknown';
}

/** Where a page starts: after this series and time (ms). */
export interface Keyset {
  series: number;
  at: number;
}

const iso = (ms: number) => new Date(ms).toISOString();

export function historyRepository(sql: Sql) {
  return {
    /** The series ids of these devices on their maps, created when new (first seen at `at`). */
    async series(keys: readonly (SeriesKey & { at: number })[]): Promise<number[]> {
      if (keys.length === 0) return [];
      const rows = await sql.query<{ id: number; map_id: string; owner_id: string; mac: string }>(
        `insert into history_series (map_id, owner_id, mac, first_at, last_at)
         select m, o, d, t, t
         from unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[]) as k(m, o, d, t)
         on conflict (map_id, owner_id, mac) do update set map_id = excluded.map_id
         returning id, map_id, owner_id, mac`,
        [
          keys.map((k) => k.mapId),
          keys.map((k) => k.ownerId),
          keys.map((k) => k.mac),
          keys.map((k) => iso(k.at)),
        ],
      );
      const ids = new Map(rows.map((r) => [`${r.map_id}|${r.owner_id}|${r.mac}`, r.id]));
      return keys.map((k) => ids.get(`${k.mapId}|${k.ownerId}|${k.mac}`)!);
    },

    /** Widen each series' span to take rows from `first` to `last` (ms). */
    async touch(spans: readonly { id: number; first: number; last: number }[]): Promise<void> {
      if (spans.length === 0) return;
      await sql.query(
        `update history_series s
           set first_at = least(s.first_at, u.f), last_at = greatest(s.last_at, u.l)
         from unnest($1::int[], $2::timestamptz[], $3::timestamptz[]) as u(id, f, l)
         where s.id = u.id`,
        [spans.map((x) => x.id), spans.map((x) => iso(x.first)), spans.map((x) => iso(x.last))],
      );
    },

    async insertPositions(rows: readonly PositionRow[]): Promise<void> {
      if (rows.length === 0) return;
      await sql.query(
        `insert into history_positions (at, series, x, y)
         select * from unnest($1::timestamptz[], $2::int[], $3::real[], $4::real[])`,
        [
          rows.map((r) => iso(r.at)),
          rows.map((r) => r.series),
          rows.map((r) => r.x),
          rows.map((r) => r.y),
        ],
      );
    },

    async insertVisits(rows: readonly VisitRow[]): Promise<void> {
      if (rows.length === 0) return;
      await sql.query(
        `insert into history_visits (exited_at, entered_at, series, zone_id, reason)
         select * from unnest($1::timestamptz[], $2::timestamptz[], $3::int[], $4::text[], $5::text[])`,
        [
          rows.map((r) => iso(r.exitedAt)),
          rows.map((r) => iso(r.enteredAt)),
          rows.map((r) => r.series),
          rows.map((r) => r.zoneId),
          rows.map((r) => r.reason),
        ],
      );
    },

    /** The series of the owner's devices on a map (all of them, or those of these MACs). */
    seriesOnMap(mapId: string, ownerId: string, macs?: readonly string[]): Promise<SeriesRow[]> {
      return macs
        ? sql.query<SeriesRow>(
            `select id, mac from history_series
             where map_id = $1 and owner_id = $2 and mac = any($3::text[]) order by id`,
            [mapId, ownerId, macs],
          )
        : sql.query<SeriesRow>(
            'select id, mac from history_series where map_id = $1 and owner_id = $2 order by id',
            [mapId, ownerId],
          );
    },

    /** Series seen within [from, to] (ms): those that may have rows there. */
    seriesSeen(ids: readonly number[], from: number, to: number): Promise<{ id: number }[]> {
      return sql.query<{ id: number }>(
        `select id from history_series
         where id = any($1::int[]) and first_at <= $3 and last_at >= $2 order by id`,
        [ids, iso(from), iso(to)],
      );
    },

    /** One series' positions in [from, to), oldest first, after `afterAt` (ms) when given. */
    positions(
      series: number,
      from: number,
      to: number,
      limit: number,
      afterAt: number | null = null,
    ): Promise<StoredPosition[]> {
      const params: unknown[] = [series, iso(from), iso(to), limit];
      const after = afterAt === null ? '' : `and at > $${params.push(iso(afterAt))}`;
      return sql.query<StoredPosition>(
        `select series, at, x, y from history_positions
         where series = $1 and at >= $2 and at < $3 ${after}
         order by at limit $4`,
        params,
      );
    },

    /**
     * One series' positions in [from, to) after `afterAt` as CSV lines made by the database (time,
     * then `middle`, then x and y): one string per batch keeps an export's garbage small.
     */
    async positionsCsv(
      series: number,
      from: number,
      to: number,
      limit: number,
      afterAt: number | null,
      middle: string,
    ): Promise<{ csv: string; rows: number; last: number } | null> {
      const rows = await sql.query<{ csv: string | null; n: number; last: Date | null }>(
        `select string_agg(to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
                  || $6 || x::text || ',' || y::text || E'\r\n', '' order by at) as csv,
                count(*)::int as n, max(at) as last
         from (select at, x, y from history_positions
               where series = $1 and at >= $2 and at < $3 and at > $5
               order by at limit $4) p`,
        [series, iso(from), iso(to), limit, iso(afterAt ?? from - 1), middle],
      );
      const r = rows[0];
      if (!r?.csv || !r.last) return null;
      return { csv: r.csv, rows: Number(r.n), last: new Date(r.last).getTime() };
    },

    /** Each series' last position at or before `at`, not older than `since` (ms). */
    stateAt(ids: readonly number[], since: number, at: number): Promise<StoredPosition[]> {
      return sql.query<StoredPosition>(
        `select s.id as series, p.at, p.x, p.y from unnest($1::int[]) as s(id)
         cross join lateral (
           select at, x, y from history_positions
           where series = s.id and at <= $3 and at > $2
           order by at desc limit 1
         ) p
         order by s.id`,
        [ids, iso(since), iso(at)],
      );
    },

    /** A page of ended visits overlapping [from, to), by series then exit, after `after`. */
    visits(
      ids: readonly number[],
      zones: readonly string[] | null,
      from: number,
      to: number,
      limit: number,
      after: Keyset | null,
    ): Promise<StoredVisit[]> {
      const params: unknown[] = [ids, iso(from), iso(to), limit];
      const zoneFilter = zones ? `and zone_id = any($${params.push(zones)}::text[])` : '';
      const keyset = after
        ? `and (series, exited_at) > ($${params.push(after.series)}::int, $${params.push(iso(after.at))}::timestamptz)`
        : '';
      return sql.query<StoredVisit>(
        `select series, zone_id, entered_at, exited_at, reason from history_visits
         where series = any($1::int[]) and exited_at > $2 and entered_at < $3 ${zoneFilter} ${keyset}
         order by series, exited_at limit $4`,
        params,
      );
    },

    /** Stays not ended (openStayWhere) of the owner's devices on a map, begun before `to` (ms). */
    openVisits(
      mapId: string,
      ownerId: string,
      to: number,
    ): Promise<{ mac: string; zone_id: string; entered_at: Date }[]> {
      return sql.query(
        `select mac, zone_id, entered_at from zone_presence p
         where map_id = $1 and owner_id = $2 and ${openStayWhere('p')} and entered_at < $3
         order by mac`,
        [mapId, ownerId, iso(to)],
      );
    },

    /** The zones of a map by id (name for exports). */
    zonesOf(mapId: string): Promise<{ id: string; name: string }[]> {
      return sql.query('select id, name from zones where map_id = $1', [mapId]);
    },

    /** The owner's devices' names by MAC. */
    deviceNames(ownerId: string): Promise<{ mac: string; name: string }[]> {
      return sql.query('select mac, name from devices where owner_id = $1', [ownerId]);
    },

    /** The owner's known devices among these MACs. */
    knownDevices(ownerId: string, macs: readonly string[]): Promise<{ mac: string }[]> {
      return sql.query('select mac from devices where owner_id = $1 and mac = any($2::text[])', [
        ownerId,
        macs,
      ]);
    },

    /** An account's own retention, when it set one. */
    async retention(ownerId: string): Promise<{ positions: number; visits: number } | null> {
      const rows = await sql.query<{ positions_days: number; visits_days: number }>(
        'select positions_days, visits_days from history_retention where owner_id = $1',
        [ownerId],
      );
      const r = rows[0];
      return r ? { positions: r.positions_days, visits: r.visits_days } : null;
    },

    async setRetention(ownerId: string, positions: number, visits: number): Promise<void> {
      await sql.query(
        `insert into history_retention (owner_id, positions_days, visits_days) values ($1, $2, $3)
         on conflict (owner_id) do update
           set positions_days = excluded.positions_days, visits_days = excluded.visits_days,
               updated_at = now()`,
        [ownerId, positions, visits],
      );
    },

    /** Accounts keeping less than the ceilings. */
    shorterRetentions(): Promise<
      { owner_id: string; positions_days: number; visits_days: number }[]
    > {
      return sql.query('select owner_id, positions_days, visits_days from history_retention');
    },

    /** The ids of an account's series. */
    async seriesOf(ownerId: string): Promise<number[]> {
      const rows = await sql.query<{ id: number }>(
        'select id from history_series where owner_id = $1',
        [ownerId],
      );
      return rows.map((r) => r.id);
    },

    /** Delete these series' rows of one table in [from, to) (ms): one partition's span at most. */
    async deleteSpan(
      table: SeriesTable,
      ids: readonly number[],
      from: number,
      to: number,
    ): Promise<void> {
      const at = table === 'history_positions' ? 'at' : 'exited_at';
      await sql.query(
        `delete from ${table} where series = any($1::int[]) and ${at} >= $2 and ${at} < $3`,
        [ids, iso(from), iso(to)],
      );
    },
  };
}
export type HistoryRepository = ReturnType<typeof historyRepository>;
