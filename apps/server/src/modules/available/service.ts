/**
 * Provider data: every device and gateway heard through the account's ingest is "available".
 * A sync refreshes the cached lists from the signal store (and forgets entries not heard within
 * the retention); periodic sync repeats it on a timer per account.
 */
import type { AvailableDevice, AvailableGateway, SyncStatus } from '@rtls/contract';
import type { Sql } from '../../lib/db.ts';

const DAY_MS = 86_400_000;
/** Heard entries older than this are dropped by a sync. */
export const AVAILABLE_RETENTION_DAYS = 365;
export const PERIODIC_SYNC_MS = 60_000;

interface Snapshot {
  devices: AvailableDevice[];
  gateways: AvailableGateway[];
  at: number;
}

export function availableService(sql: Sql, now = () => Date.now()) {
  const snapshots = new Map<string, Snapshot>();
  const timers = new Map<string, NodeJS.Timeout>();
  const running = new Set<string>();

  async function readDevices(ownerId: string): Promise<AvailableDevice[]> {
    const rows = await sql.query<{
      mac: string;
      name: string | null;
      first_seen: Date;
      last_seen: Date;
      monitored: boolean | null;
    }>(
      `select h.mac, coalesce(d.name, h.name) as name, h.first_seen, h.last_seen, d.is_monitored as monitored
       from heard_devices h left join devices d on d.owner_id = h.owner_id and d.mac = h.mac
       where h.owner_id = $1 order by h.last_seen desc`,
      [ownerId],
    );
    return rows.map((r) => ({
      mac: r.mac,
      name: r.name ?? r.mac,
      lastSeenInAPI: new Date(r.last_seen).toISOString(),
      firstSeen: new Date(r.first_seen).toISOString(),
      isMonitored: r.monitored === true,
    }));
  }

  async function readGateways(ownerId: string): Promise<AvailableGateway[]> {
    const rows = await sql.query<{
      mac: string;
      name: string | null;
      ip: string | null;
      last_seen: Date;
      monitored: boolean | null;
    }>(
      `select h.mac, coalesce(g.name, h.name) as name, h.ip, h.last_seen, g.is_monitored as monitored
       from heard_gateways h left join gateways g on g.owner_id = h.owner_id and g.mac = h.mac
       where h.owner_id = $1 order by h.last_seen desc`,
      [ownerId],
    );
    const t = now();
    return rows.map((r) => ({
      mac: r.mac,
      name: r.name ?? r.mac,
      ip: r.ip,
      lastSeen: new Date(r.last_seen).toISOString(),
      daysSinceLastSeen: Math.floor((t - new Date(r.last_seen).getTime()) / DAY_MS),
      isMonitored: r.monitored === true,
    }));
  }

  async function sync(ownerId: string): Promise<Snapshot> {
    running.add(ownerId);
    try {
      const cutoff = new Date(now() - AVAILABLE_RETENTION_DAYS * DAY_MS).toISOString();
      for (const table of ['heard_devices', 'heard_gateways'])
        await sql.query(`delete from ${table} where owner_id = $1 and last_seen < $2`, [
          ownerId,
          cutoff,
        ]);
      const snap = {
        devices: await readDevices(ownerId),
        gateways: await readGateways(ownerId),
        at: now(),
      };
      snapshots.set(ownerId, snap);
      return snap;
    } finally {
      running.delete(ownerId);
    }
  }

  return {
    /** Available lists are always read live; a sync only adds retention and a status. */
    devices: readDevices,
    async gateways(ownerId: string, lastSeenDays?: number) {
      const all = await readGateways(ownerId);
      return lastSeenDays === undefined
        ? all
        : all.filter((g) => g.daysSinceLastSeen < lastSeenDays);
    },
    sync,
    status(ownerId: string): SyncStatus {
      const snap = snapshots.get(ownerId);
      return {
        periodic: timers.has(ownerId),
        intervalMs: PERIODIC_SYNC_MS,
        running: running.has(ownerId),
        lastSyncAt: snap ? new Date(snap.at).toISOString() : null,
        devices: snap?.devices.length ?? 0,
        gateways: snap?.gateways.length ?? 0,
      };
    },
    startPeriodic(ownerId: string) {
      if (timers.has(ownerId)) return;
      const timer = setInterval(() => void sync(ownerId).catch(() => undefined), PERIODIC_SYNC_MS);
      timer.unref();
      timers.set(ownerId, timer);
    },
    stopPeriodic(ownerId: string) {
      clearInterval(timers.get(ownerId));
      timers.delete(ownerId);
    },
    close() {
      for (const t of timers.values()) clearInterval(t);
      timers.clear();
    },
  };
}
export type AvailableService = ReturnType<typeof availableService>;
