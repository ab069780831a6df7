/** SQL for configured devices and their latest signals. */
import type { DeviceCustomSettings, PositioningMode } from '@rtls/contract';
import type { Sql } from '../../lib/db.ts';

export interface DeviceRow {
  id: string;
  owner_id: string;
  mac: string;
  name: string;
  custom_settings: DeviceCustomSettings;
  positioning_mode: PositioningMode;
  is_monitored: boolean;
  created_at: Date;
  updated_at: Date;
  last_seen: Date | null;
}

export interface SignalRow {
  device_mac: string;
  gateway_mac: string;
  rssi: number;
  received_at: Date;
  ip: string | null;
}

const SELECT = `select d.*, h.last_seen from devices d
  left join heard_devices h on h.owner_id = d.owner_id and h.mac = d.mac`;

export function devicesRepository(sql: Sql) {
  return {
    async monitored(ownerId: string): Promise<DeviceRow[]> {
      return sql.query(`${SELECT} where d.owner_id = $1 and d.is_monitored order by d.name`, [
        ownerId,
      ]);
    },
    async all(ownerId: string): Promise<DeviceRow[]> {
      return sql.query(`${SELECT} where d.owner_id = $1 order by d.name`, [ownerId]);
    },
    /** The owner's devices with these MACs. */
    async byMacs(ownerId: string, macs: string[]): Promise<DeviceRow[]> {
      if (macs.length === 0) return [];
      return sql.query(`${SELECT} where d.owner_id = $1 and d.mac = any($2::text[])`, [
        ownerId,
        macs,
      ]);
    },
    /** One of the owner's devices by MAC or id. */
    async find(ownerId: string, macOrId: string): Promise<DeviceRow | null> {
      const rows = await sql.query<DeviceRow>(
        `${SELECT} where d.owner_id = $1 and (d.mac = $2 or d.id = $2)`,
        [ownerId, macOrId],
      );
      return rows[0] ?? null;
    },
    async update(
      id: string,
      d: {
        name: string;
        customSettings: DeviceCustomSettings;
        positioningMode: PositioningMode;
        isMonitored: boolean;
      },
    ): Promise<void> {
      await sql.query(
        `update devices set name = $2, custom_settings = $3::jsonb, positioning_mode = $4, is_monitored = $5,
           updated_at = now() where id = $1`,
        [id, d.name, JSON.stringify(d.customSettings), d.positioningMode, d.isMonitored],
      );
    },
    async remove(id: string): Promise<void> {
      await sql.query('delete from devices where id = $1', [id]);
    },
    /** The name the provider heard for a device, if any. */
    async heardName(ownerId: string, mac: string): Promise<string | null> {
      const rows = await sql.query<{ name: string | null }>(
        'select name from heard_devices where owner_id = $1 and mac = $2',
        [ownerId, mac],
      );
      return rows[0]?.name ?? null;
    },
    /** Latest signal per gateway for the owner's devices, newer than sinceMs. */
    async latestSignals(ownerId: string, macs: string[], sinceMs: number): Promise<SignalRow[]> {
      if (macs.length === 0) return [];
      return sql.query(
        `select device_mac, gateway_mac, rssi, received_at, ip from latest_signals
         where owner_id = $1 and device_mac = any($2::text[]) and received_at > $3`,
        [ownerId, macs, new Date(sinceMs).toISOString()],
      );
    },
    async upsert(d: {
      id: string;
      ownerId: string;
      mac: string;
      name: string;
      customSettings: DeviceCustomSettings;
      isMonitored: boolean;
      positioningMode?: PositioningMode;
    }): Promise<void> {
      await sql.query(
        `insert into devices (id, owner_id, mac, name, custom_settings, is_monitored, positioning_mode)
         values ($1, $2, $3, $4, $5::jsonb, $6, $7)
         on conflict (owner_id, mac) do update set name = excluded.name,
           custom_settings = excluded.custom_settings, is_monitored = excluded.is_monitored,
           positioning_mode = excluded.positioning_mode, updated_at = now()`,
        [
          d.id,
          d.ownerId,
          d.mac,
          d.name,
          JSON.stringify(d.customSettings),
          d.isMonitored,
          d.positioningMode ?? 'auto',
        ],
      );
    },
  };
}
export type DevicesRepository = ReturnType<typeof devicesRepository>;
