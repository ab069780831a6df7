/**
 * What the items a map holds (its zones, its rules) share: the reads and the delete of their table
 * by map and id, and who may list or delete them (anyone who may read the map lists them; owners
 * and editors delete them, and the map's watchers are told).
 */
import type { Sql } from '../../lib/db.ts';
import type { HttpError } from '../../lib/errors.ts';
import { assertCan, type MapAction } from '../maps/access.ts';
import type { MapsRepository } from '../maps/repository.ts';

/** A map the caller may act on this way, or the 404/403 that says why not. */
export async function mapFor(
  maps: MapsRepository,
  userId: string,
  mapId: string,
  action: MapAction,
) {
  return assertCan(await maps.visible(userId, mapId), action);
}

/** The queries by map and id of a table of map items, each row shown through `present`. */
export function mapItemQueries<Row, T>(
  sql: Sql,
  table: 'zones' | 'zone_rules',
  present: (row: Row) => T,
) {
  return {
    async ofMap(mapId: string): Promise<T[]> {
      const rows = await sql.query<Row>(
        `select * from ${table} where map_id = $1 order by created_at, id`,
        [mapId],
      );
      return rows.map(present);
    },
    async get(mapId: string, id: string): Promise<T | null> {
      const rows = await sql.query<Row>(`select * from ${table} where map_id = $1 and id = $2`, [
        mapId,
        id,
      ]);
      return rows[0] ? present(rows[0]) : null;
    },
    async count(mapId: string): Promise<number> {
      const rows = await sql.query<{ n: number | string }>(
        `select count(*) as n from ${table} where map_id = $1`,
        [mapId],
      );
      return Number(rows[0]?.n ?? 0);
    },
    async remove(mapId: string, id: string): Promise<boolean> {
      const rows = await sql.query(
        `delete from ${table} where map_id = $1 and id = $2 returning id`,
        [mapId, id],
      );
      return rows.length > 0;
    },
  };
}

/** Listing, changing and deleting a map's items: `onChanged` after a change, `notFound` for a missing one. */
export function mapItemAccess<T>(
  maps: MapsRepository,
  items: Pick<ReturnType<typeof mapItemQueries<unknown, T>>, 'ofMap' | 'get' | 'remove'>,
  notFound: () => HttpError,
  onChanged: (mapId: string) => void | Promise<void>,
) {
  return {
    async list(userId: string, mapId: string): Promise<T[]> {
      await mapFor(maps, userId, mapId, 'read');
      return items.ofMap(mapId);
    },
    /** Change one: `save` stores what it makes of the current item (null: it is gone meanwhile). */
    async change(
      userId: string,
      mapId: string,
      id: string,
      save: (current: T) => Promise<T | null>,
    ): Promise<T> {
      await mapFor(maps, userId, mapId, 'edit');
      const current = await items.get(mapId, id);
      if (!current) throw notFound();
      const changed = await save(current);
      if (!changed) throw notFound();
      await onChanged(mapId);
      return changed;
    },
    async remove(userId: string, mapId: string, id: string): Promise<void> {
      await mapFor(maps, userId, mapId, 'edit');
      if (!(await items.remove(mapId, id))) throw notFound();
      await onChanged(mapId);
    },
  };
}
