/** Collaborator calls: list, add (by user id, e-mail or slug), change role, remove. */
import type { CollaboratorResponse, CollaboratorRole, CollaboratorsResponse } from '@rtls/contract';
import { apiRequest } from './http.ts';

const path = (mapId: string, userId?: string) =>
  `/maps/${encodeURIComponent(mapId)}/collaborators` +
  (userId === undefined ? '' : `/${encodeURIComponent(userId)}`);

export const fetchCollaborators = async (mapId: string) =>
  (await apiRequest<CollaboratorsResponse>(path(mapId), { error: 'fetchCollaborators' }))
    .collaborators;

export const addCollaborator = async (mapId: string, userId: string, role: CollaboratorRole) =>
  (
    await apiRequest<CollaboratorResponse>(path(mapId), {
      method: 'POST',
      body: { userId, role },
      error: 'addCollaborator',
    })
  ).collaborator;

export const updateCollaborator = async (mapId: string, userId: string, role: CollaboratorRole) =>
  (
    await apiRequest<CollaboratorResponse>(path(mapId, userId), {
      method: 'PUT',
      body: { role },
      error: 'updateCollaborator',
    })
  ).collaborator;

export const removeCollaborator = async (mapId: string, userId: string) => {
  await apiRequest(path(mapId, userId), { method: 'DELETE', error: 'removeCollaborator' });
};
