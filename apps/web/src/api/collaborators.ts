/** Collaborator calls of spec §7: list, add (by user id, e-mail or slug), change role, remove. */
import type { Collaborator, CollaboratorRole } from '@rtls/contract';
import { apiRequest } from './http.ts';

type ListBody = { success: boolean; collaborators: Collaborator[] };
type OneBody = { success: boolean; collaborator: Collaborator };

const path = (mapId: string, userId?: string) =>
  `/maps/${encodeURIComponent(mapId)}/collaborators` +
  (userId === undefined ? '' : `/${encodeURIComponent(userId)}`);

export const fetchCollaborators = async (mapId: string) =>
  (await apiRequest<ListBody>(path(mapId), { error: 'fetchCollaborators' })).collaborators;

export const addCollaborator = async (mapId: string, userId: string, role: CollaboratorRole) =>
  (
    await apiRequest<OneBody>(path(mapId), {
      method: 'POST',
      body: { userId, role },
      error: 'addCollaborator',
    })
  ).collaborator;

export const updateCollaborator = async (mapId: string, userId: string, role: CollaboratorRole) =>
  (
    await apiRequest<OneBody>(path(mapId, userId), {
      method: 'PUT',
      body: { role },
      error: 'updateCollaborator',
    })
  ).collaborator;

export const removeCollaborator = async (mapId: string, userId: string) => {
  await apiRequest(path(mapId, userId), { method: 'DELETE', error: 'removeCollaborator' });
};
