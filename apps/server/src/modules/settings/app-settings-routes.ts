/**
 * The console's app settings (GET/PUT /api/settings, wrapped in `config`): endpoint, poll interval,
 * zoom values, default image, theme and display switches; one JSON document per user (app_settings).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SettingsResponse, SettingsUpdate, type AppSettings } from '@rtls/contract';
import type { Sql } from '../../lib/db.ts';

const tags = ['settings'];

export const appSettingsRoutes: FastifyPluginAsyncTypebox<{ sql: Sql }> = async (app, { sql }) => {
  app.get(
    '/api/settings',
    { schema: { tags, response: { 200: SettingsResponse } } },
    async (req) => {
      const rows = await sql.query<{ config: AppSettings }>(
        'select config from app_settings where user_id = $1',
        [req.user.id],
      );
      return { success: true as const, config: rows[0]?.config ?? {} };
    },
  );

  app.put(
    '/api/settings',
    { schema: { tags, body: SettingsUpdate, response: { 200: SettingsResponse } } },
    async (req) => {
      const rows = await sql.query<{ config: AppSettings }>(
        `insert into app_settings (user_id, config) values ($1, $2::jsonb)
         on conflict (user_id) do update set config = app_settings.config || excluded.config, updated_at = now()
         returning config`,
        [req.user.id, JSON.stringify(req.body.config)],
      );
      return { success: true as const, config: rows[0]!.config };
    },
  );
};
