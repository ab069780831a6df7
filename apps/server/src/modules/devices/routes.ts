/** Device calls, keyed by MAC (a device id in any case, with or without separators, or its _id). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  DeviceCreateBody,
  DeviceMonitorBody,
  DeviceResponse,
  DevicesResponse,
  DeviceUpdateBody,
  MacParams,
  SuccessResponse,
} from '@rtls/contract';
import { answer, done } from '../../lib/answers.ts';
import type { DevicesService } from './service.ts';

const tags = ['devices'];

export const deviceRoutes: FastifyPluginAsyncTypebox<{ service: DevicesService }> = async (
  app,
  { service },
) => {
  const list = { schema: { tags, response: { 200: DevicesResponse } } };
  const one = { 200: DeviceResponse };
  app.get('/api/devices', list, async (req) => answer('devices', await service.all(req.user.id)));
  app.get('/api/devices/monitored', list, async (req) =>
    answer('devices', await service.monitored(req.user.id)),
  );

  app.post(
    '/api/devices',
    { schema: { tags, body: DeviceCreateBody, response: { 201: DeviceResponse } } },
    async (req, reply) =>
      reply.code(201).send(answer('device', await service.create(req.user.id, req.body))),
  );

  app.put(
    '/api/devices/:id',
    { schema: { tags, params: MacParams, body: DeviceUpdateBody, response: one } },
    async (req) => answer('device', await service.update(req.user.id, req.params.id, req.body)),
  );

  app.delete(
    '/api/devices/:id',
    { schema: { tags, params: MacParams, response: { 200: SuccessResponse } } },
    async (req) => done(service.remove(req.user.id, req.params.id)),
  );

  app.post(
    '/api/devices/monitor/:id',
    { schema: { tags, params: MacParams, body: DeviceMonitorBody, response: one } },
    async (req) =>
      answer('device', await service.monitor(req.user.id, req.params.id, req.body ?? {})),
  );

  app.delete(
    '/api/devices/monitor/:id',
    { schema: { tags, params: MacParams, response: one } },
    async (req) => answer('device', await service.unmonitor(req.user.id, req.params.id)),
  );
};
