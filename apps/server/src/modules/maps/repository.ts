/** SQL for maps and their collaborators. */
import type { AccessLevel, MapMetadata, MapSettings } from '@rtls/contract';
import type { Sql } from '../../plugins/db.ts';

export interface MapRow {
  id: string;
  owner_id: string;
  name: string;
  description: string;
  is_public: boolean;
  metadata: MapMetadata;
  settings: MapSettings;
  access_count: number;
  last_accessed_at: Date | null;
  created_at: Date;
  updated_at: Date;
  /** The caller's access level, computed in the query. */
  access_level: AccessLevel;
}

const ACCESS = `case when m.owner_id = $1 then 'owner' else coalesce(c.role, 'viewer') end as access_level`;
const FROM = `from maps m left join map_collaborators c on c.map_id = m.id and c.user_id = $1`;

export function mapsRepository(sql: Sql) {
  return {
    async own(userId: string): Promise<MapRow[]> {
      return sql.query(
        `select m.*, ${ACCESS} ${FROM} where m.owner_id = $1 order by m.created_at`,
        [userId],
      );
    },
    async shared(userId: string): Promise<MapRow[]> {
      return sql.query(`select m.*, ${ACCESS} ${FROM} where c.user_id = $1 order by m.created_at`, [
        userId,
      ]);
    },
    async publicMaps(userId: string, limit: number, skip: number): Promise<MapRow[]> {
      return sql.query(
        `select m.*, ${ACCESS} ${FROM} where m.is_public order by m.created_at limit $2 offset $3`,
        [userId, limit, skip],
      );
    },
    /** A map the user may see (own, shared or public), or null. */
    async visible(userId: string, mapId: string): Promise<MapRow | null> {
      const rows = await sql.query<MapRow>(
        `select m.*, ${ACCESS} ${FROM} where m.id = $2 and (m.owner_id = $1 or c.user_id is not null or m.is_public)`,
        [userId, mapId],
      );
      return rows[0] ?? null;
    },
    async insert(m: {
      id: string;
      ownerId: string;
      name: string;
      description: string;
      isPublic: boolean;
      metadata: MapMetadata;
      settings: MapSettings;
    }): Promise<void> {
      await sql.query(
        `insert into maps (id, owner_id, name, description, is_public, metadata, settings)
         values ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb)`,
        [
          m.id,
          m.ownerId,
          m.name,
          m.description,
          m.isPublic,
          JSON.stringify(m.metadata),
          JSON.stringify(m.settings),
        ],
      );
    },
    async touch(mapId: string): Promise<void> {
      await sql.query(
        'update maps set access_count = access_count + 1, last_accessed_at = now() where id = $1',
        [mapId],
      );
    },
    async mergeSettings(mapId: string, patch: Partial<MapSettings>): Promise<void> {
      await sql.query(
        'update maps set settings = settings || $2::jsonb, updated_at = now() where id = $1',
        [mapId, JSON.stringify(patch)],
      );
    },
  };
}
export type MapsRepository = ReturnType<typeof mapsRepository>;
