/**
 * GET /api/devices/:mac/trail: a device's recent positions on one map, for customSettings.showTrail,
 * for its owner and for anyone who may read the map.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody, TrailParams, TrailQuery, TrailResponse } from '@rtls/contract';
import { notFound } from '../../lib/errors.ts';
import type { DevicesRepository } from '../devices/repository.ts';
import { pathKey } from '../devices/service.ts';
import type { MapsRepository } from '../maps/repository.ts';
import type { PositionsRepository } from './repository.ts';

export const trailRoutes: FastifyPluginAsyncTypebox<{
  trails: PositionsRepository;
  devices: DevicesRepository;
  maps: MapsRepository;
}> = async (app, { trails, devices, maps }) => {
  app.get(
    '/api/devices/:mac/trail',
    {
      schema: {
        tags: ['devices'],
        summary: 'Recent positions (map pixels) of a monitored device on one map, oldest first',
        params: TrailParams,
        querystring: TrailQuery,
        response: { 200: TrailResponse, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (req) => {
      const { mapId, minutes } = req.query;
      const key = pathKey(req.params.mac);
      const [own, map] = await Promise.all([
        devices.find(req.user.id, key),
        maps.visible(req.user.id, mapId),
      ]);
      // A reader of a shared or public map follows its owner's devices there, as on the socket;
      // anyone else's device or map answers exactly like one that does not exist.
      const device = own ?? (map ? await devices.find(map.owner_id, key) : null);
      if (!device) throw notFound('Device');
      if (!map) throw notFound('Map');
      const since = Date.now() - minutes * 60_000;
      const rows = await trails.read(device.owner_id, device.mac, mapId, since);
      return {
        success: true as const,
        data: {
          mac: device.mac,
          mapId,
          points: rows.map((r) => ({
            x: r.x,
            y: r.y,
            timestamp: new Date(r.recorded_at).toISOString(),
          })),
        },
      };
    },
  );
};
