/**
 * The user settings calls (/api/user-settings): view options, tooltip fields and the triangulation
 * settings the server locates that user's maps with; read, replaced, or one part updated.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  TooltipFieldsUpdate,
  TriangulationUpdate,
  UserSettingsResponse,
  UserSettingsUpdate,
  ViewOptionUpdate,
} from '@rtls/contract';
import type { UserSettingsService } from './user-settings-service.ts';

const tags = ['user-settings'];

export const userSettingsRoutes: FastifyPluginAsyncTypebox<{
  settings: UserSettingsService;
}> = async (app, { settings }) => {
  const response = { 200: UserSettingsResponse };
  const ok = (s: Awaited<ReturnType<UserSettingsService['get']>>) => ({
    success: true as const,
    settings: s,
  });

  app.get('/api/user-settings', { schema: { tags, response } }, async (req) =>
    ok(await settings.get(req.user.id)),
  );

  app.put(
    '/api/user-settings',
    { schema: { tags, body: UserSettingsUpdate, response } },
    async (req) => ok(await settings.update(req.user.id, req.body)),
  );

  app.patch(
    '/api/user-settings/view-option',
    { schema: { tags, body: ViewOptionUpdate, response } },
    async (req) =>
      ok(await settings.update(req.user.id, { viewOptions: { [req.body.key]: req.body.value } })),
  );

  app.patch(
    '/api/user-settings/tooltip-fields',
    { schema: { tags, body: TooltipFieldsUpdate, response } },
    async (req) =>
      ok(await settings.update(req.user.id, { tooltipFields: req.body.tooltipFields })),
  );

  app.patch(
    '/api/user-settings/triangulation',
    { schema: { tags, body: TriangulationUpdate, response } },
    async (req) =>
      ok(await settings.update(req.user.id, { triangulation: req.body.triangulation })),
  );
};
