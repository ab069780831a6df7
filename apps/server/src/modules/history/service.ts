/**
 * Reading history: who may read it (anyone who may read the map; only the map owner's devices are
 * in it), what a request names (its devices and zones must be the map's) and the pages, the state
 * at a moment and the visits, as the API presents them.
 */
import {
  HISTORY_STATE_LOOKBACK_MS,
  type HistoryPositionsResponse,
  type HistoryRetention,
  type HistoryStateResponse,
  type ZoneVisit,
} from '@rtls/contract';
import { badRequest, HttpError } from '../../lib/errors.ts';
import type { MapsRepository } from '../maps/repository.ts';
import { mapFor } from '../zones/service.ts';
import type { HistoryRepository, SeriesRow } from './repository.ts';
import {
  decodeCursor,
  deviceKeys,
  encodeCursor,
  parseInstant,
  parseList,
  parseRange,
} from './request.ts';
import type { EndedVisit } from './writer.ts';

const iso = (d: Date | number) => new Date(d).toISOString();

/**
 * A zone stay as the API presents it: ended at `exitedAt`, or not ended (null) and lasting until
 * `now`.
 */
function presentVisit(
  mac: string,
  zoneId: string,
  enteredAt: Date | number,
  exitedAt: Date | number | null,
  exitReason: ZoneVisit['exitReason'],
  now: number,
): ZoneVisit {
  const entered = new Date(enteredAt).getTime();
  const exited = exitedAt === null ? null : new Date(exitedAt).getTime();
  return {
    mac,
    zoneId,
    enteredAt: iso(entered),
    exitedAt: exited === null ? null : iso(exited),
    dwellSeconds: Math.max(0, ((exited ?? now) - entered) / 1000),
    exitReason,
  };
}

/** One stay of a device in a zone, whichever source lists it. */
const stayKey = (v: ZoneVisit) => `${v.mac}|${v.zoneId}|${v.enteredAt}`;

export interface HistoryServiceOptions {
  repo: HistoryRepository;
  maps: MapsRepository;
  /** The server's ceilings (days). */
  max: HistoryRetention;
  /** Ended stays this process has not written yet (the history writer's). */
  unwrittenVisits?: (mapId: string, ownerId: string) => readonly EndedVisit[];
  now?: () => number;
}

/** One map's history as a caller may read it. */
export interface MapHistory {
  mapId: string;
  ownerId: string;
  retention: HistoryRetention;
  /** The series to read: every device's, or those asked for (each checked to be the map's). */
  series: SeriesRow[];
  macOf: Map<number, string>;
}

export function historyService({
  repo,
  maps,
  max,
  unwrittenVisits = () => [],
  now = Date.now,
}: HistoryServiceOptions) {
  async function retentionOf(ownerId: string): Promise<HistoryRetention> {
    const own = await repo.retention(ownerId);
    return {
      positionsDays: Math.min(own?.positions ?? max.positionsDays, max.positionsDays),
      visitsDays: Math.min(own?.visits ?? max.visitsDays, max.visitsDays),
    };
  }

  /** The map's history for the caller, or 404 for a map they may not read. */
  async function open(userId: string, mapId: string, devices?: string): Promise<MapHistory> {
    const map = await mapFor(maps, userId, mapId, 'read');
    const keys = deviceKeys(devices);
    const series = await repo.seriesOnMap(mapId, map.owner_id, keys ?? undefined);
    if (keys) {
      const found = new Set(series.map((s) => s.mac));
      const rest = keys.filter((k) => !found.has(k));
      const known = new Set(
        rest.length > 0 ? (await repo.knownDevices(map.owner_id, rest)).map((r) => r.mac) : [],
      );
      const unknown = rest.find((k) => !known.has(k));
      if (unknown !== undefined)
        throw new HttpError(404, `Device ${unknown} not found on this map`);
    }
    return {
      mapId,
      ownerId: map.owner_id,
      retention: await retentionOf(map.owner_id),
      series,
      macOf: new Map(series.map((s) => [s.id, s.mac])),
    };
  }

  /** The zone ids of a `zones` list, each checked to be one of the map's. */
  async function zonesOf(mapId: string, text: string | undefined): Promise<string[] | null> {
    const ids = parseList(text, 'zones');
    if (!ids) return null;
    const known = new Set((await repo.zonesOf(mapId)).map((z) => z.id));
    const unknown = ids.find((id) => !known.has(id));
    if (unknown !== undefined) throw new HttpError(404, `Zone ${unknown} not found on this map`);
    return ids;
  }

  /**
   * The stays of a range the database does not hold as ended rows (`listed` are those it does):
   * one that ended a moment ago and is not written yet (the database has it neither ended nor
   * open; a batch being written may be in the rows already), and those not ended.
   */
  async function unsettledVisits(
    h: MapHistory,
    zones: readonly string[] | null,
    from: number,
    to: number,
    listed: readonly ZoneVisit[],
  ): Promise<ZoneVisit[]> {
    const macs = new Set(h.series.map((s) => s.mac));
    const wanted = (mac: string, zoneId: string) =>
      macs.has(mac) && (!zones || zones.includes(zoneId));
    const keys = new Set(listed.map(stayKey));
    const out: ZoneVisit[] = [];
    const t = now();
    for (const v of unwrittenVisits(h.mapId, h.ownerId)) {
      if (!wanted(v.mac, v.zoneId) || v.exitedAt <= from || v.enteredAt >= to) continue;
      const visit = presentVisit(v.mac, v.zoneId, v.enteredAt, v.exitedAt, v.reason, t);
      if (keys.has(stayKey(visit))) continue;
      keys.add(stayKey(visit));
      out.push(visit);
    }
    for (const o of await repo.openVisits(h.mapId, h.ownerId, to)) {
      if (!wanted(o.mac, o.zone_id)) continue;
      const visit = presentVisit(o.mac, o.zone_id, o.entered_at, null, null, t);
      // Its end may be written before the presence says so: the stay is listed once, ended.
      if (!keys.has(stayKey(visit))) out.push(visit);
    }
    return out;
  }

  return {
    open,
    zonesOf,
    retentionOf,

    async positions(
      userId: string,
      mapId: string,
      q: { from: string; to: string; devices?: string; cursor?: string; limit: number },
    ): Promise<HistoryPositionsResponse> {
      const h = await open(userId, mapId, q.devices);
      const { from, to } = parseRange(q, h.retention.positionsDays, 'positions', now());
      const after = decodeCursor(q.cursor);
      const seen = await repo.seriesSeen(
        h.series.map((s) => s.id),
        from,
        to,
      );
      const devices: HistoryPositionsResponse['devices'] = [];
      let left = q.limit;
      let next: string | null = null;
      // A query per device, each an index range scan that stops at the page's end: one query over
      // every device sorts the whole range's rows for every page, 5 to 8 times slower for a
      // replay's window of 500 tags on PostgreSQL (bench:history).
      for (const { id } of seen) {
        if (after && id < after.series) continue;
        const afterAt = after && id === after.series ? after.at : null;
        const rows = await repo.positions(id, from, to, left, afterAt);
        if (rows.length > 0)
          devices.push({
            mac: h.macOf.get(id) ?? '',
            points: rows.map((r) => ({ at: iso(r.at), x: r.x, y: r.y })),
          });
        left -= rows.length;
        if (left === 0) {
          next = encodeCursor({ series: id, at: new Date(rows[rows.length - 1]!.at).getTime() });
          break;
        }
      }
      return { success: true, mapId, devices, next };
    },

    async state(
      userId: string,
      mapId: string,
      q: { at: string; devices?: string },
    ): Promise<HistoryStateResponse> {
      const h = await open(userId, mapId, q.devices);
      const at = parseInstant(q.at, 'at');
      const horizon = now() - h.retention.positionsDays * 86_400_000;
      if (at < horizon)
        throw badRequest(
          `at is beyond retention: positions are kept ${h.retention.positionsDays} days (since ${iso(horizon)})`,
        );
      const since = at - HISTORY_STATE_LOOKBACK_MS;
      const seen = await repo.seriesSeen(
        h.series.map((s) => s.id),
        since,
        at,
      );
      const rows = await repo.stateAt(
        seen.map((s) => s.id),
        since,
        at,
      );
      return {
        success: true,
        mapId,
        at: iso(at),
        devices: rows.map((r) => ({
          mac: h.macOf.get(r.series) ?? '',
          x: r.x,
          y: r.y,
          at: iso(r.at),
        })),
      };
    },

    async visits(
      userId: string,
      mapId: string,
      q: {
        from: string;
        to: string;
        devices?: string;
        zones?: string;
        cursor?: string;
        limit: number;
      },
    ): Promise<{ success: true; mapId: string; visits: ZoneVisit[]; next: string | null }> {
      const h = await open(userId, mapId, q.devices);
      const zones = await zonesOf(mapId, q.zones);
      const { from, to } = parseRange(q, h.retention.visitsDays, 'zone visits', now());
      const after = decodeCursor(q.cursor);
      const rows = await repo.visits(
        h.series.map((s) => s.id),
        zones,
        from,
        to,
        q.limit,
        after,
      );
      const t = now();
      const visits = rows.map((r) =>
        presentVisit(
          h.macOf.get(r.series) ?? '',
          r.zone_id,
          r.entered_at,
          r.exited_at,
          r.reason,
          t,
        ),
      );
      if (!after) visits.push(...(await unsettledVisits(h, zones, from, to, visits)));
      const lastRow = rows[rows.length - 1];
      const next =
        rows.length === q.limit && lastRow
          ? encodeCursor({ series: lastRow.series, at: new Date(lastRow.exited_at).getTime() })
          : null;
      return { success: true, mapId, visits, next };
    },

    /** The caller's own retention and the server's ceilings. */
    async retention(userId: string) {
      return { success: true as const, retention: await retentionOf(userId), max };
    },

    async setRetention(userId: string, r: HistoryRetention) {
      if (r.positionsDays > max.positionsDays || r.visitsDays > max.visitsDays)
        throw badRequest(
          `This server keeps positions at most ${max.positionsDays} days and zone visits ${max.visitsDays} days`,
        );
      await repo.setRetention(userId, r.positionsDays, r.visitsDays);
      return { success: true as const, retention: await retentionOf(userId), max };
    },
  };
}
export type HistoryService = ReturnType<typeof historyService>;
