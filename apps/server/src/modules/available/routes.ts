/** Devices and gateways the account's gateways have heard (monitored or not), and the sync calls. */
import {
  AvailableDevicesResponse,
  AvailableGatewaysQuery,
  AvailableGatewaysResponse,
  SyncStatusResponse,
} from '@rtls/contract';
import type { AvailableService } from './service.ts';
import type { ServiceRoutes } from '../../lib/resource-routes.ts';

const tags = ['available'];

export const availableRoutes: ServiceRoutes<AvailableService> = async (app, { service }) => {
  const status = { schema: { tags, response: { 200: SyncStatusResponse } } };
  const ok = (userId: string) => ({ success: true as const, status: service.status(userId) });

  app.get(
    '/api/available/devices',
    { schema: { tags, response: { 200: AvailableDevicesResponse } } },
    async (req) => ({
      success: true as const,
      devices: await service.devices(req.user.id),
    }),
  );

  app.get(
    '/api/available/gateways',
    {
      schema: {
        tags,
        querystring: AvailableGatewaysQuery,
        response: { 200: AvailableGatewaysResponse },
      },
    },
    async (req) => ({
      success: true as const,
      gateways: await service.gateways(req.user.id, req.query.lastSeenDays),
    }),
  );

  app.post('/api/available/sync', status, async (req) => {
    await service.sync(req.user.id);
    return ok(req.user.id);
  });
  app.get('/api/available/status', status, async (req) => ok(req.user.id));
  app.post('/api/available/sync/start', status, async (req) => {
    service.startPeriodic(req.user.id);
    await service.sync(req.user.id);
    return ok(req.user.id);
  });
  app.post('/api/available/sync/stop', status, async (req) => {
    service.stopPeriodic(req.user.id);
    return ok(req.user.id);
  });
};
