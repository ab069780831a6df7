/** Walks, their points, calibrations, applied radio models and accuracy reports in SQL. */
import type {
  Calibration,
  Walk,
  WalkPoint,
  WalkReport,
  WalkReportSummary,
  WalkStatus,
} from '@rtls/contract';
import type { Sql } from '../../lib/db.ts';
import type { MapRadioModels } from '../positions/repository.ts';

interface WalkRow {
  id: string;
  map_id: string;
  device_mac: string;
  status: WalkStatus;
  created_by: string;
  created_at: Date | string;
  finished_at: Date | string | null;
}

interface PointRow {
  id: string;
  walk_id: string;
  device_mac: string | null;
  x: number;
  y: number;
  from_at: Date | string;
  to_at: Date | string;
}

/** A point with its window in epoch milliseconds, as the service checks and reads it. */
export interface StoredPoint {
  id: string;
  /** A reference heard at this point instead of the walk's tag; null for the walk's tag. */
  device: string | null;
  x: number;
  y: number;
  fromMs: number;
  toMs: number;
}

/** One report of the walk's tag, as signal_history has it. */
export interface TagReading {
  gateway: string;
  rssi: number;
  atMs: number;
}

/** An applied calibration of a map, newest first. */
export interface AppliedRow {
  id: number;
  calibration_id: string | null;
  gateways: MapRadioModels | string;
  applied_at: Date | string;
}

const iso = (t: Date | string) => new Date(t).toISOString();
const json = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

const presentPoint = (p: PointRow): WalkPoint => ({
  id: p.id,
  x: p.x,
  y: p.y,
  from: iso(p.from_at),
  to: iso(p.to_at),
  deviceMac: p.device_mac,
});

const presentWalk = (w: WalkRow, points: PointRow[]): Walk => ({
  id: w.id,
  mapId: w.map_id,
  deviceMac: w.device_mac,
  status: w.status,
  createdBy: w.created_by,
  createdAt: iso(w.created_at),
  finishedAt: w.finished_at === null ? null : iso(w.finished_at),
  points: points.filter((p) => p.walk_id === w.id).map(presentPoint),
});

export function walksRepository(sql: Sql) {
  const pointsOf = (walkIds: readonly string[]) =>
    sql.query<PointRow>(
      'select * from walk_points where walk_id = any($1::text[]) order by from_at, id',
      [walkIds],
    );
  return {
    async insert(w: { id: string; mapId: string; deviceMac: string; createdBy: string }) {
      await sql.query(
        'insert into walks (id, map_id, device_mac, created_by) values ($1, $2, $3, $4)',
        [w.id, w.mapId, w.deviceMac, w.createdBy],
      );
    },
    async get(walkId: string): Promise<Walk | null> {
      const rows = await sql.query<WalkRow>('select * from walks where id = $1', [walkId]);
      return rows[0] ? presentWalk(rows[0], await pointsOf([walkId])) : null;
    },
    async ofMap(mapId: string): Promise<Walk[]> {
      const rows = await sql.query<WalkRow>(
        'select * from walks where map_id = $1 order by created_at desc, id',
        [mapId],
      );
      const points = await pointsOf(rows.map((r) => r.id));
      return rows.map((r) => presentWalk(r, points));
    },
    async openCount(mapId: string): Promise<number> {
      const rows = await sql.query<{ n: number | string }>(
        "select count(*)::int as n from walks where map_id = $1 and status = 'open'",
        [mapId],
      );
      return Number(rows[0]?.n ?? 0);
    },
    /** The walk's points with their windows in milliseconds, in time order. */
    async points(walkId: string): Promise<StoredPoint[]> {
      const rows = await pointsOf([walkId]);
      return rows.map((p) => ({
        id: p.id,
        device: p.device_mac,
        x: p.x,
        y: p.y,
        fromMs: new Date(p.from_at).getTime(),
        toMs: new Date(p.to_at).getTime(),
      }));
    },
    async putPoint(walkId: string, p: StoredPoint) {
      await sql.query(
        `insert into walk_points (id, walk_id, device_mac, x, y, from_at, to_at)
         values ($1, $2, $3, $4, $5, $6, $7)
         on conflict (id) do update set device_mac = excluded.device_mac, x = excluded.x,
           y = excluded.y, from_at = excluded.from_at, to_at = excluded.to_at`,
        [
          p.id,
          walkId,
          p.device,
          p.x,
          p.y,
          new Date(p.fromMs).toISOString(),
          new Date(p.toMs).toISOString(),
        ],
      );
    },
    /**
     * Store points of a walk under its row's lock, so that two taps at once are checked one after
     * the other: `change` sees the walk's status and points as they are and returns what to store
     * (it throws to store nothing).
     */
    async changePoints(
      walkId: string,
      change: (status: WalkStatus, points: StoredPoint[]) => Promise<StoredPoint[]>,
    ): Promise<void> {
      await sql.transaction(async (tx) => {
        const rows = await tx.query<{ status: WalkStatus }>(
          'select status from walks where id = $1 for update',
          [walkId],
        );
        const locked = walksRepository(tx);
        const put = await change(rows[0]?.status ?? 'finished', await locked.points(walkId));
        for (const p of put) await locked.putPoint(walkId, p);
      });
    },
    async deletePoint(walkId: string, pointId: string): Promise<boolean> {
      const rows = await sql.query<{ id: string }>(
        'delete from walk_points where walk_id = $1 and id = $2 returning id',
        [walkId, pointId],
      );
      return rows.length > 0;
    },
    async finish(walkId: string) {
      await sql.query("update walks set status = 'finished', finished_at = now() where id = $1", [
        walkId,
      ]);
    },
    /** The tag's reports stored for this owner between two instants (ms), oldest first. */
    async readings(ownerId: string, device: string, fromMs: number, toMs: number) {
      const rows = await sql.query<{ gateway_mac: string; rssi: number; at_ms: number | string }>(
        `select gateway_mac, rssi, (extract(epoch from received_at) * 1000)::float8 as at_ms
         from signal_history
         where owner_id = $1 and device_mac = $2 and received_at between $3 and $4
         order by received_at`,
        [ownerId, device, new Date(fromMs).toISOString(), new Date(toMs).toISOString()],
      );
      return rows.map((r): TagReading => ({
        gateway: r.gateway_mac,
        rssi: r.rssi,
        atMs: Number(r.at_ms),
      }));
    },
    /** True for one of the owner's devices, or (when gateways count) of their gateways. */
    async deviceKnown(ownerId: string, device: string, gateways = false): Promise<boolean> {
      const rows = await sql.query(
        `select 1 from devices where owner_id = $1 and mac = $2
         ${gateways ? 'union all select 1 from gateways where owner_id = $1 and mac = $2' : ''}`,
        [ownerId, device],
      );
      return rows.length > 0;
    },

    async insertCalibration(c: Calibration) {
      await sql.query(
        `insert into walk_calibrations (id, walk_id, map_id, created_at, result)
         values ($1, $2, $3, $4, $5::jsonb)`,
        [c.id, c.walkId, c.mapId, c.createdAt, JSON.stringify(c)],
      );
    },
    async calibration(id: string): Promise<Calibration | null> {
      const rows = await sql.query<{ result: Calibration | string }>(
        'select result from walk_calibrations where id = $1',
        [id],
      );
      return rows[0] ? json(rows[0].result) : null;
    },
    /** The map's applied calibrations not undone, newest first. */
    async applied(mapId: string): Promise<AppliedRow[]> {
      return sql.query<AppliedRow>(
        `select id, calibration_id, gateways, applied_at from map_radio_calibrations
         where map_id = $1 and undone_at is null order by id desc`,
        [mapId],
      );
    },
    async apply(mapId: string, calibrationId: string, gateways: MapRadioModels) {
      await sql.query(
        `insert into map_radio_calibrations (map_id, calibration_id, gateways)
         values ($1, $2, $3::jsonb)`,
        [mapId, calibrationId, JSON.stringify(gateways)],
      );
    },
    async undo(appliedId: number) {
      await sql.query('update map_radio_calibrations set undone_at = now() where id = $1', [
        appliedId,
      ]);
    },

    async insertReport(r: WalkReport) {
      const { zones: _z, worst: _w, points: _p, ...summary } = r;
      await sql.query(
        `insert into walk_reports (id, walk_id, map_id, created_at, summary, report)
         values ($1, $2, $3, $4, $5::jsonb, $6::jsonb)`,
        [r.id, r.walkId, r.mapId, r.createdAt, JSON.stringify(summary), JSON.stringify(r)],
      );
    },
    async report(id: string): Promise<WalkReport | null> {
      const rows = await sql.query<{ report: WalkReport | string }>(
        'select report from walk_reports where id = $1',
        [id],
      );
      return rows[0] ? json(rows[0].report) : null;
    },
    /** The map's reports, oldest first: the trend. */
    async reportsOfMap(mapId: string): Promise<WalkReportSummary[]> {
      const rows = await sql.query<{ summary: WalkReportSummary | string }>(
        'select summary from walk_reports where map_id = $1 order by created_at, id',
        [mapId],
      );
      return rows.map((r) => json(r.summary));
    },
  };
}
export type WalksRepository = ReturnType<typeof walksRepository>;
