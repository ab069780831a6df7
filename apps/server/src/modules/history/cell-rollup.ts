/**
 * The heatmap's summary. Every five minutes of positions, once complete, is summed per map, owner
 * and square cell of HISTORY_HEATMAP_DEFAULT_CELL_METRES into `history_cells`: the positions kept
 * in a cell and the seconds spent there, counted as the heatmap counts them (each position until
 * the series' next, at most HISTORY_STATE_LOOKBACK_MS), once without a bound and once never past
 * the span's end. A heatmap of the whole map at that cell or a whole multiple of it then reads the
 * summary for its whole spans and the raw positions only at its two edges (`planCells`), and gives
 * what the raw positions alone give. A span written to after it was summed loses its mark
 * (`written`) and is summed anew.
 */
import { HISTORY_HEATMAP_DEFAULT_CELL_METRES, HISTORY_STATE_LOOKBACK_MS } from '@rtls/contract';
import type { Sql } from '../../lib/db.ts';
import type { HistoryPartitions } from './partitions.ts';

/** The span summed at once (ms); at least the lookback, so a position's time ends in the next. */
export const CELL_SPAN_MS = 5 * 60_000;
/** A span is summed this long after its end (ms): its last positions' next ones are written. */
export const CELL_SUM_DELAY_MS = HISTORY_STATE_LOOKBACK_MS + 60_000;
/** Serialises the summing of a span across instances (any constant bigint works). */
const CELLS_LOCK_ID = 0x72746c63; // "rtlc"
const GAP_S = HISTORY_STATE_LOOKBACK_MS / 1000;
/** Most spans summed by one statement (an hour). */
const RUN_SPANS = 12;

const iso = (ms: number) => new Date(ms).toISOString();
const spanOf = (ms: number) => Math.floor(ms / CELL_SPAN_MS) * CELL_SPAN_MS;

/** What a heatmap reads from the summary: spans [from, to) of one map and owner. */
export interface CellsPlan {
  mapId: string;
  ownerId: string;
  /** The summary's cell side (map pixels) and how many of them make one side of the asked cell. */
  cellPx: number;
  factor: number;
  from: number;
  to: number;
  /** The span whose seconds stop at its end (the heatmap's period ends with it), or null. */
  boundedSpan: number | null;
}

/**
 * The whole spans of [from, to) a heatmap may read from the summary, before asking which are
 * summed: none when the rest after them is shorter than the lookback (a position there would be
 * counted past the period's end).
 */
export function wholeSpans(from: number, to: number): { from: number; to: number } | null {
  const first = spanOf(from) === from ? from : spanOf(from) + CELL_SPAN_MS;
  let last = spanOf(to);
  if (to > last && to - last < HISTORY_STATE_LOOKBACK_MS) last -= CELL_SPAN_MS;
  return last > first ? { from: first, to: last } : null;
}

/**
 * Whether any of these lifetimes (sorted by start) overlaps [from, to), asked for spans in
 * increasing order.
 */
function livedIn(lived: readonly { first_at: Date; last_at: Date }[]) {
  // The lifetimes merged into disjoint intervals, walked once.
  const merged: [number, number][] = [];
  for (const l of lived) {
    const [a, b] = [new Date(l.first_at).getTime(), new Date(l.last_at).getTime()];
    const top = merged.at(-1);
    if (top && a <= top[1]) top[1] = Math.max(top[1], b);
    else merged.push([a, b]);
  }
  let k = 0;
  return (from: number, to: number) => {
    while (k < merged.length && merged[k]![1] < from) k++;
    return k < merged.length && merged[k]![0] < to;
  };
}

export interface CellRollupOptions {
  partitions: HistoryPartitions;
  /** The map's scale for the owner's devices (pixels per metre). */
  pixelsPerMetre: (ownerId: string, mapId: string) => number;
}

export function cellRollup(sql: Sql, o: CellRollupOptions) {
  /**
   * Sum the spans of [from, to), all due when listed, in one statement (inside the lock; none if
   * another instance summed any of them meanwhile).
   */
  async function sumRun(from: number, to: number): Promise<void> {
    const series = await sql.query<{ id: number; map_id: string; owner_id: string }>(
      `select id, map_id, owner_id from history_series where first_at < $2 and last_at >= $1`,
      [iso(from), iso(to)],
    );
    const px = series.map(
      (s) => HISTORY_HEATMAP_DEFAULT_CELL_METRES * o.pixelsPerMetre(s.owner_id, s.map_id),
    );
    const spans: string[] = [];
    for (let t = from; t < to; t += CELL_SPAN_MS) spans.push(iso(t));
    await o.partitions.ensureFor('history_cells', [from, to - 1]);
    await sql.transaction(async (tx) => {
      const [done] = await tx.query(
        'select 1 from history_cells_done where bucket >= $1 and bucket < $2 limit 1',
        [iso(from), iso(to)],
      );
      if (done) return;
      await tx.query('delete from history_cells where bucket >= $1 and bucket < $2', [
        iso(from),
        iso(to),
      ]);
      if (series.length > 0)
        await tx.query(
          `insert into history_cells
             (bucket, map_id, owner_id, cell_px, i, j, n, seconds, seconds_in_span)
           select q.bucket, c.map_id, c.owner_id, c.cell_px,
                  floor(q.x / c.cell_px)::int, floor(q.y / c.cell_px)::int, count(*)::int,
                  sum(extract(epoch from
                    least(q.next_at, q.at + make_interval(secs => $7)) - q.at))::float8,
                  sum(extract(epoch from
                    least(q.next_at, q.at + make_interval(secs => $7),
                          q.bucket + make_interval(secs => $8)) - q.at))::float8
           from (
             select series, at, x, y, next_at,
                    date_bin(make_interval(secs => $8), at, 'epoch'::timestamptz) as bucket
             from (
               select series, at, x::float8 as x, y::float8 as y,
                      lead(at) over (partition by series order by at) as next_at
               from history_positions
               where series = any($3::int[]) and at >= $1
                 and at < $2::timestamptz + make_interval(secs => $7)
             ) p
             where at < $2
           ) q
           join unnest($3::int[], $4::text[], $5::text[], $6::float8[])
             as c(series, map_id, owner_id, cell_px) on c.series = q.series
           group by 1, 2, 3, 4, 5, 6`,
          [
            iso(from),
            iso(to),
            series.map((s) => s.id),
            series.map((s) => s.map_id),
            series.map((s) => s.owner_id),
            px,
            GAP_S,
            CELL_SPAN_MS / 1000,
          ],
        );
      await tx.query('insert into history_cells_done (bucket) select unnest($1::timestamptz[])', [
        spans,
      ]);
    });
  }

  return {
    /**
     * Sum the complete spans not summed yet, from `since` (ms, the positions' retention) on: one
     * run at least, then more while within `budgetMs` (the rest is left for the next pass); the
     * number of spans summed that had series living in them.
     */
    async sumDue(now: number, since: number, budgetMs = Infinity): Promise<number> {
      const lived = await sql.query<{ first_at: Date; last_at: Date }>(
        'select first_at, last_at from history_series where last_at >= $1 order by first_at',
        [iso(since)],
      );
      if (lived.length === 0) return 0;
      const from = spanOf(Math.max(since, new Date(lived[0]!.first_at).getTime()));
      const to = spanOf(now - CELL_SUM_DELAY_MS) - CELL_SPAN_MS;
      if (to < from) return 0;
      const due = await sql.query<{ span: Date }>(
        `select s as span from generate_series($1::timestamptz, $2::timestamptz, $3::interval) s
         where not exists (select 1 from history_cells_done d where d.bucket = s)
         order by s`,
        [iso(from), iso(to), `${CELL_SPAN_MS / 1000} seconds`],
      );
      // Spans no series lived in are marked at once; the others are summed one by one.
      const live = livedIn(lived);
      const empty: string[] = [];
      const busy: number[] = [];
      for (const { span } of due) {
        const t = new Date(span).getTime();
        if (live(t, t + CELL_SPAN_MS)) busy.push(t);
        else empty.push(iso(t));
      }
      if (empty.length > 0)
        await sql.query(
          `insert into history_cells_done (bucket) select unnest($1::timestamptz[])
           on conflict do nothing`,
          [empty],
        );
      // Runs of spans in a row, at most RUN_SPANS each, summed by one statement, the newest first
      // (a catch-up over a long history serves the recent heatmaps first), within the budget.
      const t0 = performance.now();
      let summed = 0;
      const inBudget = () => summed === 0 || performance.now() - t0 < budgetMs;
      for (let k = busy.length; k > 0 && inBudget();) {
        let first = k - 1;
        while (
          first > 0 &&
          k - first < RUN_SPANS &&
          busy[first - 1] === busy[first]! - CELL_SPAN_MS
        )
          first--;
        const [from, to] = [busy[first]!, busy[k - 1]! + CELL_SPAN_MS];
        await sql.withAdvisoryLock(CELLS_LOCK_ID, () => sumRun(from, to));
        summed += k - first;
        k = first;
      }
      return summed;
    },

    /**
     * Positions at these times (ms) were written: the spans they count in that may have been
     * summed already are summed anew next time.
     */
    async written(times: readonly number[], now: number): Promise<void> {
      const spans = new Set<number>();
      for (const t of times)
        if (spanOf(t) + CELL_SPAN_MS + CELL_SUM_DELAY_MS <= now)
          for (const s of [spanOf(t), spanOf(t - HISTORY_STATE_LOOKBACK_MS)]) spans.add(s);
      if (spans.size === 0) return;
      await sql.query('delete from history_cells_done where bucket = any($1::timestamptz[])', [
        [...spans].map(iso),
      ]);
    },

    /** The spans of [from, to) a heatmap of the whole map at `cellPx` reads summed, or null. */
    async plan(
      mapId: string,
      ownerId: string,
      from: number,
      to: number,
      cellPx: number,
    ): Promise<CellsPlan | null> {
      const whole = wholeSpans(from, to);
      const base = HISTORY_HEATMAP_DEFAULT_CELL_METRES * o.pixelsPerMetre(ownerId, mapId);
      const factor = Math.round(cellPx / base);
      if (!whole || factor < 1 || Math.abs(cellPx - factor * base) > 1e-9 * cellPx) return null;
      const done = await sql.query<{ span: Date }>(
        `select bucket as span from history_cells_done where bucket >= $1 and bucket < $2
         order by bucket`,
        [iso(whole.from), iso(whole.to)],
      );
      // The longest run of summed spans in a row; what is around it is read raw.
      let [start, end] = [0, 0];
      let runStart = 0;
      done.forEach(({ span }, k) => {
        const t = new Date(span).getTime();
        if (k === 0 || t !== new Date(done[k - 1]!.span).getTime() + CELL_SPAN_MS) runStart = t;
        if (t + CELL_SPAN_MS - runStart > end - start) [start, end] = [runStart, t + CELL_SPAN_MS];
      });
      if (end === start) return null;
      // Summed at another scale (the map's was changed since): its cells are not these.
      const [other] = await sql.query(
        `select 1 from history_cells where map_id = $1 and owner_id = $2
           and bucket >= $3 and bucket < $4 and cell_px <> $5 limit 1`,
        [mapId, ownerId, iso(start), iso(end), base],
      );
      if (other) return null;
      return {
        mapId,
        ownerId,
        cellPx: base,
        factor,
        from: start,
        to: end,
        boundedSpan: end === to ? end - CELL_SPAN_MS : null,
      };
    },

    /** An account keeping less history: its summed cells older than `before` (ms) go too. */
    async deleteOwnerBefore(ownerId: string, before: number): Promise<void> {
      await sql.query('delete from history_cells where owner_id = $1 and bucket < $2', [
        ownerId,
        iso(before),
      ]);
    },

    /** Forget the marks of spans older than `before` (their partitions were dropped). */
    async forgetBefore(before: number): Promise<void> {
      await sql.query('delete from history_cells_done where bucket < $1', [iso(before)]);
    },
  };
}
export type CellRollup = ReturnType<typeof cellRollup>;
