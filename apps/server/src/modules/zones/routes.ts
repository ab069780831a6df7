/** Zone calls: GET/POST /api/maps/{id}/zones, PUT/DELETE /api/maps/{id}/zones/{zoneId}. */
import {
  MapZoneParams,
  ZoneCreateBody,
  ZoneResponse,
  ZonesResponse,
  ZoneUpdateBody,
} from '@rtls/contract';
import { mapItemRoutes, type ServiceRoutes } from '../../lib/resource-routes.ts';
import type { ZonesService } from './service.ts';

export const zoneRoutes: ServiceRoutes<ZonesService> = async (app, { service }) => {
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
