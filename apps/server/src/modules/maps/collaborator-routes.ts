/**
 * Collaborator calls; the owner manages them, a collaborator may leave. Every call names
 * the collaborator the same way: user id, e-mail or user name.
 */
import {
  CollaboratorBody,
  CollaboratorResponse,
  CollaboratorRoleBody,
  CollaboratorsResponse,
  IdParams,
  SuccessResponse,
  type Collaborator,
  type CollaboratorRole,
} from '@rtls/contract';
import { answer, done } from '../../lib/answers.ts';
import { Type } from '@sinclair/typebox';
import type { CollaboratorRow } from './repository.ts';
import type { MapsService } from './service.ts';
import type { ServiceRoutes } from '../../lib/resource-routes.ts';

const present = (c: CollaboratorRow): Collaborator => ({
  userId: c.user_id,
  role: c.role,
  email: c.email,
  name: [c.first_name, c.last_name].filter(Boolean).join(' '),
  slug: c.slug,
  addedAt: new Date(c.created_at).toISOString(),
});

const tags = ['collaborators'];
const UserParams = Type.Object({
  ...IdParams.properties,
  // Named like in the POST body: user id, e-mail or user name.
  userId: CollaboratorBody.properties.userId,
});

export const collaboratorRoutes: ServiceRoutes<MapsService> = async (app, { service }) => {
  /** Add a collaborator or change their role (user id, e-mail or user name); the answer. */
  const setCollaborator = async (
    callerId: string,
    mapId: string,
    userRef: string,
    role: CollaboratorRole,
  ) =>
    answer('collaborator', present(await service.setCollaborator(callerId, mapId, userRef, role)));
  app.get(
    '/api/maps/:id/collaborators',
    { schema: { tags, params: IdParams, response: { 200: CollaboratorsResponse } } },
    async (req) =>
      answer(
        'collaborators',
        (await service.collaborators(req.user.id, req.params.id)).map(present),
      ),
  );

  app.post(
    '/api/maps/:id/collaborators',
    {
      schema: {
        tags,
        params: IdParams,
        body: CollaboratorBody,
        response: { 201: CollaboratorResponse },
      },
    },
    async (req, reply) =>
      reply
        .code(201)
        .send(await setCollaborator(req.user.id, req.params.id, req.body.userId, req.body.role)),
  );

  app.get(
    '/api/maps/:id/collaborators/:userId',
    { schema: { tags, params: UserParams, response: { 200: CollaboratorResponse } } },
    async (req) =>
      answer(
        'collaborator',
        present(await service.collaborator(req.user.id, req.params.id, req.params.userId)),
      ),
  );

  app.put(
    '/api/maps/:id/collaborators/:userId',
    {
      schema: {
        tags,
        params: UserParams,
        body: CollaboratorRoleBody,
        response: { 200: CollaboratorResponse },
      },
    },
    async (req) => setCollaborator(req.user.id, req.params.id, req.params.userId, req.body.role),
  );

  app.delete(
    '/api/maps/:id/collaborators/:userId',
    { schema: { tags, params: UserParams, response: { 200: SuccessResponse } } },
    async (req) => done(service.removeCollaborator(req.user.id, req.params.id, req.params.userId)),
  );
};
