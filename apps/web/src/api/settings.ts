/** The console's app settings of the signed-in user: GET and PUT /settings, wrapped in `config`. */
import type { AppSettings, SettingsResponse, SettingsUpdate } from '@rtls/contract';
import { apiRequest } from './http.ts';

export const fetchAppSettings = async (): Promise<AppSettings> =>
  (await apiRequest<SettingsResponse>('/settings', { error: 'fetchSettings' })).config;

export const saveAppSettings = async (config: AppSettings): Promise<AppSettings> =>
  (
    await apiRequest<SettingsResponse>('/settings', {
      method: 'PUT',
      body: { config } satisfies SettingsUpdate,
      error: 'updateSettings',
    })
  ).config;
