/** Map calls of spec §7 (read side and preset; the rest grows here). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  PUBLIC_MAPS_DEFAULT_LIMIT,
  PUBLIC_MAPS_DEFAULT_SKIP,
  Point,
  TrackingMap,
} from '@rtls/contract';
import { Type } from '@sinclair/typebox';
import { forbidden, notFound } from '../../lib/errors.ts';
import { presentMap } from './presenter.ts';
import type { MapsRepository } from './repository.ts';

const MapsResponse = Type.Object({ success: Type.Literal(true), maps: Type.Array(TrackingMap) });
const MapResponse = Type.Object({ success: Type.Literal(true), map: TrackingMap });
const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });

export const mapRoutes: FastifyPluginAsyncTypebox<{ maps: MapsRepository }> = async (
  app,
  { maps },
) => {
  app.get(
    '/api/maps',
    { schema: { tags: ['maps'], response: { 200: MapsResponse } } },
    async (req) => ({
      success: true as const,
      maps: (await maps.own(req.user.id)).map(presentMap),
    }),
  );

  app.get(
    '/api/maps/shared',
    { schema: { tags: ['maps'], response: { 200: MapsResponse } } },
    async (req) => ({
      success: true as const,
      maps: (await maps.shared(req.user.id)).map(presentMap),
    }),
  );

  app.get(
    '/api/maps/public',
    {
      schema: {
        tags: ['maps'],
        querystring: Type.Object({
          limit: Type.Integer({ minimum: 1, maximum: 100, default: PUBLIC_MAPS_DEFAULT_LIMIT }),
          skip: Type.Integer({ minimum: 0, default: PUBLIC_MAPS_DEFAULT_SKIP }),
        }),
        response: { 200: MapsResponse },
      },
    },
    async (req) => ({
      success: true as const,
      maps: (await maps.publicMaps(req.user.id, req.query.limit, req.query.skip)).map(presentMap),
    }),
  );

  app.get(
    '/api/maps/:id',
    { schema: { tags: ['maps'], params: IdParams, response: { 200: MapResponse } } },
    async (req) => {
      const row = await maps.visible(req.user.id, req.params.id);
      if (!row) throw notFound('Map');
      await maps.touch(row.id);
      return { success: true as const, map: presentMap(row) };
    },
  );

  app.patch(
    '/api/maps/:id/preset',
    {
      schema: {
        tags: ['maps'],
        params: IdParams,
        body: Type.Object({ center: Point, zoom: Type.Number({ minimum: 1e-5, maximum: 100 }) }),
        response: {
          200: Type.Object({
            success: Type.Literal(true),
            savedView: Type.Object({ center: Point, zoom: Type.Number() }),
          }),
        },
      },
    },
    async (req) => {
      const row = await maps.visible(req.user.id, req.params.id);
      if (!row) throw notFound('Map');
      if (row.access_level === 'viewer') throw forbidden();
      const savedView = { center: req.body.center, zoom: req.body.zoom };
      await maps.mergeSettings(row.id, { savedView });
      return { success: true as const, savedView };
    },
  );
};
