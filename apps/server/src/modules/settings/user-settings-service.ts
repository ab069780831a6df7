/** User settings: stored as one config document per user, defaults filled on read. */
import {
  DEFAULT_TOOLTIP_FIELDS,
  DEFAULT_TRAIL_VIEW,
  DEFAULT_TRIANGULATION,
  DEFAULT_VIEW_OPTIONS,
  type TooltipField,
  type UserSettings,
  type UserSettingsUpdate,
} from '@rtls/contract';
import type { Sql } from '../../lib/db.ts';

type Stored = Partial<Omit<UserSettings, 'userId'>>;

/** Fill what is missing with the contract's defaults; keep each tooltip field id once. */
export function withDefaults(userId: string, stored: Stored): UserSettings {
  const fields = new Map<string, TooltipField>(DEFAULT_TOOLTIP_FIELDS.map((f) => [f.id, { ...f }]));
  for (const f of stored.tooltipFields ?? []) fields.set(f.id, { ...fields.get(f.id)!, ...f });
  return {
    userId,
    viewOptions: { ...DEFAULT_VIEW_OPTIONS, ...stored.viewOptions },
    tooltipFields: [...fields.values()].sort((a, b) => a.order - b.order),
    triangulation: { ...DEFAULT_TRIANGULATION, ...stored.triangulation },
    trails: { ...DEFAULT_TRAIL_VIEW, ...stored.trails },
  };
}

/** `triangulationChanged` hears of a user's saved triangulation settings (their maps re-locate). */
export function userSettingsService(
  sql: Sql,
  triangulationChanged: (userId: string) => void = () => undefined,
) {
  async function read(userId: string): Promise<Stored> {
    const rows = await sql.query<{ config: Stored }>(
      'select config from user_settings where user_id = $1',
      [userId],
    );
    return rows[0]?.config ?? {};
  }

  async function write(userId: string, patch: UserSettingsUpdate): Promise<UserSettings> {
    return sql.transaction(async (tx) => {
      const rows = await tx.query<{ config: Stored }>(
        'select config from user_settings where user_id = $1 for update',
        [userId],
      );
      const prev = rows[0]?.config ?? {};
      const next: Stored = {
        viewOptions: { ...DEFAULT_VIEW_OPTIONS, ...prev.viewOptions, ...patch.viewOptions },
        tooltipFields: patch.tooltipFields ?? prev.tooltipFields,
        triangulation: { ...DEFAULT_TRIANGULATION, ...prev.triangulation, ...patch.triangulation },
        trails: { ...DEFAULT_TRAIL_VIEW, ...prev.trails, ...patch.trails },
      };
      await tx.query(
        `insert into user_settings (user_id, config) values ($1, $2::jsonb)
         on conflict (user_id) do update set config = excluded.config, updated_at = now()`,
        [userId, JSON.stringify(next)],
      );
      return withDefaults(userId, next);
    });
  }

  return {
    get: async (userId: string) => withDefaults(userId, await read(userId)),
    async update(userId: string, patch: UserSettingsUpdate): Promise<UserSettings> {
      const saved = await write(userId, patch);
      if (patch.triangulation) triangulationChanged(userId);
      return saved;
    },
  };
}
export type UserSettingsService = ReturnType<typeof userSettingsService>;
