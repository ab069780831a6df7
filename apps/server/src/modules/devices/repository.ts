/** SQL for configured devices and their latest signals. */
import type { DeviceCustomSettings, PositioningMode } from '@rtls/contract';
import type { Sql } from '../../plugins/db.ts';

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

export function devicesRepository(sql: Sql) {
  return {
    async monitored(ownerId: string): Promise<DeviceRow[]> {
      return sql.query(
        `select d.*, h.last_seen from devices d
         left join heard_devices h on h.owner_id = d.owner_id and h.mac = d.mac
         where d.owner_id = $1 and d.is_monitored order by d.name`,
        [ownerId],
      );
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
    }): Promise<void> {
      await sql.query(
        `insert into devices (id, owner_id, mac, name, custom_settings, is_monitored)
         values ($1, $2, $3, $4, $5::jsonb, $6)
         on conflict (owner_id, mac) do update set name = excluded.name,
           custom_settings = excluded.custom_settings, is_monitored = excluded.is_monitored, updated_at = now()`,
        [d.id, d.ownerId, d.mac, d.name, JSON.stringify(d.customSettings), d.isMonitored],
      );
    },
  };
}
export type DevicesRepository = ReturnType<typeof devicesRepository>;
