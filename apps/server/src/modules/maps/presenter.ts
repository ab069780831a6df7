/** Map rows → the contract's TrackingMap. */
import type { TrackingMap } from '@rtls/contract';
import type { MapRow } from './repository.ts';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export function presentMap(row: MapRow): TrackingMap {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    isPublic: row.is_public,
    accessLevel: row.access_level,
    accessCount: row.access_count,
    lastAccessedAt: iso(row.last_accessed_at),
    createdAt: iso(row.created_at)!,
    updatedAt: iso(row.updated_at)!,
    metadata: row.metadata ?? {},
    settings: row.settings ?? {},
  };
}
