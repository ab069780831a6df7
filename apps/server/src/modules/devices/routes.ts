/** Device calls, keyed by MAC (a device id in any case, with or without separators, or its _id). */
import {
  DeviceCreateBody,
  DeviceMonitorBody,
  DeviceResponse,
  DevicesResponse,
  DeviceUpdateBody,
  MacParams,
} from '@rtls/contract';
import { byId, editRoutes, listRoutes, monitorRoutes } from '../../lib/resource-routes.ts';
import type { ServiceRoutes } from '../../lib/resource-routes.ts';
import type { DevicesService } from './service.ts';

export const deviceRoutes: ServiceRoutes<DevicesService> = async (app, { service }) => {
  const tags = ['devices'];
  const url = '/api/devices';
  listRoutes(
    app,
    'devices',
    { tags, response: DevicesResponse },
    {
      [url]: service.all,
      [`${url}/monitored`]: service.monitored,
    },
  );
  const one = DeviceResponse;
  const item = { tags, url, itemUrl: `${url}/:id`, itemParams: MacParams, one };
  editRoutes(
    app,
    'device',
    { ...item, createBody: DeviceCreateBody, updateBody: DeviceUpdateBody },
    byId(service),
  );
  monitorRoutes(
    app,
    'device',
    { tags, url, params: MacParams, body: DeviceMonitorBody, one },
    service,
  );
};
