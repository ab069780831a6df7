/** POST /api/imports/espresense: build maps and placed gateways from a companion config.yaml. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody } from '@rtls/contract';
import { Type } from '@sinclair/typebox';
import { badRequest } from '../../lib/errors.ts';
import { ConfigError } from './espresense-config.ts';
import type { ImportsService } from './service.ts';

const Placed = Type.Object({ x: Type.Number(), y: Type.Number() });
const ImportResponse = Type.Object({
  success: Type.Literal(true),
  maps: Type.Array(
    Type.Object({
      _id: Type.String(),
      name: Type.String(),
      floor: Type.String(),
      gateways: Type.Integer(),
    }),
  ),
  gateways: Type.Array(
    Type.Object({
      mac: Type.String(),
      name: Type.String(),
      mapId: Type.String(),
      position: Placed,
    }),
  ),
  skipped: Type.Array(Type.Object({ name: Type.String(), reason: Type.String() })),
});

export const importRoutes: FastifyPluginAsyncTypebox<{ service: ImportsService }> = async (
  app,
  { service },
) => {
  app.post(
    '/api/imports/espresense',
    {
      bodyLimit: 1024 * 1024,
      schema: {
        tags: ['imports'],
        summary: 'Import an ESPresense-companion config.yaml: a map per floor, nodes as gateways',
        body: Type.Object({ config: Type.String({ minLength: 1, maxLength: 1_000_000 }) }),
        response: { 200: ImportResponse, 400: ErrorBody },
      },
    },
    async (req) => {
      try {
        return {
          success: true as const,
          ...(await service.espresense(req.user.id, req.body.config)),
        };
      } catch (err) {
        if (err instanceof ConfigError) throw badRequest(err.message);
        throw err;
      }
    },
  );
};
