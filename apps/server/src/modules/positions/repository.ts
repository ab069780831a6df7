/** SQL for positions: what locating needs of an owner, batched trail writes, pruning and reads. */
import type {
  BuildingLink,
  FloorModel,
  GatewayCustomSettings,
  MapSettings,
  PositioningMode,
  TriangulationSettings,
} from '@rtls/contract';
import type { Sql } from '../../lib/db.ts';
import type { TrailFix } from './core.ts';

export interface PlacedGatewayRow {
  mac: string;
  map_id: string;
  position_x: number;
  position_y: number;
  custom_settings: GatewayCustomSettings | null;
  map_settings: MapSettings | null;
  map_owner_id: string;
  /** The map's applied walk calibration, per gateway MAC (JSON text on some drivers); null for none. */
  map_radio: MapRadioModels | string | null;
}

/** A map's applied walk calibration: each calibrated gateway's level at 1 m and exponent. */
export type MapRadioModels = Record<string, { rssiAt1m: number; exponent: number }>;

/** The map's calibration in force: the newest applied and not undone. */
const RADIO_IN_FORCE = `left join lateral (
           select c.gateways from map_radio_calibrations c
           where c.map_id = g.map_id and c.undone_at is null order by c.id desc limit 1) rc on true`;
const PLACED_COLUMNS = `g.mac, g.map_id, g.position_x, g.position_y, g.custom_settings,
           m.settings as map_settings, m.owner_id as map_owner_id, rc.gateways as map_radio`;

export interface FloorModelVersionRow {
  map_id: string;
  /** The model's updated_at as text, to the microsecond: it changes with every replacement. */
  version: string;
}

export interface FloorModelRow extends FloorModelVersionRow {
  model: FloorModel | string;
}

export interface MonitoredDeviceRow {
  mac: string;
  positioning_mode: PositioningMode;
}

/** A trail point as stored: the fix the locating core recorded (map pixels, epoch ms). */
export type TrailPointRow = TrailFix;

const iso = (ms: number) => new Date(ms).toISOString();

/** A map that is a floor of a building, with the building's stairs and lifts. */
export interface BuildingFloorRow {
  map_id: string;
  building_id: string;
  level: number;
  links: BuildingLink[] | string;
}

export function positionsRepository(sql: Sql) {
  return {
    /** The owner's gateways placed on a map, with the map's settings (scale) and owner. */
    placedGateways(ownerId: string): Promise<PlacedGatewayRow[]> {
      return sql.query<PlacedGatewayRow>(
        `select ${PLACED_COLUMNS}
         from gateways g join maps m on m.id = g.map_id ${RADIO_IN_FORCE}
         where g.owner_id = $1 and g.position_x is not null and g.position_y is not null`,
        [ownerId],
      );
    },

    /** The map owner's gateways placed on one map, as placedGateways has them. */
    placedGatewaysOfMap(mapId: string): Promise<PlacedGatewayRow[]> {
      return sql.query<PlacedGatewayRow>(
        `select ${PLACED_COLUMNS}
         from gateways g join maps m on m.id = g.map_id ${RADIO_IN_FORCE}
         where g.map_id = $1 and g.owner_id = m.owner_id
           and g.position_x is not null and g.position_y is not null`,
        [mapId],
      );
    },

    /** The version of each of these maps' floor models (maps without one left out). */
    floorModelVersions(mapIds: readonly string[]): Promise<FloorModelVersionRow[]> {
      if (mapIds.length === 0) return Promise.resolve([]);
      return sql.query<FloorModelVersionRow>(
        'select map_id, updated_at::text as version from floor_models where map_id = any($1::text[])',
        [mapIds],
      );
    },

    /** Of these maps, the floors of buildings: their building, level and its stairs and lifts. */
    buildingFloors(mapIds: readonly string[]): Promise<BuildingFloorRow[]> {
      if (mapIds.length === 0) return Promise.resolve([]);
      return sql.query<BuildingFloorRow>(
        `select f.map_id, f.building_id, f.level, b.links
         from building_floors f join buildings b on b.id = f.building_id
         where f.map_id = any($1::text[])`,
        [mapIds],
      );
    },

    /** These maps' floor models (maps without one left out). */
    floorModels(mapIds: readonly string[]): Promise<FloorModelRow[]> {
      if (mapIds.length === 0) return Promise.resolve([]);
      return sql.query<FloorModelRow>(
        `select map_id, updated_at::text as version, model from floor_models
         where map_id = any($1::text[])`,
        [mapIds],
      );
    },

    monitoredDevices(ownerId: string): Promise<MonitoredDeviceRow[]> {
      return sql.query<MonitoredDeviceRow>(
        'select mac, positioning_mode from devices where owner_id = $1 and is_monitored',
        [ownerId],
      );
    },

    /** Users' stored triangulation settings (partial; defaults are filled by the caller). */
    async triangulation(userIds: string[]): Promise<Map<string, Partial<TriangulationSettings>>> {
      if (userIds.length === 0) return new Map();
      const rows = await sql.query<{ user_id: string; t: Partial<TriangulationSettings> | null }>(
        `select user_id, config->'triangulation' as t from user_settings where user_id = any($1::text[])`,
        [userIds],
      );
      return new Map(rows.map((r) => [r.user_id, r.t ?? {}]));
    },

    /** Write many points in one statement. */
    async insert(points: readonly TrailPointRow[]): Promise<void> {
      if (points.length === 0) return;
      await sql.query(
        `insert into trail_points (owner_id, device_mac, map_id, x, y, recorded_at)
         select * from unnest($1::text[], $2::text[], $3::text[], $4::float8[], $5::float8[], $6::timestamptz[])`,
        [
          points.map((p) => p.ownerId),
          points.map((p) => p.mac),
          points.map((p) => p.mapId),
          points.map((p) => p.x),
          points.map((p) => p.y),
          points.map((p) => iso(p.at)),
        ],
      );
    },

    /** Delete points recorded before `beforeMs`. */
    async prune(beforeMs: number): Promise<void> {
      await sql.query('delete from trail_points where recorded_at < $1', [iso(beforeMs)]);
    },

    /** A device's points on a map since `sinceMs`, oldest first, at most one per second. */
    read(
      ownerId: string,
      mac: string,
      mapId: string,
      sinceMs: number,
    ): Promise<{ x: number; y: number; recorded_at: Date }[]> {
      return sql.query(
        `select x, y, recorded_at from (
           select distinct on (date_trunc('second', recorded_at)) x, y, recorded_at
           from trail_points
           where owner_id = $1 and device_mac = $2 and map_id = $3 and recorded_at >= $4
           order by date_trunc('second', recorded_at), recorded_at
         ) p order by recorded_at`,
        [ownerId, mac, mapId, iso(sinceMs)],
      );
    },
  };
}
export type PositionsRepository = ReturnType<typeof positionsRepository>;
