/** Gateway calls, keyed by MAC; map-scoped calls need edit rights on the map. */
import {
  GatewayCreateBody,
  GatewayMonitorBody,
  GatewayResponse,
  GatewaySettingsBody,
  GatewaysResponse,
  GatewayUpdateBody,
  MacParams,
} from '@rtls/contract';
import { answer } from '../../lib/answers.ts';
import { Type } from '@sinclair/typebox';
import { byId, editRoutes, listRoutes, monitorRoutes } from '../../lib/resource-routes.ts';
import type { ServiceRoutes } from '../../lib/resource-routes.ts';
import type { GatewaysService } from './service.ts';

const tags = ['gateways'];
const MapParams = Type.Object({ mapId: Type.String({ minLength: 1, maxLength: 64 }) });
const MapGatewayParams = Type.Object({
  mapId: Type.String({ minLength: 1, maxLength: 64 }),
  gatewayId: Type.String({ minLength: 1, maxLength: 64 }),
});

export const gatewayRoutes: ServiceRoutes<GatewaysService> = async (app, { service }) => {
  const url = '/api/gateways';
  listRoutes(
    app,
    'gateways',
    { tags, response: GatewaysResponse },
    {
      [url]: service.all,
      [`${url}/monitored`]: service.monitored,
      [`${url}/user/all`]: service.userAll,
    },
  );
  const one = GatewayResponse;
  const item = { tags, url, itemUrl: `${url}/:id`, itemParams: MacParams, one };
  editRoutes(
    app,
    'gateway',
    { ...item, createBody: GatewayCreateBody, updateBody: GatewayUpdateBody },
    byId(service),
  );
  app.patch(
    '/api/gateways/:id/settings',
    { schema: { tags, params: MacParams, body: GatewaySettingsBody, response: { 200: one } } },
    async (req) =>
      answer('gateway', await service.updateSettings(req.user.id, req.params.id, req.body)),
  );
  monitorRoutes(
    app,
    'gateway',
    { tags, url, params: MacParams, body: GatewayMonitorBody, one },
    service,
  );

  app.get(
    '/api/gateways/map/:mapId',
    { schema: { tags, params: MapParams, response: { 200: GatewaysResponse } } },
    async (req) => answer('gateways', await service.onMap(req.user.id, req.params.mapId)),
  );
  editRoutes(
    app,
    'gateway',
    {
      ...item,
      url: `${url}/map/:mapId`,
      itemUrl: `${url}/map/:mapId/:gatewayId`,
      params: MapParams,
      itemParams: MapGatewayParams,
      createBody: GatewayCreateBody,
      updateBody: GatewayUpdateBody,
    },
    {
      create: (userId, { mapId }, body) => service.addToMap(userId, mapId, body),
      update: (userId, { mapId, gatewayId }, body) =>
        service.updateOnMap(userId, mapId, gatewayId, body),
      remove: (userId, { mapId, gatewayId }) => service.removeFromMap(userId, mapId, gatewayId),
    },
  );
};
