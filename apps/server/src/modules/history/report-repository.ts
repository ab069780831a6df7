/**
 * SQL of the history reports: every figure is aggregated by the database, so a month of a hundred
 * zones answers with a few thousand rows however many positions and stays it covers.
 */
import type { Sql } from '../../lib/db.ts';
import type { CellsPlan } from './cell-rollup.ts';
import { openStayWhere } from './repository.ts';

const iso = (ms: number) => new Date(ms).toISOString();

/** What the stays are read for: these series and zones in [from, to), stays not ended until `now`. */
export interface StaysScope {
  series: readonly number[];
  /** null: every zone. */
  zones: readonly string[] | null;
  from: number;
  to: number;
  now: number;
}

/**
 * The `stays` CTE: ended visits and stays not ended (zone_presence, counted until now) of the
 * series, clipped to the range as (series, zone_id, s, e, open). Parameters $1..$5 are scopeParams.
 */
const STAYS = `stays as (
  select series, zone_id, greatest(entered_at, $2::timestamptz) as s,
         least(exited_at, $3::timestamptz) as e, false as open
  from history_visits
  where series = any($1::int[]) and exited_at > $2 and entered_at < $3
    and ($5::text[] is null or zone_id = any($5::text[]))
  union all
  select h.id, p.zone_id, greatest(p.entered_at, $2::timestamptz),
         least($3::timestamptz, $4::timestamptz), true
  from history_series h
  join zone_presence p on p.map_id = h.map_id and p.owner_id = h.owner_id and p.mac = h.mac
  where h.id = any($1::int[]) and ${openStayWhere('p')}
    and p.entered_at < least($3::timestamptz, $4::timestamptz)
    and $4::timestamptz > $2::timestamptz
    and ($5::text[] is null or p.zone_id = any($5::text[]))
)`;

/**
 * A bucket's peak and its first moment in one bigint: level · PEAK_KEY − ms since `from`, whose
 * greatest is the highest level at its earliest moment (ms since `from` stay below PEAK_KEY for
 * three years; levels below 90,000 keep it within a bigint).
 */
const PEAK_KEY = 100_000_000_000;

const scopeParams = (s: StaysScope): unknown[] => [
  s.series,
  iso(s.from),
  iso(s.to),
  iso(s.now),
  s.zones,
];

export interface ZoneTotalsRow {
  zone_id: string;
  visits: number;
  seconds: number;
}

export interface OccupancyRow {
  zone_id: string;
  /** The bucket's index from `from`. */
  bucket: number;
  peak: number;
  /** The first moment of the bucket with `peak` devices in the zone. */
  peak_at: Date;
  device_seconds: number;
}

export interface DeviceZoneRow extends ZoneTotalsRow {
  series: number;
}

export interface StayRow {
  series: number;
  zone_id: string;
  s: Date;
  e: Date;
  open: boolean;
}

export interface MovementRow {
  series: number;
  path_px: number;
  seen_s: number;
}

export function reportRepository(sql: Sql) {
  return {
    /** Per zone: stays overlapping the range and their seconds within it. */
    async zoneTotals(scope: StaysScope): Promise<ZoneTotalsRow[]> {
      const rows = await sql.query<ZoneTotalsRow>(
        `with ${STAYS}
         select zone_id, count(*)::int as visits,
                coalesce(sum(extract(epoch from e - s)), 0)::float8 as seconds
         from stays group by zone_id`,
        scopeParams(scope),
      );
      return rows.map((r) => ({ ...r, visits: Number(r.visits), seconds: Number(r.seconds) }));
    },

    /**
     * Per zone and bucket: the most devices at once (with when) and the device-seconds. The stays'
     * starts and ends and the buckets' starts are the moments the count can change; the count
     * after a moment is the running sum of the changes up to it (moments at the same time are
     * peers of one frame, so each sees all of them), constant until the next moment. Zones are
     * told apart byte by byte ("C"): sorting a month of moments by a collated text costs double.
     */
    async occupancy(scope: StaysScope, bucketSeconds: number): Promise<OccupancyRow[]> {
      const rows = await sql.transaction(async (tx) => {
        // A month of moments is sorted once: in memory rather than in files.
        await tx.query(`set local work_mem = '64MB'`);
        return tx.query<Omit<OccupancyRow, 'peak_at'> & { peak_ms: string }>(
          `with ${STAYS},
           edges as (
             select zone_id collate "C" as zone_id, s as t, 1 as d from stays
             union all select zone_id collate "C", e, -1 from stays
             union all
             select z.zone_id collate "C", b.t, 0 from (select distinct zone_id from stays) z
             cross join generate_series($2::timestamptz, $3::timestamptz - interval '1 millisecond',
                                        make_interval(secs => $6)) as b(t)
           ),
           levels as (
             select zone_id, t,
                    sum(d) over (partition by zone_id order by t) as level,
                    lead(t) over (partition by zone_id order by t) as next,
                    (extract(epoch from t - $2::timestamptz) * 1000)::bigint as ms
             from edges
           ),
           buckets as (
             select zone_id, floor(ms / ($6 * 1000.0))::int as bucket,
                    max(level)::int as peak,
                    max(level::bigint * ${PEAK_KEY} - ms) as peak_key,
                    sum(level * extract(epoch from coalesce(next, $3::timestamptz) - t))::float8
                      as device_seconds
             from levels where t < $3::timestamptz
             group by zone_id, bucket
           )
           select zone_id, bucket, peak, (peak::bigint * ${PEAK_KEY} - peak_key)::text as peak_ms,
                  device_seconds
           from buckets order by zone_id, bucket`,
          [...scopeParams(scope), bucketSeconds],
        );
      });
      return rows.map(({ peak_ms, ...r }) => ({
        ...r,
        bucket: Number(r.bucket),
        peak: Number(r.peak),
        peak_at: new Date(scope.from + Number(peak_ms)),
        device_seconds: Number(r.device_seconds),
      }));
    },

    /** Per series and zone: stays and their seconds within the range. */
    async deviceZones(scope: StaysScope): Promise<DeviceZoneRow[]> {
      const rows = await sql.query<DeviceZoneRow>(
        `with ${STAYS}
         select series, zone_id, count(*)::int as visits,
                coalesce(sum(extract(epoch from e - s)), 0)::float8 as seconds
         from stays group by series, zone_id order by series, seconds desc, zone_id`,
        scopeParams(scope),
      );
      return rows.map((r) => ({ ...r, visits: Number(r.visits), seconds: Number(r.seconds) }));
    },

    /** Each series' first `limit` + 1 stays in time order (one more tells that some are left out). */
    stays(scope: StaysScope, limit: number): Promise<StayRow[]> {
      return sql.query<StayRow>(
        `with ${STAYS}
         select series, zone_id, s, e, open from (
           select *, row_number() over (partition by series order by s, e, zone_id) as n
           from stays
         ) r where n <= $6 order by series, s, e, zone_id`,
        [...scopeParams(scope), limit + 1],
      );
    },

    /**
     * Per series over [from, to): map pixels walked between positions at most `gapMs` apart, and
     * seconds seen (each position until the next, at most `gapMs`, never past `to`).
     */
    async movement(
      series: readonly number[],
      from: number,
      to: number,
      gapMs: number,
    ): Promise<MovementRow[]> {
      const rows = await sql.query<MovementRow>(
        `select series,
                coalesce(sum(sqrt((x - px) * (x - px) + (y - py) * (y - py)))
                  filter (where gap <= $4 / 1000.0), 0)::float8 as path_px,
                coalesce(sum(extract(epoch from
                  least(coalesce(next_at, $3::timestamptz), at + make_interval(secs => $4 / 1000.0))
                  - at)), 0)::float8 as seen_s
         from (
           select series, at, x::float8 as x, y::float8 as y,
                  lag(x::float8) over w as px, lag(y::float8) over w as py,
                  extract(epoch from at - lag(at) over w) as gap,
                  lead(at) over w as next_at
           from history_positions
           where series = any($1::int[]) and at >= $2 and at < $3
           window w as (partition by series order by at)
         ) p
         group by series`,
        [series, iso(from), iso(to), gapMs],
      );
      return rows.map((r) => ({ ...r, path_px: Number(r.path_px), seen_s: Number(r.seen_s) }));
    },

    /**
     * Per square cell of `cellPx` map pixels, at most `limit` cells: the positions kept in it and
     * the seconds spent there (each position until the series' next, at most `gapMs`, never past
     * `to`, as `movement` counts time seen). With a plan, its spans come from the summed cells
     * and only the positions around them are read.
     */
    async heatmap(
      series: readonly number[],
      from: number,
      to: number,
      cellPx: number,
      limit: number,
      gapMs: number,
      plan: CellsPlan | null,
    ): Promise<{ i: number; j: number; n: number; seconds: number }[]> {
      // Without a plan the skipped spans are empty: [to, to).
      const skip = plan ?? {
        mapId: '',
        ownerId: '',
        cellPx,
        factor: 1,
        from: to,
        to,
        boundedSpan: null,
      };
      const rows = await sql.query<{ i: number; j: number; n: number; seconds: number }>(
        `select i, j, sum(n)::int as n, sum(seconds)::float8 as seconds from (
           select floor(x / $4)::int as i, floor(y / $4)::int as j, count(*)::int as n,
                  sum(extract(epoch from
                    least(coalesce(next_at, $3::timestamptz), at + make_interval(secs => $6 / 1000.0))
                    - at))::float8 as seconds
           from (
             select x::float8 as x, y::float8 as y, at,
                    lead(at) over (partition by series order by at) as next_at
             from (
               select series, at, x, y from history_positions
               where series = any($1::int[]) and at >= $2
                 and at < least($7::timestamptz + make_interval(secs => $6 / 1000.0), $3::timestamptz)
               union all
               select series, at, x, y from history_positions
               where series = any($1::int[]) and at >= $8 and at < $3
             ) r
           ) p
           where not (at >= $7 and at < $8)
           group by 1, 2
           union all
           select floor(i / $12::float8)::int, floor(j / $12::float8)::int, sum(n)::int,
                  sum(case when bucket = $13 then seconds_in_span else seconds end)::float8
           from history_cells
           where map_id = $9 and owner_id = $10 and cell_px = $11 and bucket >= $7 and bucket < $8
           group by 1, 2
         ) u
         group by i, j order by i, j limit $5`,
        [
          series,
          iso(from),
          iso(to),
          cellPx,
          limit,
          gapMs,
          iso(skip.from),
          iso(skip.to),
          skip.mapId,
          skip.ownerId,
          skip.cellPx,
          skip.factor,
          skip.boundedSpan === null ? null : iso(skip.boundedSpan),
        ],
      );
      return rows.map((r) => ({
        i: Number(r.i),
        j: Number(r.j),
        n: Number(r.n),
        seconds: Number(r.seconds),
      }));
    },
  };
}
export type ReportRepository = ReturnType<typeof reportRepository>;
