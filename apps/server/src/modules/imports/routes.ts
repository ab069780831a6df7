/** POST /api/imports/espresense: build maps and placed gateways from a companion config.yaml. */
import { EspresenseImportBody, EspresenseImportResponse, ErrorBody } from '@rtls/contract';
import { badRequest } from '../../lib/errors.ts';
import { ConfigError } from './espresense-config.ts';
import type { ImportsService } from './service.ts';
import type { ServiceRoutes } from '../../lib/resource-routes.ts';

export const importRoutes: ServiceRoutes<ImportsService> = async (app, { service }) => {
  app.post(
    '/api/imports/espresense',
    {
      bodyLimit: 1024 * 1024,
      schema: {
        tags: ['imports'],
        summary: 'Import an ESPresense-companion config.yaml: a map per floor, nodes as gateways',
        body: EspresenseImportBody,
        response: { 200: EspresenseImportResponse, 400: ErrorBody },
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
