/** Presence in SQL: the current state per (device, map), written when it changes. */
import type { PresenceState } from '@rtls/contract';
import type { Sql } from '../../lib/db.ts';

export interface StoredPresence {
  ownerId: string;
  mac: string;
  mapId: string;
  zoneId: string | null;
  state: PresenceState;
  since: number;
  enteredAt: number | null;
  /** When an instance (sharing the devices) last located the device on this map, if ever. */
  seenAt?: number | null;
}

interface Row {
  owner_id: string;
  mac: string;
  map_id: string;
  zone_id: string | null;
  state: PresenceState;
  since: Date | string;
  entered_at: Date | string | null;
  seen_at?: Date | string | null;
}

/** Map owner, scale and zones source for presence. */
export interface MapInfo {
  ownerId: string;
  name: string;
  pixelsPerMetre: number | null;
}

const fromRow = (r: Row): StoredPresence => ({
  ownerId: r.owner_id,
  mac: r.mac,
  mapId: r.map_id,
  zoneId: r.zone_id,
  state: r.state,
  since: new Date(r.since).getTime(),
  enteredAt: r.entered_at === null ? null : new Date(r.entered_at).getTime(),
  seenAt: r.seen_at ? new Date(r.seen_at).getTime() : null,
});

/** Presences as the arrays of a save's `unnest`, in the table's column order. */
function columns(list: readonly StoredPresence[]): unknown[][] {
  const col = <T>(f: (p: StoredPresence) => T) => list.map(f);
  return [
    col((p) => p.ownerId),
    col((p) => p.mac),
    col((p) => p.mapId),
    col((p) => p.zoneId),
    col((p) => p.state),
    col((p) => new Date(p.since).toISOString()),
    col((p) => (p.enteredAt === null ? null : new Date(p.enteredAt).toISOString())),
  ];
}

export function presenceRepository(sql: Sql) {
  return {
    async loadAll(): Promise<StoredPresence[]> {
      return (await sql.query<Row>('select * from zone_presence')).map(fromRow);
    },
    /**
     * A map's saved presences (every instance's), each with when its device was last heard
     * (null: never stored as heard).
     */
    async ofMap(mapId: string): Promise<(StoredPresence & { lastSeen: number | null })[]> {
      const rows = await sql.query<Row & { last_seen: Date | string | null }>(
        `select z.*, h.last_seen from zone_presence z
           left join heard_devices h on h.owner_id = z.owner_id and h.mac = z.mac
          where z.map_id = $1`,
        [mapId],
      );
      return rows.map((r) => ({
        ...fromRow(r),
        lastSeen: r.last_seen === null ? null : new Date(r.last_seen).getTime(),
      }));
    },
    /** The stored presences of these (device, map) pairs (saved by this or another instance). */
    async loadSome(
      keys: readonly { ownerId: string; mac: string; mapId: string }[],
    ): Promise<StoredPresence[]> {
      if (keys.length === 0) return [];
      const rows = await sql.query<Row>(
        `select z.* from zone_presence z join unnest($1::text[], $2::text[], $3::text[]) as u(o, m, p)
           on z.owner_id = u.o and z.mac = u.m and z.map_id = u.p`,
        [keys.map((k) => k.ownerId), keys.map((k) => k.mac), keys.map((k) => k.mapId)],
      );
      return rows.map(fromRow);
    },
    /** Write these presences (one statement); rows of maps deleted meanwhile are skipped. */
    async save(list: readonly StoredPresence[]): Promise<void> {
      if (list.length === 0) return;
      await sql.query(
        `insert into zone_presence (owner_id, mac, map_id, zone_id, state, since, entered_at)
         select u.* from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[],
                                $6::timestamptz[], $7::timestamptz[])
           as u(owner_id, mac, map_id, zone_id, state, since, entered_at)
          where exists (select 1 from maps m where m.id = u.map_id)
         on conflict (owner_id, mac, map_id) do update
           set zone_id = excluded.zone_id, state = excluded.state, since = excluded.since,
               entered_at = excluded.entered_at`,
        columns(list),
      );
    },
    /**
     * These devices were located now on their maps by this instance: their `seen_at` says so
     * (a presence not saved yet is saved as it is; a saved one keeps its state).
     */
    async seen(list: readonly (StoredPresence & { seenAt: number })[]): Promise<void> {
      if (list.length === 0) return;
      await sql.query(
        `insert into zone_presence
           (owner_id, mac, map_id, zone_id, state, since, entered_at, seen_at)
         select u.* from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[],
                                $6::timestamptz[], $7::timestamptz[], $8::timestamptz[])
           as u(owner_id, mac, map_id, zone_id, state, since, entered_at, seen_at)
          where exists (select 1 from maps m where m.id = u.map_id)
         on conflict (owner_id, mac, map_id) do update set seen_at = excluded.seen_at`,
        [...columns(list), list.map((p) => new Date(p.seenAt).toISOString())],
      );
    },
    async forget(keys: readonly { ownerId: string; mac: string; mapId: string }[]) {
      if (keys.length === 0) return;
      await sql.query(
        `delete from zone_presence z using unnest($1::text[], $2::text[], $3::text[]) as u(o, m, p)
          where z.owner_id = u.o and z.mac = u.m and z.map_id = u.p`,
        [keys.map((k) => k.ownerId), keys.map((k) => k.mac), keys.map((k) => k.mapId)],
      );
    },
    async mapInfo(mapId: string): Promise<MapInfo | null> {
      const rows = await sql.query<{ owner_id: string; name: string; settings: unknown }>(
        'select owner_id, name, settings from maps where id = $1',
        [mapId],
      );
      const r = rows[0];
      if (!r) return null;
      const settings = (typeof r.settings === 'string' ? JSON.parse(r.settings) : r.settings) as {
        pixelsPerMetre?: number;
      };
      return { ownerId: r.owner_id, name: r.name, pixelsPerMetre: settings.pixelsPerMetre ?? null };
    },
  };
}
export type PresenceRepository = ReturnType<typeof presenceRepository>;
