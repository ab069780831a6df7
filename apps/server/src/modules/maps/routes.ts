/** Map calls: lists, get, create, update, delete, duplicate, preset, live devices. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorBody,
  IdParams,
  MapCreateBody,
  type Device,
  MapDevicesResponse,
  MapPresetBody,
  MapPresetResponse,
  MapResponse,
  MapsResponse,
  MapUpdateBody,
  PublicMapsQuery,
  SuccessResponse,
} from '@rtls/contract';
import { answer, done } from '../../lib/answers.ts';
import { notFound } from '../../lib/errors.ts';
import { presentMap } from './presenter.ts';
import type { MapsRepository } from './repository.ts';
import type { MapsService } from './service.ts';

const tags = ['maps'];

export const mapRoutes: FastifyPluginAsyncTypebox<{
  maps: MapsRepository;
  service: MapsService;
  /** The devices located on a map now, as the reader may see them (the caller may read the map). */
  devicesOnMap: (readerId: string, mapId: string) => Promise<Device[]>;
}> = async (app, { maps, service, devicesOnMap }) => {
  const list = { schema: { tags, response: { 200: MapsResponse } } };
  const one = { 200: MapResponse };
  app.get('/api/maps', list, async (req) =>
    answer('maps', (await maps.own(req.user.id)).map(presentMap)),
  );

  app.get('/api/maps/shared', list, async (req) =>
    answer('maps', (await maps.shared(req.user.id)).map(presentMap)),
  );

  app.get(
    '/api/maps/public',
    { schema: { tags, querystring: PublicMapsQuery, response: { 200: MapsResponse } } },
    async (req) =>
      answer(
        'maps',
        (await maps.publicMaps(req.user.id, req.query.limit, req.query.skip)).map(presentMap),
      ),
  );

  app.get('/api/maps/:id', { schema: { tags, params: IdParams, response: one } }, async (req) => {
    const row = await maps.visible(req.user.id, req.params.id);
    if (!row) throw notFound('Map');
    // The answer counts this opening too: its count and time, as the next list will show them.
    const touched = await maps.touch(row.id);
    return answer('map', presentMap({ ...row, ...touched }));
  });

  app.get(
    '/api/maps/:id/devices',
    {
      schema: {
        tags,
        summary: 'The devices located on this map now, with their position on it',
        params: IdParams,
        response: { 200: MapDevicesResponse, 404: ErrorBody },
      },
    },
    async (req) => {
      // A map the caller may not read answers like one that does not exist.
      if (!(await maps.visible(req.user.id, req.params.id))) throw notFound('Map');
      return answer('devices', await devicesOnMap(req.user.id, req.params.id));
    },
  );

  app.post(
    '/api/maps',
    { schema: { tags, body: MapCreateBody, response: { 201: MapResponse } } },
    async (req, reply) =>
      reply.code(201).send(answer('map', await service.create(req.user.id, req.body))),
  );

  app.put(
    '/api/maps/:id',
    { schema: { tags, params: IdParams, body: MapUpdateBody, response: one } },
    async (req) => answer('map', await service.update(req.user.id, req.params.id, req.body)),
  );

  app.delete(
    '/api/maps/:id',
    { schema: { tags, params: IdParams, response: { 200: SuccessResponse } } },
    async (req) => done(service.remove(req.user.id, req.params.id)),
  );

  app.post(
    '/api/maps/:id/duplicate',
    { schema: { tags, params: IdParams, response: { 201: MapResponse } } },
    async (req, reply) =>
      reply.code(201).send(answer('map', await service.duplicate(req.user.id, req.params.id))),
  );

  app.patch(
    '/api/maps/:id/preset',
    {
      schema: { tags, params: IdParams, body: MapPresetBody, response: { 200: MapPresetResponse } },
    },
    async (req) =>
      answer('savedView', await service.savePreset(req.user.id, req.params.id, req.body)),
  );
};
