/**
 * What the failover bench checks after the load: acknowledged reports against the rows stored in
 * signal_history, zone entries, alerts and webhook deliveries against duplicates, and the
 * instances' counters from /metrics.
 */
import pg from 'pg';
import type { Alert, WebhookPayload, ZoneEvent } from '@rtls/contract';
import { partitionOf } from '../../apps/server/src/modules/live/partition.ts';
import { DEFAULT_PARTITIONS } from '../../apps/server/src/modules/live/positions-stream.ts';
import { api } from './pipeline-fleet.ts';

/** How many of the acknowledged reports are not stored (by device, gateway and timestamp). */
export async function missingReports(
  databaseUrl: string,
  acknowledged: { http: ReadonlySet<string>; mqtt: ReadonlySet<string> },
) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ d: string; g: string; ms: string }>(
      `select device_mac as d, gateway_mac as g,
              round(extract(epoch from received_at) * 1000)::bigint as ms
         from signal_history`,
    );
    const stored = new Set(rows.map((r) => `${r.d}|${r.g}|${r.ms}`));
    const missing = (keys: ReadonlySet<string>) => {
      let n = 0;
      for (const k of keys) if (!stored.has(k)) n++;
      return n;
    };
    return {
      rows: rows.length,
      http: missing(acknowledged.http),
      mqtt: missing(acknowledged.mqtt),
    };
  } finally {
    await client.end();
  }
}

/**
 * The stored reports once their count has stopped growing (an instance works off what its broker
 * session held): checked every 5 s, at most 60 s.
 */
export async function settledReports(
  databaseUrl: string,
  keys: Parameters<typeof missingReports>[1],
) {
  let last = await missingReports(databaseUrl, keys);
  for (const deadline = Date.now() + 60_000; Date.now() < deadline;) {
    await new Promise((r) => setTimeout(r, 5_000));
    const now = await missingReports(databaseUrl, keys);
    if (now.rows === last.rows) return now;
    last = now;
  }
  return last;
}

/** `k: devices` for the partitions of the positions stream that these devices belong to. */
export function partitionsOf(owner: string, macs: readonly string[]) {
  const counts = new Map<number, number>();
  for (const mac of macs) {
    const k = partitionOf(owner, mac, DEFAULT_PARTITIONS);
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return [...counts]
    .sort((x, y) => x[0] - y[0])
    .map(([k, c]) => `${k}: ${c}`)
    .join(', ');
}

/** The id of the account that owns `email` (the owner of its reports). */
export async function ownerId(databaseUrl: string, email: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>('select id from users where email = $1', [
      email,
    ]);
    return rows[0]!.id;
  } finally {
    await client.end();
  }
}

/** Wait until the account's webhooks have nothing pending (at most `timeoutMs`); what is left. */
export async function webhooksDrained(base: string, token: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { webhooks } = await api<{ webhooks: { pending: number }[] }>(
      `${base}/api/webhooks`,
      token,
      'GET',
    );
    const pending = webhooks.reduce((n, w) => n + w.pending, 0);
    if (pending === 0 || Date.now() > deadline) return pending;
    await new Promise((r) => setTimeout(r, 500));
  }
}

/**
 * Entries recorded twice: an enter of a device into a zone whose previous event of that device
 * and zone was an enter too (no exit between), so one stay was announced twice.
 */
export function repeatedEntries(events: readonly ZoneEvent[]): Map<string, RepeatedEntry> {
  const byStay = new Map<string, ZoneEvent[]>();
  for (const e of events) {
    if ((e.type !== 'enter' && e.type !== 'exit') || !e.mac) continue;
    const key = `${e.mac}|${e.zoneId}`;
    const list = byStay.get(key);
    if (list) list.push(e);
    else byStay.set(key, [e]);
  }
  const repeated = new Map<string, RepeatedEntry>();
  for (const list of byStay.values()) {
    list.sort((a, b) => a.at.localeCompare(b.at));
    for (let i = 1; i < list.length; i++) {
      const [prev, e] = [list[i - 1]!, list[i]!];
      if (e.type === 'enter' && prev.type === 'enter')
        repeated.set(e.id, { mac: e.mac!, at: Date.parse(e.at), firstAt: Date.parse(prev.at) });
    }
  }
  return repeated;
}

/** An entry recorded again: the device, when, and when its first entry was. */
export interface RepeatedEntry {
  mac: string;
  at: number;
  firstAt: number;
}

export interface AlertFigures {
  enters: number;
  exits: number;
  repeatedEntries: RepeatedEntry[];
  alertsOpened: number;
  /** Alerts opened by a repeated entry. */
  repeatedAlerts: number;
  deliveries: number;
  /** Deliveries whose id had already been received: their topic and time. */
  repeatedDeliveries: { topic: string; at: number }[];
  /** alert.opened deliveries, and how many named an alert already delivered as opened. */
  openedDelivered: number;
  openedTwice: number;
  pending: number;
  badSignatures: number;
}

/** Events and alerts of the map against what the webhook receiver got. */
export function alertFigures(
  events: readonly ZoneEvent[],
  alerts: readonly Alert[],
  received: readonly WebhookPayload[],
  pending: number,
  badSignatures: number,
): AlertFigures {
  const repeated = repeatedEntries(events);
  const ids = new Set<string>();
  const again: AlertFigures['repeatedDeliveries'] = [];
  for (const p of received) {
    if (ids.has(p.id)) again.push({ topic: p.topic, at: Date.parse(p.at) });
    ids.add(p.id);
  }
  const opened = received.flatMap((p) => (p.topic === 'alert.opened' && p.alert ? [p.alert] : []));
  return {
    enters: events.filter((e) => e.type === 'enter').length,
    exits: events.filter((e) => e.type === 'exit').length,
    repeatedEntries: [...repeated.values()],
    alertsOpened: alerts.length,
    repeatedAlerts: alerts.filter((a) => repeated.has(a.event.id)).length,
    deliveries: received.length,
    repeatedDeliveries: again,
    openedDelivered: opened.length,
    openedTwice: opened.length - new Set(opened.map((a) => a.id)).size,
    pending,
    badSignatures,
  };
}

/** One instance's counters from /metrics (null when it does not answer). */
export async function instanceCounters(url: string) {
  const text = await fetch(`${url}/metrics`)
    .then((r) => r.text())
    .catch(() => null);
  if (text === null) return null;
  const n = (name: string, labels = '') =>
    Number(
      new RegExp(`^${name}${labels.replace(/[{}]/g, '\\$&')} (\\S+)$`, 'm').exec(text)?.[1] ?? 0,
    );
  const stream = (state: string) => n('rtls_positions_stream_reports_total', `{state="${state}"}`);
  return {
    accepted: n('rtls_ingest_reports_accepted_total'),
    streamSent: stream('sent'),
    streamReceived: stream('observed'),
    streamDropped: stream('dropped'),
  };
}
