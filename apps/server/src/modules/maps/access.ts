/**
 * Per-map roles: owners do everything; editors edit content (not sharing, membership or
 * deletion); viewers read. A map the caller may not see answers like one that does not exist.
 */
import type { AccessLevel } from '@rtls/contract';
import { forbidden, notFound } from '../../lib/errors.ts';

export type MapAction = 'read' | 'edit' | 'share' | 'delete' | 'manage-collaborators';

const ALLOWED: Record<MapAction, readonly AccessLevel[]> = {
  read: ['owner', 'editor', 'viewer'],
  edit: ['owner', 'editor'],
  share: ['owner'],
  delete: ['owner'],
  'manage-collaborators': ['owner'],
};

export function can(level: AccessLevel, action: MapAction): boolean {
  return ALLOWED[action].includes(level);
}

/** Throw 404 for an invisible map and 403 for a visible map the caller may not change this way. */
export function assertCan<T extends { access_level: AccessLevel }>(
  row: T | null,
  action: MapAction,
): T {
  if (!row) throw notFound('Map');
  if (!can(row.access_level, action)) throw forbidden();
  return row;
}
