/** Roles of spec §6: viewers never edit or delete; editors edit; owners do everything. */
import type { TrackingMap } from '@rtls/contract';

export const canEdit = (m: TrackingMap) => m.accessLevel === 'owner' || m.accessLevel === 'editor';
export const canDelete = (m: TrackingMap) => m.accessLevel === 'owner';
/** Only owners change who can see a map: public or not, and its collaborators (spec §6). */
export const canShare = (m: TrackingMap) => m.accessLevel === 'owner';
/** The tools panel keeps its edit and delete controls for owners only (spec §6). */
export const isOwner = (m: TrackingMap) => m.accessLevel === 'owner';
