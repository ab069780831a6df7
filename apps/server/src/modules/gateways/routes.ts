/** Gateway calls of spec §7 (read side; the rest grows here). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Gateway } from '@rtls/contract';
import { Type } from '@sinclair/typebox';
import { notFound } from '../../lib/errors.ts';
import type { MapsRepository } from '../maps/repository.ts';
import { presentGateway } from './presenter.ts';
import type { GatewaysRepository } from './repository.ts';

const GatewaysResponse = Type.Object({
  success: Type.Literal(true),
  gateways: Type.Array(Gateway),
});

export const gatewayRoutes: FastifyPluginAsyncTypebox<{
  gateways: GatewaysRepository;
  maps: MapsRepository;
}> = async (app, { gateways, maps }) => {
  app.get(
    '/api/gateways/monitored',
    { schema: { tags: ['gateways'], response: { 200: GatewaysResponse } } },
    async (req) => ({
      success: true as const,
      gateways: (await gateways.monitored(req.user.id)).map((g) => presentGateway(g)),
    }),
  );

  app.get(
    '/api/gateways/map/:mapId',
    {
      schema: {
        tags: ['gateways'],
        params: Type.Object({ mapId: Type.String({ minLength: 1, maxLength: 64 }) }),
        response: { 200: GatewaysResponse },
      },
    },
    async (req) => {
      if (!(await maps.visible(req.user.id, req.params.mapId))) throw notFound('Map');
      return {
        success: true as const,
        gateways: (await gateways.onMap(req.params.mapId)).map((g) => presentGateway(g)),
      };
    },
  );
};
