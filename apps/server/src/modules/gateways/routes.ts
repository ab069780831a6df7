/** Gateway calls, keyed by MAC; map-scoped calls need edit rights on the map. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  GatewayCreateBody,
  GatewayMonitorBody,
  GatewayResponse,
  GatewaySettingsBody,
  GatewaysResponse,
  GatewayUpdateBody,
  MacParams,
  SuccessResponse,
} from '@rtls/contract';
import { answer, done } from '../../lib/answers.ts';
import { Type } from '@sinclair/typebox';
import type { GatewaysService } from './service.ts';

const tags = ['gateways'];
const MapParams = Type.Object({ mapId: Type.String({ minLength: 1, maxLength: 64 }) });
const MapGatewayParams = Type.Object({
  mapId: Type.String({ minLength: 1, maxLength: 64 }),
  gatewayId: Type.String({ minLength: 1, maxLength: 64 }),
});

export const gatewayRoutes: FastifyPluginAsyncTypebox<{ service: GatewaysService }> = async (
  app,
  { service },
) => {
  const list = { schema: { tags, response: { 200: GatewaysResponse } } };
  const one = { 200: GatewayResponse };

  app.get('/api/gateways', list, async (req) => answer('gateways', await service.all(req.user.id)));
  app.get('/api/gateways/monitored', list, async (req) =>
    answer('gateways', await service.monitored(req.user.id)),
  );
  app.get('/api/gateways/user/all', list, async (req) =>
    answer('gateways', await service.userAll(req.user.id)),
  );

  app.post(
    '/api/gateways',
    { schema: { tags, body: GatewayCreateBody, response: { 201: GatewayResponse } } },
    async (req, reply) =>
      reply.code(201).send(answer('gateway', await service.create(req.user.id, req.body))),
  );
  app.put(
    '/api/gateways/:id',
    { schema: { tags, params: MacParams, body: GatewayUpdateBody, response: one } },
    async (req) => answer('gateway', await service.update(req.user.id, req.params.id, req.body)),
  );
  app.delete(
    '/api/gateways/:id',
    { schema: { tags, params: MacParams, response: { 200: SuccessResponse } } },
    async (req) => done(service.remove(req.user.id, req.params.id)),
  );
  app.patch(
    '/api/gateways/:id/settings',
    { schema: { tags, params: MacParams, body: GatewaySettingsBody, response: one } },
    async (req) =>
      answer('gateway', await service.updateSettings(req.user.id, req.params.id, req.body)),
  );

  app.post(
    '/api/gateways/monitor/:id',
    { schema: { tags, params: MacParams, body: GatewayMonitorBody, response: one } },
    async (req) =>
      answer('gateway', await service.monitor(req.user.id, req.params.id, req.body ?? {})),
  );
  app.delete(
    '/api/gateways/monitor/:id',
    { schema: { tags, params: MacParams, response: one } },
    async (req) => answer('gateway', await service.unmonitor(req.user.id, req.params.id)),
  );

  app.get(
    '/api/gateways/map/:mapId',
    { schema: { tags, params: MapParams, response: { 200: GatewaysResponse } } },
    async (req) => answer('gateways', await service.onMap(req.user.id, req.params.mapId)),
  );
  app.post(
    '/api/gateways/map/:mapId',
    {
      schema: {
        tags,
        params: MapParams,
        body: GatewayCreateBody,
        response: { 201: GatewayResponse },
      },
    },
    async (req, reply) =>
      reply
        .code(201)
        .send(answer('gateway', await service.addToMap(req.user.id, req.params.mapId, req.body))),
  );
  app.put(
    '/api/gateways/map/:mapId/:gatewayId',
    { schema: { tags, params: MapGatewayParams, body: GatewayUpdateBody, response: one } },
    async (req) =>
      answer(
        'gateway',
        await service.updateOnMap(req.user.id, req.params.mapId, req.params.gatewayId, req.body),
      ),
  );
  app.delete(
    '/api/gateways/map/:mapId/:gatewayId',
    { schema: { tags, params: MapGatewayParams, response: { 200: SuccessResponse } } },
    async (req) => done(service.removeFromMap(req.user.id, req.params.mapId, req.params.gatewayId)),
  );
};
