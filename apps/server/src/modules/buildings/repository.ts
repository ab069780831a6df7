/** Buildings in SQL: the building row with its stairs and lifts, and one row per floor. */
import { randomUUID } from 'node:crypto';
import type { Building, BuildingBody, BuildingFloor, BuildingLink } from '@rtls/contract';
import type { Sql } from '../../lib/db.ts';

interface BuildingRow {
  id: string;
  name: string;
  links: BuildingLink[] | string;
  created_at: Date | string;
  updated_at: Date | string;
}

interface FloorRow {
  building_id: string;
  map_id: string;
  level: number;
  height_m: number;
  alignment: BuildingFloor['alignment'] | string | null;
}

const json = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

function present(b: BuildingRow, floors: readonly FloorRow[]): Building {
  return {
    _id: b.id,
    name: b.name,
    floors: floors
      .filter((f) => f.building_id === b.id)
      .sort((x, y) => x.level - y.level)
      .map((f) => {
        const alignment = f.alignment === null ? null : json(f.alignment);
        return {
          mapId: f.map_id,
          level: f.level,
          heightM: f.height_m,
          ...(alignment ? { alignment } : {}),
        };
      }),
    links: json(b.links),
    createdAt: new Date(b.created_at).toISOString(),
    updatedAt: new Date(b.updated_at).toISOString(),
  };
}

/** PostgreSQL's unique violation: a map already a floor of another building. */
export const isFloorTaken = (err: unknown) =>
  typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23505';

export function buildingsRepository(sql: Sql) {
  async function withFloors(rows: BuildingRow[]): Promise<Building[]> {
    if (rows.length === 0) return [];
    const floors = await sql.query<FloorRow>(
      'select * from building_floors where building_id = any($1::text[])',
      [rows.map((r) => r.id)],
    );
    return rows.map((r) => present(r, floors));
  }

  async function writeFloors(tx: Sql, id: string, floors: readonly BuildingFloor[]) {
    await tx.query('delete from building_floors where building_id = $1', [id]);
    await tx.query(
      `insert into building_floors (map_id, building_id, level, height_m, alignment)
       select m, $1, l, h, a::jsonb
       from unnest($2::text[], $3::int[], $4::real[], $5::text[]) as f(m, l, h, a)`,
      [
        id,
        floors.map((f) => f.mapId),
        floors.map((f) => f.level),
        floors.map((f) => f.heightM),
        floors.map((f) => (f.alignment ? JSON.stringify(f.alignment) : null)),
      ],
    );
  }

  return {
    async get(id: string): Promise<Building | null> {
      const rows = await sql.query<BuildingRow>('select * from buildings where id = $1', [id]);
      return (await withFloors(rows))[0] ?? null;
    },

    /** The buildings that have one of these maps as a floor. */
    async ofMaps(mapIds: readonly string[]): Promise<Building[]> {
      if (mapIds.length === 0) return [];
      const rows = await sql.query<BuildingRow>(
        `select b.* from buildings b where b.id in
           (select building_id from building_floors where map_id = any($1::text[]))
         order by b.created_at`,
        [mapIds],
      );
      return withFloors(rows);
    },

    async insert(userId: string, body: BuildingBody): Promise<Building> {
      const id = randomUUID();
      await sql.transaction(async (tx) => {
        await tx.query(
          'insert into buildings (id, name, links, created_by) values ($1, $2, $3::jsonb, $4)',
          [id, body.name, JSON.stringify(body.links ?? []), userId],
        );
        await writeFloors(tx, id, body.floors);
      });
      return (await this.get(id))!;
    },

    async replace(id: string, body: BuildingBody): Promise<Building> {
      await sql.transaction(async (tx) => {
        await tx.query(
          'update buildings set name = $2, links = $3::jsonb, updated_at = now() where id = $1',
          [id, body.name, JSON.stringify(body.links ?? [])],
        );
        await writeFloors(tx, id, body.floors);
      });
      return (await this.get(id))!;
    },

    async remove(id: string): Promise<void> {
      await sql.query('delete from buildings where id = $1', [id]);
    },
  };
}
export type BuildingsRepository = ReturnType<typeof buildingsRepository>;
