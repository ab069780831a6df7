/** Building calls: the caller's buildings, one building, and its create, change and delete. */
import {
  BuildingBody,
  BuildingResponse,
  BuildingsResponse,
  ErrorBody,
  IdParams,
} from '@rtls/contract';
import { answer } from '../../lib/answers.ts';
import {
  byId,
  editRoutes,
  errorAnswers,
  listRoutes,
  type ServiceRoutes,
} from '../../lib/resource-routes.ts';
import type { BuildingsService } from './service.ts';

const tags = ['buildings'];

export const buildingRoutes: ServiceRoutes<BuildingsService> = async (app, { service }) => {
  listRoutes(
    app,
    'buildings',
    { tags, response: BuildingsResponse },
    {
      '/api/buildings': (userId) => service.list(userId),
    },
  );

  app.get(
    '/api/buildings/:id',
    {
      schema: {
        tags,
        summary: 'A building with the floors the caller may read (anyone who may read one of them)',
        params: IdParams,
        response: { 200: BuildingResponse, 404: ErrorBody },
      },
    },
    async (req) => answer('building', await service.get(req.user.id, req.params.id)),
  );

  editRoutes(
    app,
    'building',
    {
      tags,
      url: '/api/buildings',
      itemUrl: '/api/buildings/:id',
      itemParams: IdParams,
      createBody: BuildingBody,
      updateBody: BuildingBody,
      one: BuildingResponse,
      summaries: {
        create: 'Group maps as the floors of a building (editors of every one of those maps)',
        update: 'Replace a building: its name, floors, stairs and lifts (editors of every floor)',
        remove: 'Delete a building; its maps stay, as maps of their own (editors of every floor)',
      },
      errors: {
        create: errorAnswers(400, 403, 404, 409),
        update: errorAnswers(400, 403, 404, 409),
        remove: errorAnswers(403, 404),
      },
    },
    byId({
      create: (userId, body) => service.create(userId, body),
      update: (userId, id, body) => service.replace(userId, id, body),
      remove: (userId, id) => service.remove(userId, id),
    }),
  );
};
