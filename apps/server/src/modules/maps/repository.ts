/** SQL for maps and their collaborators. */
import type { AccessLevel, MapMetadata, MapSettings } from '@rtls/contract';
import type { Sql } from '../../lib/db.ts';

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

export interface CollaboratorRow {
  user_id: string;
  role: 'editor' | 'viewer';
  created_at: Date;
  email: string;
  first_name: string;
  last_name: string;
  slug: string;
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
    /** Of these maps, the ids the user may see (own, shared or public). */
    async readable(userId: string, mapIds: string[]): Promise<Set<string>> {
      if (mapIds.length === 0) return new Set();
      const rows = await sql.query<{ id: string }>(
        `select m.id ${FROM} where m.id = any($2::text[])
           and (m.owner_id = $1 or c.user_id is not null or m.is_public)`,
        [userId, mapIds],
      );
      return new Set(rows.map((r) => r.id));
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
    async update(
      mapId: string,
      m: {
        name: string;
        description: string;
        isPublic: boolean;
        metadata: MapMetadata;
        settings: MapSettings;
      },
    ): Promise<void> {
      await sql.query(
        `update maps set name = $2, description = $3, is_public = $4, metadata = $5::jsonb,
           settings = $6::jsonb, updated_at = now() where id = $1`,
        [
          mapId,
          m.name,
          m.description,
          m.isPublic,
          JSON.stringify(m.metadata),
          JSON.stringify(m.settings),
        ],
      );
    },
    async remove(mapId: string): Promise<void> {
      await sql.query('delete from maps where id = $1', [mapId]);
    },
    async collaborators(mapId: string): Promise<CollaboratorRow[]> {
      return sql.query(
        `select c.user_id, c.role, c.created_at, u.email, u.first_name, u.last_name, u.slug
         from map_collaborators c join users u on u.id = c.user_id where c.map_id = $1 order by c.created_at`,
        [mapId],
      );
    },
    /** Add or change a collaborator; returns false when the user does not exist. */
    async setCollaborator(mapId: string, userId: string, role: 'editor' | 'viewer'): Promise<void> {
      await sql.query(
        `insert into map_collaborators (map_id, user_id, role) values ($1, $2, $3)
         on conflict (map_id, user_id) do update set role = excluded.role`,
        [mapId, userId, role],
      );
    },
    async removeCollaborator(mapId: string, userId: string): Promise<boolean> {
      const rows = await sql.query(
        'delete from map_collaborators where map_id = $1 and user_id = $2 returning 1',
        [mapId, userId],
      );
      return rows.length > 0;
    },
    /** A user by id, e-mail or slug: how an owner names a collaborator. */
    async findUser(ref: string): Promise<{ id: string } | null> {
      const rows = await sql.query<{ id: string }>(
        'select id from users where id = $1 or email = lower($1) or slug = $1 limit 1',
        [ref.trim()],
      );
      return rows[0] ?? null;
    },
    /** Count one more opening of the map; returns the count and time as stored. */
    async touch(mapId: string): Promise<Pick<MapRow, 'access_count' | 'last_accessed_at'> | null> {
      const rows = await sql.query<Pick<MapRow, 'access_count' | 'last_accessed_at'>>(
        `update maps set access_count = access_count + 1, last_accessed_at = now() where id = $1
         returning access_count, last_accessed_at`,
        [mapId],
      );
      return rows[0] ?? null;
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
