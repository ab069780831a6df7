/** Zones in SQL: one row per zone, its polygon as JSON. */
import { randomUUID } from 'node:crypto';
import type { Zone, ZoneVertex } from '@rtls/contract';
import type { Sql } from '../../lib/db.ts';
import { mapItemQueries } from './map-items.ts';

interface ZoneRow {
  id: string;
  map_id: string;
  name: string;
  color: string;
  polygon: ZoneVertex[] | string;
  created_at: Date | string;
  updated_at: Date | string;
}

const iso = (d: Date | string) => new Date(d).toISOString();
const present = (r: ZoneRow): Zone => ({
  id: r.id,
  mapId: r.map_id,
  name: r.name,
  color: r.color,
  polygon: typeof r.polygon === 'string' ? (JSON.parse(r.polygon) as ZoneVertex[]) : r.polygon,
  createdAt: iso(r.created_at),
  updatedAt: iso(r.updated_at),
});

export function zonesRepository(sql: Sql) {
  return {
    ...mapItemQueries(sql, 'zones', present),
    /** Zones of several maps at once (presence loads them by map). */
    async ofMaps(mapIds: readonly string[]): Promise<Zone[]> {
      if (mapIds.length === 0) return [];
      const rows = await sql.query<ZoneRow>(
        'select * from zones where map_id = any($1::text[]) order by created_at, id',
        [mapIds],
      );
      return rows.map(present);
    },
    async insert(z: { mapId: string; name: string; color: string; polygon: ZoneVertex[] }) {
      const rows = await sql.query<ZoneRow>(
        `insert into zones (id, map_id, name, color, polygon) values ($1, $2, $3, $4, $5::jsonb)
         returning *`,
        [randomUUID(), z.mapId, z.name, z.color, JSON.stringify(z.polygon)],
      );
      return present(rows[0]!);
    },
    async update(
      mapId: string,
      zoneId: string,
      z: { name: string; color: string; polygon: ZoneVertex[] },
    ): Promise<Zone | null> {
      const rows = await sql.query<ZoneRow>(
        `update zones set name = $3, color = $4, polygon = $5::jsonb, updated_at = now()
          where map_id = $1 and id = $2 returning *`,
        [mapId, zoneId, z.name, z.color, JSON.stringify(z.polygon)],
      );
      return rows[0] ? present(rows[0]) : null;
    },
  };
}
export type ZonesRepository = ReturnType<typeof zonesRepository>;
