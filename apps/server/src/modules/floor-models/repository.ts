/** Floor models in SQL: one row per map, the model as JSON. */
import type { FloorModel } from '@rtls/contract';
import type { Sql } from '../../lib/db.ts';

interface FloorModelRow {
  model: FloorModel | string;
  updated_at: Date | string;
}

/** A stored floor model and when it was last replaced (ISO 8601). */
export interface StoredFloorModel {
  floorModel: FloorModel;
  updatedAt: string;
}

const present = (r: FloorModelRow): StoredFloorModel => ({
  floorModel: typeof r.model === 'string' ? (JSON.parse(r.model) as FloorModel) : r.model,
  updatedAt: new Date(r.updated_at).toISOString(),
});

export function floorModelsRepository(sql: Sql) {
  return {
    /** The map's model, or null when none was ever stored. */
    async get(mapId: string): Promise<StoredFloorModel | null> {
      const rows = await sql.query<FloorModelRow>(
        'select model, updated_at from floor_models where map_id = $1',
        [mapId],
      );
      return rows[0] ? present(rows[0]) : null;
    },
    /** Store the map's model in place of any earlier one. */
    async put(mapId: string, model: FloorModel): Promise<StoredFloorModel> {
      const rows = await sql.query<Pick<FloorModelRow, 'updated_at'>>(
        `insert into floor_models (map_id, model) values ($1, $2::jsonb)
         on conflict (map_id) do update set model = excluded.model, updated_at = now()
         returning updated_at`,
        [mapId, JSON.stringify(model)],
      );
      return { floorModel: model, updatedAt: new Date(rows[0]!.updated_at).toISOString() };
    },
  };
}
export type FloorModelsRepository = ReturnType<typeof floorModelsRepository>;
