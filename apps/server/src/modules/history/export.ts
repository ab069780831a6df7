/**
 * CSV exports of a map's history, streamed: rows are read in batches by keyset (never the whole
 * range at once) and the next batch is read only when the client has taken the last one (the
 * stream's backpressure), so an export of any size runs in constant memory.
 */
import { Readable } from 'node:stream';
import type { HistoryExportKind } from '@rtls/contract';
import type { Sql } from '../../lib/db.ts';
import type { HistoryRepository } from './repository.ts';
import type { MapHistory } from './service.ts';

/** One CSV field: quoted when needed; a leading = + - @ is defused for spreadsheets. */
export function csvField(v: string | number | null | undefined): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return String(v);
  const text = /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const line = (fields: readonly (string | number | null | undefined)[]) =>
  fields.map(csvField).join(',') + '\r\n';
const iso = (d: Date | string | number | null) => (d === null ? null : new Date(d).toISOString());

export const CSV_HEADERS: Record<HistoryExportKind, readonly string[]> = {
  positions: ['time', 'device', 'device_name', 'x', 'y'],
  visits: [
    'device',
    'device_name',
    'zone_id',
    'zone_name',
    'entered_at',
    'exited_at',
    'dwell_seconds',
    'exit_reason',
  ],
  events: ['time', 'type', 'zone_id', 'zone_name', 'device', 'gateway', 'detail'],
  alerts: [
    'opened_at',
    'rule',
    'severity',
    'state',
    'count',
    'last_at',
    'zone_id',
    'device',
    'acknowledged_at',
    'resolved_at',
  ],
};

export interface ExportRequest {
  kind: HistoryExportKind;
  history: MapHistory;
  from: number;
  to: number;
  /** Devices asked for (null: all). */
  devices: string[] | null;
  zones: string[] | null;
}

export interface ExportDeps {
  sql: Sql;
  repo: HistoryRepository;
  /** Rows per read. */
  batchRows: number;
}

async function* positions(d: ExportDeps, r: ExportRequest, names: Map<string, string>) {
  for (const s of r.history.series) {
    const middle = `,${csvField(s.mac)},${csvField(names.get(s.mac))},`;
    let after: number | null = null;
    for (;;) {
      const batch = await d.repo.positionsCsv(s.id, r.from, r.to, d.batchRows, after, middle);
      if (!batch) break;
      yield batch.csv;
      if (batch.rows < d.batchRows) break;
      after = batch.last;
    }
  }
}

async function* visits(
  d: ExportDeps,
  r: ExportRequest,
  names: Map<string, string>,
  zoneNames: Map<string, string>,
) {
  const ids = r.history.series.map((s) => s.id);
  let after: { series: number; at: number } | null = null;
  for (;;) {
    const rows = await d.repo.visits(ids, r.zones, r.from, r.to, d.batchRows, after);
    if (rows.length === 0) break;
    yield rows
      .map((v) => {
        const mac = r.history.macOf.get(v.series) ?? '';
        const dwell = (new Date(v.exited_at).getTime() - new Date(v.entered_at).getTime()) / 1000;
        return line([
          mac,
          names.get(mac),
          v.zone_id,
          zoneNames.get(v.zone_id),
          iso(v.entered_at),
          iso(v.exited_at),
          dwell,
          v.reason,
        ]);
      })
      .join('');
    if (rows.length < d.batchRows) break;
    const last = rows[rows.length - 1]!;
    after = { series: last.series, at: new Date(last.exited_at).getTime() };
  }
}

/** Rows of a table with (at, id) keyset paging, for events and alerts. */
async function* keyset<R extends { id: string; k: Date }>(
  d: ExportDeps,
  query: (after: { k: string; id: string } | null) => Promise<R[]>,
  toLine: (row: R) => string,
) {
  let after: { k: string; id: string } | null = null;
  for (;;) {
    const rows = await query(after);
    if (rows.length === 0) break;
    yield rows.map(toLine).join('');
    if (rows.length < d.batchRows) break;
    const last = rows[rows.length - 1]!;
    after = { k: new Date(last.k).toISOString(), id: last.id };
  }
}

function filters(r: ExportRequest, params: unknown[], mac: string, zone: string): string {
  let where = '';
  if (r.devices) where += ` and ${mac} = any($${params.push(r.devices)}::text[])`;
  if (r.zones) where += ` and ${zone} = any($${params.push(r.zones)}::text[])`;
  return where;
}

interface EventExportRow {
  id: string;
  k: Date;
  type: string;
  zone_id: string | null;
  mac: string | null;
  gateway: string | null;
  detail: unknown;
}

function events(d: ExportDeps, r: ExportRequest, zoneNames: Map<string, string>) {
  return keyset<EventExportRow>(
    d,
    (after) => {
      const params: unknown[] = [r.history.mapId, iso(r.from), iso(r.to), d.batchRows];
      const where =
        filters(r, params, 'mac', 'zone_id') +
        (after
          ? ` and (at, id) > ($${params.push(after.k)}::timestamptz, $${params.push(after.id)})`
          : '');
      return d.sql.query<EventExportRow>(
        `select id, at as k, type, zone_id, mac, gateway, detail from zone_events
         where map_id = $1 and at >= $2 and at < $3 ${where} order by at, id limit $4`,
        params,
      );
    },
    (e) =>
      line([
        iso(e.k),
        e.type,
        e.zone_id,
        e.zone_id ? zoneNames.get(e.zone_id) : null,
        e.mac,
        e.gateway,
        typeof e.detail === 'string' ? e.detail : JSON.stringify(e.detail),
      ]),
  );
}

interface AlertExportRow {
  id: string;
  k: Date;
  rule_name: string;
  severity: string;
  state: string;
  count: number;
  last_at: Date;
  zone_id: string | null;
  mac: string | null;
  acknowledged_at: Date | null;
  resolved_at: Date | null;
}

function alerts(d: ExportDeps, r: ExportRequest) {
  return keyset<AlertExportRow>(
    d,
    (after) => {
      const params: unknown[] = [r.history.mapId, iso(r.from), iso(r.to), d.batchRows];
      const where =
        filters(r, params, "event->>'mac'", "event->>'zoneId'") +
        (after
          ? ` and (opened_at, id) > ($${params.push(after.k)}::timestamptz, $${params.push(after.id)})`
          : '');
      return d.sql.query<AlertExportRow>(
        `select id, opened_at as k, rule_name, severity, state, count, last_at,
           event->>'zoneId' as zone_id, event->>'mac' as mac, acknowledged_at, resolved_at
         from alerts where map_id = $1 and opened_at >= $2 and opened_at < $3 ${where}
         order by opened_at, id limit $4`,
        params,
      );
    },
    (a) =>
      line([
        iso(a.k),
        a.rule_name,
        a.severity,
        a.state,
        a.count,
        iso(a.last_at),
        a.zone_id,
        a.mac,
        iso(a.acknowledged_at),
        iso(a.resolved_at),
      ]),
  );
}

/** The CSV of one export as a stream (header line first). */
export async function exportCsv(d: ExportDeps, r: ExportRequest): Promise<Readable> {
  const names = new Map(
    (await d.repo.deviceNames(r.history.ownerId)).map((n) => [n.mac, n.name] as const),
  );
  const zoneNames = new Map(
    (await d.repo.zonesOf(r.history.mapId)).map((z) => [z.id, z.name] as const),
  );
  const body =
    r.kind === 'positions'
      ? positions(d, r, names)
      : r.kind === 'visits'
        ? visits(d, r, names, zoneNames)
        : r.kind === 'events'
          ? events(d, r, zoneNames)
          : alerts(d, r);
  async function* all() {
    yield line(CSV_HEADERS[r.kind]);
    yield* body;
  }
  // One chunk per batch: the next batch is read when the client has taken this one.
  return Readable.from(all(), { objectMode: false, highWaterMark: 1 });
}
