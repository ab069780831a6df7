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
} from '@rtls/contract';
import { answer } from '../../lib/answers.ts';
import { byId, editRoutes, listRoutes } from '../../lib/resource-routes.ts';
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
  listRoutes(
    app,
    'maps',
    { tags, response: MapsResponse },
    {
      '/api/maps': async (userId) => (await maps.own(userId)).map(presentMap),
      '/api/maps/shared': async (userId) => (await maps.shared(userId)).map(presentMap),
    },
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

  app.get(
    '/api/maps/:id',
    { schema: { tags, params: IdParams, response: { 200: MapResponse } } },
    async (req) => {
      const row = await maps.visible(req.user.id, req.params.id);
      if (!row) throw notFound('Map');
      // The answer counts this opening too: its count and time, as the next list will show them.
      const touched = await maps.touch(row.id);
      return answer('map', presentMap({ ...row, ...touched }));
    },
  );

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

  editRoutes(
    app,
    'map',
    {
      tags,
      url: '/api/maps',
      itemUrl: '/api/maps/:id',
      itemParams: IdParams,
      createBody: MapCreateBody,
      updateBody: MapUpdateBody,
      one: MapResponse,
    },
    byId(service),
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
