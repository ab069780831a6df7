/** Zone calls: GET/POST /api/maps/{id}/zones, PUT/DELETE /api/maps/{id}/zones/{zoneId}. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorBody,
  IdParams,
  MapZoneParams,
  SuccessResponse,
  ZoneCreateBody,
  ZoneResponse,
  ZonesResponse,
  ZoneUpdateBody,
} from '@rtls/contract';
import type { ZonesService } from './service.ts';
import { answer, done } from '../../lib/answers.ts';

const tags = ['zones'];
const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody };

export const zoneRoutes: FastifyPluginAsyncTypebox<{ service: ZonesService }> = async (
  app,
  { service },
) => {
  app.get(
    '/api/maps/:id/zones',
    {
      schema: {
        tags,
        summary: "The map's zones (anyone who may read the map)",
        params: IdParams,
        response: { 200: ZonesResponse, 404: ErrorBody },
      },
    },
    async (req) => answer('zones', await service.list(req.user.id, req.params.id)),
  );

  app.post(
    '/api/maps/:id/zones',
    {
      schema: {
        tags,
        summary: 'Create a zone (owners and editors)',
        params: IdParams,
        body: ZoneCreateBody,
        response: { 201: ZoneResponse, ...errors, 409: ErrorBody },
      },
    },
    async (req, reply) =>
      reply
        .code(201)
        .send(answer('zone', await service.create(req.user.id, req.params.id, req.body))),
  );

  app.put(
    '/api/maps/:id/zones/:zoneId',
    {
      schema: {
        tags,
        summary: 'Edit a zone (owners and editors)',
        params: MapZoneParams,
        body: ZoneUpdateBody,
        response: { 200: ZoneResponse, ...errors },
      },
    },
    async (req) =>
      answer('zone', await service.update(req.user.id, req.params.id, req.params.zoneId, req.body)),
  );

  app.delete(
    '/api/maps/:id/zones/:zoneId',
    {
      schema: {
        tags,
        summary: 'Delete a zone (owners and editors)',
        params: MapZoneParams,
        response: { 200: SuccessResponse, ...errors },
      },
    },
    async (req) => done(service.remove(req.user.id, req.params.id, req.params.zoneId)),
  );
};
