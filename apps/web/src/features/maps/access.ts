/** Map roles: viewers never edit or delete; editors edit; owners do everything. */
import type { TrackingMap } from '@rtls/contract';
import { useMapsStore } from './maps-store.ts';

export const canEdit = (m: TrackingMap) => m.accessLevel === 'owner' || m.accessLevel === 'editor';
export const canDelete = (m: TrackingMap) => m.accessLevel === 'owner';
/** Only owners change who can see a map: public or not, and its collaborators. */
export const canShare = (m: TrackingMap) => m.accessLevel === 'owner';
/** The tools panel keeps its edit and delete controls for owners only. */
export const isOwner = (m: TrackingMap) => m.accessLevel === 'owner';

export interface Rights {
  /** Change what lies on the map: its gateways, their sliders and positions. */
  edit: boolean;
  /** Delete what lies on the map (it belongs to the map owner's account). */
  own: boolean;
}

/**
 * The user's rights on a map, the one place the panels ask. Something on no map is the user's own;
 * a map the console does not know gives no rights.
 */
export function useRightsOn(mapId: string | null | undefined): Rights {
  const level = useMapsStore((s) => (mapId ? (s.entities[mapId]?.accessLevel ?? null) : 'owner'));
  return { edit: level === 'owner' || level === 'editor', own: level === 'owner' };
}
