/**
 * The partitions of the history tables: positions and their heatmap cells by UTC day, visits by
 * UTC month. Partitions are
 * created ahead of time (today back to yesterday, and `aheadDays` to come), and a partition whose
 * whole span is older than the server's retention ceiling is dropped: old history goes without a
 * delete of its rows, and ingest never waits for it (it writes none of these tables).
 */
import type { Sql } from '../../lib/db.ts';

const DAY_MS = 86_400_000;
/** Serialises partition changes across instances (any constant bigint works). */
const PARTITION_LOCK_ID = 0x72746c68; // "rtlh"

export type HistoryTable = 'history_positions' | 'history_cells' | 'history_visits';
/** The tables kept by day, as long as positions are. */
export type DayTable = Exclude<HistoryTable, 'history_visits'>;
/** The tables whose rows belong to a device's series. */
export type SeriesTable = Exclude<HistoryTable, 'history_cells'>;

/** A partition: its name and the span it holds, [from, to). */
export interface PartitionSpan {
  name: string;
  from: number;
  to: number;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The day partition of positions (or of their cells) holding `ms`. */
export function dayPartition(ms: number, table: DayTable = 'history_positions'): PartitionSpan {
  const from = Math.floor(ms / DAY_MS) * DAY_MS;
  const d = new Date(from);
  const name = `${table}_p${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}`;
  return { name, from, to: from + DAY_MS };
}

/** The month partition of visits holding `ms`. */
export function monthPartition(ms: number): PartitionSpan {
  const d = new Date(ms);
  const from = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
  const to = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
  return { name: `history_visits_p${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}`, from, to };
}

const spanOf = (table: HistoryTable, ms: number) =>
  table === 'history_visits' ? monthPartition(ms) : dayPartition(ms, table);

/** The span of a partition from its name, or null for a name this module did not make. */
export function parsePartition(name: string): PartitionSpan | null {
  const day = /^(history_positions|history_cells)_p(\d{4})(\d{2})(\d{2})$/.exec(name);
  if (day) return dayPartition(Date.UTC(+day[2]!, +day[3]! - 1, +day[4]!), day[1] as DayTable);
  const month = /^history_visits_p(\d{4})(\d{2})$/.exec(name);
  if (month) return monthPartition(Date.UTC(+month[1]!, +month[2]! - 1, 1));
  return null;
}

export function historyPartitions(sql: Sql) {
  /** Partitions known to exist (created or seen here), so writes ask the database once. */
  const known = new Set<string>();

  async function list(table: HistoryTable): Promise<PartitionSpan[]> {
    const rows = await sql.query<{ name: string }>(
      `select c.relname as name from pg_inherits i
         join pg_class c on c.oid = i.inhrelid
         join pg_class p on p.oid = i.inhparent
       where p.relname = $1`,
      [table],
    );
    return rows
      .map((r) => parsePartition(r.name))
      .filter((p): p is PartitionSpan => p !== null)
      .sort((a, b) => a.from - b.from);
  }

  async function create(table: HistoryTable, spans: readonly PartitionSpan[]) {
    const missing = spans.filter((s) => !known.has(s.name));
    if (missing.length === 0) return;
    await sql.withAdvisoryLock(PARTITION_LOCK_ID, async () => {
      for (const s of missing) {
        await sql.exec(
          `create table if not exists ${s.name} partition of ${table}
             for values from ('${new Date(s.from).toISOString()}') to ('${new Date(s.to).toISOString()}')`,
        );
        known.add(s.name);
      }
    });
  }

  return {
    list,

    /** Make sure rows at these times have a partition to go to. */
    async ensureFor(table: HistoryTable, times: Iterable<number>): Promise<void> {
      const spans = new Map<string, PartitionSpan>();
      for (const t of times) {
        const s = spanOf(table, t);
        if (!known.has(s.name)) spans.set(s.name, s);
      }
      if (spans.size > 0) await create(table, [...spans.values()]);
    },

    /** Create yesterday's and today's partitions and those of the next `aheadDays` days. */
    async createAhead(now: number, aheadDays: number): Promise<void> {
      const days: PartitionSpan[] = [];
      const months = new Map<string, PartitionSpan>();
      for (let d = -1; d <= aheadDays; d++) {
        days.push(dayPartition(now + d * DAY_MS));
        const m = monthPartition(now + d * DAY_MS);
        months.set(m.name, m);
      }
      await create('history_positions', days);
      await create(
        'history_cells',
        days.map((d) => dayPartition(d.from, 'history_cells')),
      );
      await create('history_visits', [...months.values()]);
    },

    /** Drop the partitions wholly older than `keepFrom` (ms); the names dropped. */
    async dropBefore(table: HistoryTable, keepFrom: number): Promise<string[]> {
      const old = (await list(table)).filter((p) => p.to <= keepFrom);
      if (old.length === 0) return [];
      await sql.withAdvisoryLock(PARTITION_LOCK_ID, async () => {
        for (const p of old) {
          await sql.exec(`drop table if exists ${p.name}`);
          known.delete(p.name);
        }
      });
      return old.map((p) => p.name);
    },
  };
}
export type HistoryPartitions = ReturnType<typeof historyPartitions>;
