/** Floor model calls: GET/PUT /api/maps/{id}/floor-model. */
import {
  ErrorBody,
  FLOOR_MODEL_ERRORS,
  FLOOR_MODEL_LIMITS,
  FloorModelBody,
  FloorModelResponse,
  IdParams,
} from '@rtls/contract';
import { badRequest, HttpError } from '../../lib/errors.ts';
import type { FloorModelsService } from './service.ts';
import { nonNumberIn } from './validate.ts';
import type { ServiceRoutes } from '../../lib/resource-routes.ts';

const tags = ['floor model'];

export const floorModelRoutes: ServiceRoutes<FloorModelsService> = async (app, { service }) => {
  // A body over the limit is answered with what the limit is; everything else as on every route.
  app.setErrorHandler((err) => {
    if ((err as { code?: unknown }).code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      throw new HttpError(413, FLOOR_MODEL_ERRORS.tooLarge.en);
    throw err;
  });

  app.get(
    '/api/maps/:id/floor-model',
    {
      schema: {
        tags,
        summary: "The map's walls, doors and walkable outline (anyone who may read the map)",
        params: IdParams,
        response: { 200: FloorModelResponse, 404: ErrorBody },
      },
    },
    async (req) => ({ success: true as const, ...(await service.get(req.user.id, req.params.id)) }),
  );

  app.put(
    '/api/maps/:id/floor-model',
    {
      bodyLimit: FLOOR_MODEL_LIMITS.maxBodyBytes,
      // Before the schema, which would read null as 0 and "12" as 12.
      preValidation: async (req) => {
        const bad = nonNumberIn(req.body);
        if (bad) throw badRequest(bad);
      },
      schema: {
        tags,
        summary: "Replace the map's floor model (owners and editors)",
        params: IdParams,
        body: FloorModelBody,
        response: {
          200: FloorModelResponse,
          400: ErrorBody,
          403: ErrorBody,
          404: ErrorBody,
          413: ErrorBody,
        },
      },
    },
    async (req) => ({
      success: true as const,
      ...(await service.replace(req.user.id, req.params.id, req.body)),
    }),
  );
};
