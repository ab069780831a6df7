/** SQL for configured gateways. */
import type { GatewayCustomSettings } from '@rtls/contract';
import type { Sql } from '../../lib/db.ts';

export interface GatewayRow {
  id: string;
  owner_id: string;
  mac: string;
  name: string;
  map_id: string | null;
  position_x: number | null;
  position_y: number | null;
  radius: number;
  custom_settings: GatewayCustomSettings;
  is_monitored: boolean;
  created_at: Date;
  updated_at: Date;
  last_seen: Date | null;
  /** The name the gateway's firmware reports (an ESPresense room), if any. */
  heard_name: string | null;
}

/** A gateway as saved: its identity, then where it stands and how it is shown. */
export interface GatewayUpsert extends GatewayPlacement {
  id: string;
  ownerId: string;
  mac: string;
}

/** Where a gateway stands (map pixels), its name, settings and whether it is monitored. */
export interface GatewayPlacement {
  name: string;
  mapId: string | null;
  x: number;
  y: number;
  radius: number;
  customSettings: GatewayCustomSettings;
  isMonitored: boolean;
}

const SELECT = `select g.*, h.last_seen, h.name as heard_name from gateways g
  left join heard_gateways h on h.owner_id = g.owner_id and h.mac = g.mac`;

export function gatewaysRepository(sql: Sql) {
  return {
    async monitored(ownerId: string): Promise<GatewayRow[]> {
      return sql.query(`${SELECT} where g.owner_id = $1 and g.is_monitored order by g.name`, [
        ownerId,
      ]);
    },
    async onMap(mapId: string): Promise<GatewayRow[]> {
      return sql.query(`${SELECT} where g.map_id = $1 order by g.name`, [mapId]);
    },
    async all(ownerId: string): Promise<GatewayRow[]> {
      return sql.query(`${SELECT} where g.owner_id = $1 order by g.name`, [ownerId]);
    },
    /** The user's own gateways plus those on maps shared with them. */
    async visibleToUser(userId: string): Promise<GatewayRow[]> {
      return sql.query(
        `${SELECT} where g.owner_id = $1
           or g.map_id in (select map_id from map_collaborators where user_id = $1)
         order by g.name`,
        [userId],
      );
    },
    async find(ownerId: string, macOrId: string): Promise<GatewayRow | null> {
      const rows = await sql.query<GatewayRow>(
        `${SELECT} where g.owner_id = $1 and (g.mac = $2 or g.id = $2)`,
        [ownerId, macOrId],
      );
      return rows[0] ?? null;
    },
    async findOnMap(mapId: string, macOrId: string): Promise<GatewayRow | null> {
      const rows = await sql.query<GatewayRow>(
        `${SELECT} where g.map_id = $1 and (g.mac = $2 or g.id = $2)`,
        [mapId, macOrId],
      );
      return rows[0] ?? null;
    },
    async remove(id: string): Promise<void> {
      await sql.query('delete from gateways where id = $1', [id]);
    },
    async heardName(ownerId: string, mac: string): Promise<string | null> {
      const rows = await sql.query<{ name: string | null }>(
        'select name from heard_gateways where owner_id = $1 and mac = $2',
        [ownerId, mac],
      );
      return rows[0]?.name ?? null;
    },
    async upsert(g: GatewayUpsert): Promise<void> {
      await sql.query(
        `insert into gateways (id, owner_id, mac, name, map_id, position_x, position_y, radius, custom_settings, is_monitored)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10)
         on conflict (owner_id, mac) do update set name = excluded.name, map_id = excluded.map_id,
           position_x = excluded.position_x, position_y = excluded.position_y, radius = excluded.radius,
           custom_settings = excluded.custom_settings, is_monitored = excluded.is_monitored, updated_at = now()`,
        [
          g.id,
          g.ownerId,
          g.mac,
          g.name,
          g.mapId,
          g.x,
          g.y,
          g.radius,
          JSON.stringify(g.customSettings),
          g.isMonitored,
        ],
      );
    },
  };
}
export type GatewaysRepository = ReturnType<typeof gatewaysRepository>;
