/**
 * The history reports as the API presents them: who may read them and what a request names are
 * the history service's rules (open, zonesOf, parseRange); the figures come from the database.
 */
import {
  HISTORY_HEATMAP_MAX_CELLS,
  HISTORY_REPORT_MAX_DEVICES,
  HISTORY_REPORT_MAX_STAYS,
  HISTORY_STATE_LOOKBACK_MS,
  reportBucketSeconds,
  type DeviceReport,
  type DeviceReportQuery,
  type DeviceReportResponse,
  type HeatmapQuery,
  type HeatmapResponse,
  type ZoneReportQuery,
  type ZoneReportResponse,
} from '@rtls/contract';
import type { Sql } from '../../lib/db.ts';
import { badRequest } from '../../lib/errors.ts';
import type { CellRollup } from './cell-rollup.ts';
import { reportRepository, type OccupancyRow, type StaysScope } from './report-repository.ts';
import type { HistoryRepository } from './repository.ts';
import { parseList, parseRange } from './request.ts';
import type { HistoryService } from './service.ts';

const DAY_MS = 86_400_000;
const iso = (d: Date | number) => new Date(d).toISOString();

export interface HistoryReportsOptions {
  sql: Sql;
  service: HistoryService;
  repo: HistoryRepository;
  /** The heatmap's summed cells. */
  summary: CellRollup;
  /** The map's scale for the owner's devices (pixels per metre). */
  pixelsPerMetre: (ownerId: string, mapId: string) => number;
  now?: () => number;
}

/**
 * The range of a report: parseRange's rules, and no further than now (what is not kept yet is not
 * counted as empty; a range wholly ahead is refused).
 */
function reportRange(q: { from: string; to: string }, days: number, what: string, now: number) {
  const { from, to } = parseRange(q, days, what, now);
  if (from >= now) throw badRequest('The range is in the future: nothing is kept for it yet');
  return { from, to: Math.min(to, now) };
}

/** Rows by a key, in their order. */
function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const r of rows) {
    const k = key(r);
    const list = out.get(k);
    if (list) list.push(r);
    else out.set(k, [r]);
  }
  return out;
}

/** A zone's occupancy rows as arrays of `buckets`, with its peak (the first bucket reaching it). */
function occupancySeries(rows: readonly OccupancyRow[], buckets: number, lengths: number[]) {
  const occupancy = new Array<number>(buckets).fill(0);
  const mean = new Array<number>(buckets).fill(0);
  let peak: { devices: number; at: string } | null = null;
  for (const r of rows) {
    if (r.bucket < 0 || r.bucket >= buckets) continue;
    occupancy[r.bucket] = r.peak;
    mean[r.bucket] = r.device_seconds / lengths[r.bucket]!;
    if (r.peak > 0 && (!peak || r.peak > peak.devices))
      peak = { devices: r.peak, at: iso(r.peak_at) };
  }
  return { occupancy, meanOccupancy: mean, peak };
}

export function historyReports({
  sql,
  service,
  repo,
  summary,
  pixelsPerMetre,
  now = Date.now,
}: HistoryReportsOptions) {
  const reports = reportRepository(sql);

  return {
    async zones(userId: string, mapId: string, q: ZoneReportQuery): Promise<ZoneReportResponse> {
      const h = await service.open(userId, mapId);
      const asked = await service.zonesOf(mapId, q.zones);
      const t = now();
      const { from, to } = reportRange(q, h.retention.visitsDays, 'zone visits', t);
      const all = await repo.zonesOf(mapId);
      const zones = (asked ? all.filter((z) => asked.includes(z.id)) : all).sort(
        (a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id),
      );
      const bucketSeconds = reportBucketSeconds(to - from);
      const bucketMs = bucketSeconds * 1000;
      const buckets = Math.ceil((to - from) / bucketMs);
      const lengths = Array.from(
        { length: buckets },
        (_, b) => (Math.min(to, from + (b + 1) * bucketMs) - (from + b * bucketMs)) / 1000,
      );
      const scope: StaysScope = {
        series: h.series.map((s) => s.id),
        // Every zone's stays when none are named: the map's zones below pick the ones shown.
        zones: asked,
        from,
        to,
        now: t,
      };
      const [totals, occupancy] = await Promise.all([
        reports.zoneTotals(scope),
        reports.occupancy(scope, bucketSeconds),
      ]);
      const totalOf = new Map(totals.map((r) => [r.zone_id, r]));
      const rowsOf = groupBy(occupancy, (r) => r.zone_id);
      return {
        success: true,
        mapId,
        from: iso(from),
        to: iso(to),
        bucketSeconds,
        zones: zones.map((z) => {
          const t = totalOf.get(z.id);
          const visits = t?.visits ?? 0;
          const seconds = t?.seconds ?? 0;
          return {
            zoneId: z.id,
            name: z.name,
            visits,
            totalDwellSeconds: seconds,
            meanDwellSeconds: visits > 0 ? seconds / visits : null,
            ...occupancySeries(rowsOf.get(z.id) ?? [], buckets, lengths),
          };
        }),
      };
    },

    async devices(
      userId: string,
      mapId: string,
      q: DeviceReportQuery,
    ): Promise<DeviceReportResponse> {
      const listed = parseList(q.devices, 'devices') ?? [];
      if (listed.length > HISTORY_REPORT_MAX_DEVICES)
        throw badRequest(`A device report covers at most ${HISTORY_REPORT_MAX_DEVICES} devices`);
      const h = await service.open(userId, mapId, q.devices);
      const t = now();
      const { from, to } = reportRange(q, h.retention.visitsDays, 'zone visits', t);
      const positionsFrom = Math.min(to, Math.max(from, t - h.retention.positionsDays * DAY_MS));
      const ids = h.series.map((s) => s.id);
      const scope: StaysScope = { series: ids, zones: null, from, to, now: t };
      const [zones, stays, movement, names] = await Promise.all([
        reports.deviceZones(scope),
        reports.stays(scope, HISTORY_REPORT_MAX_STAYS),
        positionsFrom < to
          ? reports.movement(ids, positionsFrom, to, HISTORY_STATE_LOOKBACK_MS)
          : Promise.resolve([]),
        repo.deviceNames(h.ownerId),
      ]);
      const ppm = pixelsPerMetre(h.ownerId, mapId);
      const nameOf = new Map(names.map((n) => [n.mac, n.name]));
      const zonesOf = groupBy(zones, (r) => r.series);
      const staysOf = groupBy(stays, (r) => r.series);
      const movementOf = new Map(movement.map((m) => [m.series, m]));
      const devices: DeviceReport[] = h.series.map((s) => {
        const own = staysOf.get(s.id) ?? [];
        const m = movementOf.get(s.id);
        return {
          mac: s.mac,
          name: nameOf.get(s.mac) ?? null,
          pathMetres: (m?.path_px ?? 0) / ppm,
          seenSeconds: m?.seen_s ?? 0,
          zones: (zonesOf.get(s.id) ?? []).map((z) => ({
            zoneId: z.zone_id,
            visits: z.visits,
            seconds: z.seconds,
          })),
          stays: own.slice(0, HISTORY_REPORT_MAX_STAYS).map((r) => ({
            zoneId: r.zone_id,
            from: iso(r.s),
            to: iso(r.e),
            seconds: (new Date(r.e).getTime() - new Date(r.s).getTime()) / 1000,
            open: r.open,
          })),
          staysTruncated: own.length > HISTORY_REPORT_MAX_STAYS,
        };
      });
      return {
        success: true,
        mapId,
        from: iso(from),
        to: iso(to),
        positionsFrom: iso(positionsFrom),
        devices,
      };
    },

    async heatmap(userId: string, mapId: string, q: HeatmapQuery): Promise<HeatmapResponse> {
      const h = await service.open(userId, mapId, q.devices);
      const { from, to } = reportRange(q, h.retention.positionsDays, 'positions', now());
      const cellPixels = q.cell * pixelsPerMetre(h.ownerId, mapId);
      // The whole map reads its summed spans; a choice of devices has no summary of its own.
      const plan = q.devices ? null : await summary.plan(mapId, h.ownerId, from, to, cellPixels);
      const cells = await reports.heatmap(
        h.series.map((s) => s.id),
        from,
        to,
        cellPixels,
        HISTORY_HEATMAP_MAX_CELLS + 1,
        HISTORY_STATE_LOOKBACK_MS,
        plan,
      );
      if (cells.length > HISTORY_HEATMAP_MAX_CELLS)
        throw badRequest(
          `More than ${HISTORY_HEATMAP_MAX_CELLS} cells of ${q.cell} m were visited: choose a larger cell`,
        );
      let [total, max, totalSeconds, maxSeconds] = [0, 0, 0, 0];
      for (const c of cells) {
        total += c.n;
        max = Math.max(max, c.n);
        totalSeconds += c.seconds;
        maxSeconds = Math.max(maxSeconds, c.seconds);
      }
      return {
        success: true,
        mapId,
        from: iso(from),
        to: iso(to),
        cellMetres: q.cell,
        cellPixels,
        cells,
        total,
        max,
        totalSeconds,
        maxSeconds,
      };
    },
  };
}
export type HistoryReports = ReturnType<typeof historyReports>;
