/** Bulk SQL for the ingest pipeline: one transaction per batch, arrays in, new rows out. */
import type { Sql } from '../../lib/db.ts';
import type { CleanReport } from './validate.ts';

export interface OwnedReport {
  ownerId: string;
  report: CleanReport;
}

/**
 * Keep, per key, the entry with the latest time (ON CONFLICT cannot touch a row twice), in key
 * order: batches stored concurrently then lock shared rows in the same order and cannot deadlock.
 */
export function latestBy<T>(items: T[], key: (t: T) => string, time: (t: T) => number): T[] {
  const m = new Map<string, T>();
  for (const it of items) {
    const k = key(it);
    const prev = m.get(k);
    if (!prev || time(it) >= time(prev)) m.set(k, it);
  }
  return [...m.keys()].sort().map((k) => m.get(k)!);
}

const iso = (ms: number) => new Date(ms).toISOString();

/** The three derived tables, keyed as their primary keys are. */
export type Derived = 'signals' | 'gateways' | 'devices';
export const derivedKey: Record<Derived, (b: OwnedReport) => string> = {
  signals: (b) => `${b.ownerId}|${b.report.device}|${b.report.gateway}`,
  gateways: (b) => `${b.ownerId}|${b.report.gateway}`,
  devices: (b) => `${b.ownerId}|${b.report.device}`,
};

/** Where rows of the derived tables may go instead of the batch's transaction. */
export interface DerivedSink {
  /** True when the row is in the table already (so defer() would take it). */
  knows(table: Derived, key: string): boolean;
  /** Take a row for later unconditionally (its key was known when the batch was planned). */
  enqueue(table: Derived, key: string, item: OwnedReport): void;
  /** True when this row may be written later (it is already in the table from earlier). */
  defer(table: Derived, key: string, item: OwnedReport): boolean;
  /** Called after the transaction committed, with the rows it wrote. */
  written(table: Derived, keys: readonly string[]): void;
}

/**
 * Store a batch: every new report in signal_history, and the latest signals and heard gateways
 * and devices (those the sink does not take for later). Returns, per report of the batch, whether
 * it was new (a redelivered report, or one sent twice in the batch, is stored and counted once),
 * so callers count and publish only those.
 */
export async function storeBatch(
  sql: Sql,
  batch: OwnedReport[],
  sink?: DerivedSink,
): Promise<boolean[]> {
  if (batch.length === 0) return [];
  const wrote: Record<Derived, string[]> = { signals: [], gateways: [], devices: [] };
  const rowsNow = (newOnes: OwnedReport[], table: Derived) => {
    const rows = latestBy(newOnes, derivedKey[table], (b) => b.report.receivedAt);
    const keep = sink ? rows.filter((b) => !sink.defer(table, derivedKey[table](b), b)) : rows;
    wrote[table] = keep.map(derivedKey[table]);
    return keep;
  };
  const tables = ['signals', 'gateways', 'devices'] as const;
  // The usual case under load: every row of the derived tables goes to the sink, so the history
  // insert is the only write and one statement (one round trip) instead of a transaction.
  // Each row's keys are made once: at thousands of reports per second the strings count.
  const keys = sink ? batch.map((b) => tables.map((t) => derivedKey[t](b))) : [];
  const fastPath = sink && keys.every((k) => tables.every((t, j) => sink.knows(t, k[j]!)));
  let fresh: boolean[];
  if (fastPath) {
    fresh = await insertHistory(sql, batch);
    // The sink keeps the latest row per key itself, in any order.
    batch.forEach((b, i) => {
      if (fresh[i]) tables.forEach((t, j) => sink.enqueue(t, keys[i]![j]!, b));
    });
  } else {
    fresh = await sql.transaction(async (tx) => {
      const fresh = await insertHistory(tx, batch);
      const newOnes = batch.filter((_, i) => fresh[i]);
      if (newOnes.length === 0) return fresh;
      await upsertDerived(
        tx,
        rowsNow(newOnes, 'signals'),
        rowsNow(newOnes, 'gateways'),
        rowsNow(newOnes, 'devices'),
      );
      return fresh;
    });
  }
  if (sink) for (const table of tables) sink.written(table, wrote[table]);
  return fresh;
}

/**
 * Insert the batch's reports; per report, whether it was new (the first of its key). The usual
 * answer is one count (every report new); only a batch with reports stored before names its new
 * ones, by their place in the batch, so the hot path parses no rows. Times travel as epoch
 * milliseconds and become timestamps in the database.
 */
async function insertHistory(tx: Sql, batch: OwnedReport[]): Promise<boolean[]> {
  const [row] = await tx.query<{ inserted: number; firsts: number[] | null }>(
    `with input as (
       select * from unnest($1::text[], $2::text[], $3::text[], $4::float8[], $5::float8[], $6::text[])
         with ordinality as x(owner_id, device_mac, gateway_mac, rssi, at_ms, ip, n)),
     ins as (
       insert into signal_history (owner_id, device_mac, gateway_mac, rssi, received_at, ip)
       select owner_id, device_mac, gateway_mac, rssi, to_timestamp(at_ms / 1000), ip from input
       on conflict do nothing
       returning owner_id, device_mac, gateway_mac, received_at)
     select (select count(*)::int from ins) as inserted,
       case when (select count(*) from ins) < $7 then (
         select array_agg(first) from (
           select min(i.n)::int as first from input i join ins s
             on s.owner_id = i.owner_id and s.device_mac = i.device_mac
            and s.gateway_mac = i.gateway_mac and s.received_at = to_timestamp(i.at_ms / 1000)
           group by i.owner_id, i.device_mac, i.gateway_mac, i.at_ms) f)
       end as firsts`,
    [
      batch.map((b) => b.ownerId),
      batch.map((b) => b.report.device),
      batch.map((b) => b.report.gateway),
      batch.map((b) => b.report.rssi),
      batch.map((b) => b.report.receivedAt),
      batch.map((b) => b.report.ip),
      batch.length,
    ],
  );
  if (row && row.inserted === batch.length) return batch.map(() => true);
  // A key inserted once is new for its first report in the batch only (ordinals count from 1).
  const firsts = new Set(row?.firsts ?? []);
  return batch.map((_, i) => firsts.has(i + 1));
}

/**
 * Upsert latest signals, heard gateways and heard devices; each list holds one row per key, in
 * key order. Older rows never overwrite newer ones, so these writes may come in any order.
 */
export async function upsertDerived(
  tx: Sql,
  signals: OwnedReport[],
  gws: OwnedReport[],
  devs: OwnedReport[],
): Promise<void> {
  if (signals.length > 0)
    await tx.query(
      `insert into latest_signals (owner_id, device_mac, gateway_mac, rssi, received_at, ip)
       select * from unnest($1::text[], $2::text[], $3::text[], $4::float8[], $5::timestamptz[], $6::text[])
       on conflict (owner_id, device_mac, gateway_mac) do update
         set rssi = excluded.rssi, received_at = excluded.received_at, ip = excluded.ip
         where excluded.received_at >= latest_signals.received_at`,
      [
        signals.map((b) => b.ownerId),
        signals.map((b) => b.report.device),
        signals.map((b) => b.report.gateway),
        signals.map((b) => b.report.rssi),
        signals.map((b) => iso(b.report.receivedAt)),
        signals.map((b) => b.report.ip),
      ],
    );
  if (gws.length > 0)
    await tx.query(
      `insert into heard_gateways (owner_id, mac, ip, first_seen, last_seen, name)
       select o, m, i, t, t, n from unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[], $5::text[]) as x(o, m, i, t, n)
       on conflict (owner_id, mac) do update
         set last_seen = greatest(heard_gateways.last_seen, excluded.last_seen),
             ip = coalesce(excluded.ip, heard_gateways.ip),
             name = coalesce(excluded.name, heard_gateways.name)`,
      [
        gws.map((b) => b.ownerId),
        gws.map((b) => b.report.gateway),
        gws.map((b) => b.report.ip),
        gws.map((b) => iso(b.report.receivedAt)),
        gws.map((b) => b.report.gatewayName ?? null),
      ],
    );
  if (devs.length > 0)
    await tx.query(
      `insert into heard_devices (owner_id, mac, name, first_seen, last_seen)
       select o, m, n, t, t from unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[]) as x(o, m, n, t)
       on conflict (owner_id, mac) do update
         set last_seen = greatest(heard_devices.last_seen, excluded.last_seen),
             name = coalesce(excluded.name, heard_devices.name)`,
      [
        devs.map((b) => b.ownerId),
        devs.map((b) => b.report.device),
        devs.map((b) => b.report.name),
        devs.map((b) => iso(b.report.receivedAt)),
      ],
    );
}

/** A gateway alive without a device report (telemetry): seen now, with its address and name. */
export async function touchGateway(
  sql: Sql,
  ownerId: string,
  hb: { gateway: string; gatewayName: string | null; ip: string | null },
  at: number,
): Promise<void> {
  await sql.query(
    `insert into heard_gateways (owner_id, mac, ip, first_seen, last_seen, name)
     values ($1, $2, $3, $4, $4, $5)
     on conflict (owner_id, mac) do update
       set last_seen = greatest(heard_gateways.last_seen, excluded.last_seen),
           ip = coalesce(excluded.ip, heard_gateways.ip),
           name = coalesce(excluded.name, heard_gateways.name)`,
    [ownerId, hb.gateway, hb.ip, iso(at), hb.gatewayName],
  );
}
