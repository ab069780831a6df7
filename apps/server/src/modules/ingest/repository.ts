/** Bulk SQL for the ingest pipeline: one transaction per batch, arrays in, new rows out. */
import type { Sql } from '../../plugins/db.ts';
import type { CleanReport } from './validate.ts';

export interface OwnedReport {
  ownerId: string;
  report: CleanReport;
}

export const reportKey = (ownerId: string, device: string, gateway: string, at: number) =>
  `${ownerId}|${device}|${gateway}|${at}`;

/**
 * Keep, per key, the entry with the latest time (ON CONFLICT cannot touch a row twice), in key
 * order: batches stored concurrently then lock shared rows in the same order and cannot deadlock.
 */
function latestBy<T>(items: T[], key: (t: T) => string, time: (t: T) => number): T[] {
  const m = new Map<string, T>();
  for (const it of items) {
    const k = key(it);
    const prev = m.get(k);
    if (!prev || time(it) >= time(prev)) m.set(k, it);
  }
  return [...m.keys()].sort().map((k) => m.get(k)!);
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Store a batch. Returns the keys of reports that were new (a redelivered report is stored once),
 * so callers count and publish only those.
 */
export async function storeBatch(sql: Sql, batch: OwnedReport[]): Promise<Set<string>> {
  if (batch.length === 0) return new Set();
  return sql.transaction(async (tx) => {
    const inserted = await tx.query<{
      owner_id: string;
      device_mac: string;
      gateway_mac: string;
      received_at: Date;
    }>(
      `insert into signal_history (owner_id, device_mac, gateway_mac, rssi, received_at, ip)
       select * from unnest($1::text[], $2::text[], $3::text[], $4::float8[], $5::timestamptz[], $6::text[])
       on conflict do nothing
       returning owner_id, device_mac, gateway_mac, received_at`,
      [
        batch.map((b) => b.ownerId),
        batch.map((b) => b.report.device),
        batch.map((b) => b.report.gateway),
        batch.map((b) => b.report.rssi),
        batch.map((b) => iso(b.report.receivedAt)),
        batch.map((b) => b.report.ip),
      ],
    );
    const fresh = new Set(
      inserted.map((r) =>
        reportKey(r.owner_id, r.device_mac, r.gateway_mac, new Date(r.received_at).getTime()),
      ),
    );
    const newOnes = batch.filter((b) =>
      fresh.has(reportKey(b.ownerId, b.report.device, b.report.gateway, b.report.receivedAt)),
    );
    if (newOnes.length === 0) return fresh;

    const signals = latestBy(
      newOnes,
      (b) => `${b.ownerId}|${b.report.device}|${b.report.gateway}`,
      (b) => b.report.receivedAt,
    );
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
    const gws = latestBy(
      newOnes,
      (b) => `${b.ownerId}|${b.report.gateway}`,
      (b) => b.report.receivedAt,
    );
    await tx.query(
      `insert into heard_gateways (owner_id, mac, ip, first_seen, last_seen)
       select o, m, i, t, t from unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[]) as x(o, m, i, t)
       on conflict (owner_id, mac) do update
         set last_seen = greatest(heard_gateways.last_seen, excluded.last_seen),
             ip = coalesce(excluded.ip, heard_gateways.ip)`,
      [
        gws.map((b) => b.ownerId),
        gws.map((b) => b.report.gateway),
        gws.map((b) => b.report.ip),
        gws.map((b) => iso(b.report.receivedAt)),
      ],
    );
    const devs = latestBy(
      newOnes,
      (b) => `${b.ownerId}|${b.report.device}`,
      (b) => b.report.receivedAt,
    );
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
    return fresh;
  });
}

/** An owner's configured device names (the display name when set), by MAC. */
export async function configuredNames(sql: Sql, ownerId: string): Promise<Map<string, string>> {
  const rows = await sql.query<{ mac: string; name: string; display_name: string | null }>(
    `select mac, name, custom_settings->>'displayName' as display_name from devices where owner_id = $1`,
    [ownerId],
  );
  return new Map(rows.map((r) => [r.mac, r.display_name || r.name]));
}

/** Latest signals of the last hour, to warm the in-memory cache at start. */
export async function recentSignals(sql: Sql, sinceMs: number) {
  return sql.query<{
    owner_id: string;
    device_mac: string;
    gateway_mac: string;
    rssi: number;
    received_at: Date;
    ip: string | null;
  }>(
    'select owner_id, device_mac, gateway_mac, rssi, received_at, ip from latest_signals where received_at > $1',
    [iso(sinceMs)],
  );
}
