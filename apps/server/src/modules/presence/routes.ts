/**
 * GET /api/maps/{id}/presence: every device's zone on the map now, and the occupancy (with several
 * instances, every instance's devices).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody, IdParams, PresenceResponse } from '@rtls/contract';
import type { MapsRepository } from '../maps/repository.ts';
import { mapFor } from '../zones/service.ts';
import type { PresenceService } from './service.ts';

export const presenceRoutes: FastifyPluginAsyncTypebox<{
  presence: PresenceService;
  maps: MapsRepository;
}> = async (app, { presence, maps }) => {
  app.get(
    '/api/maps/:id/presence',
    {
      schema: {
        tags: ['zones'],
        summary: "Each device's zone on the map now (anyone who may read the map)",
        params: IdParams,
        response: { 200: PresenceResponse, 404: ErrorBody },
      },
    },
    async (req) => {
      await mapFor(maps, req.user.id, req.params.id, 'read');
      const map = await presence.map(req.params.id);
      if (!map) {
        const at = new Date().toISOString();
        const occupancy = { mapId: req.params.id, zones: [], unknown: 0, at };
        return { success: true as const, presence: [], occupancy };
      }
      return { success: true as const, ...(await presence.current(map)) };
    },
  );
};
