/** Zone calls: GET/POST /api/maps/{id}/zones, PUT/DELETE /api/maps/{id}/zones/{zoneId}. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  MapZoneParams,
  ZoneCreateBody,
  ZoneResponse,
  ZonesResponse,
  ZoneUpdateBody,
} from '@rtls/contract';
import { mapItemRoutes } from '../../lib/resource-routes.ts';
import type { ZonesService } from './service.ts';

export const zoneRoutes: FastifyPluginAsyncTypebox<{ service: ZonesService }> = async (
  app,
  { service },
) => {
  mapItemRoutes(
    app,
    { noun: 'zone', plural: 'zones', tags: ['zones'] },
    {
      list: ZonesResponse,
      one: ZoneResponse,
      itemParams: MapZoneParams,
      createBody: ZoneCreateBody,
      updateBody: ZoneUpdateBody,
    },
    service,
  );
};
