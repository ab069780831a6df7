/** What the live path reads from the database: device names, and the latest signals at start. */
import type { Sql } from '../../lib/db.ts';

/** One device's latest report from one gateway, as stored. */
export interface LatestSignalRow {
  owner_id: string;
  device_mac: string;
  gateway_mac: string;
  rssi: number;
  received_at: Date;
  ip: string | null;
}

export function liveRepository(sql: Sql) {
  return {
    /** An owner's configured device names (the display name when set), by MAC. */
    async names(ownerId: string): Promise<Map<string, string>> {
      const rows = await sql.query<{ mac: string; name: string; display_name: string | null }>(
        `select mac, name, custom_settings->>'displayName' as display_name from devices where owner_id = $1`,
        [ownerId],
      );
      return new Map(rows.map((r) => [r.mac, r.display_name || r.name]));
    },

    /** Latest signals received after sinceMs, to warm the signal cache at start. */
    recentSignals(sinceMs: number): Promise<LatestSignalRow[]> {
      return sql.query<LatestSignalRow>(
        'select owner_id, device_mac, gateway_mac, rssi, received_at, ip from latest_signals where received_at > $1',
        [new Date(sinceMs).toISOString()],
      );
    },
  };
}
export type LiveRepository = ReturnType<typeof liveRepository>;
