/** App/view settings calls of spec §7: GET /settings and PUT /settings, wrapped in `config`. */
import type { AppSettings } from '@rtls/contract';
import { apiRequest } from './http.ts';

export const fetchAppSettings = async (): Promise<AppSettings> =>
  (await apiRequest<{ config: AppSettings }>('/settings', { error: 'fetchSettings' })).config;

export const saveAppSettings = async (config: AppSettings): Promise<AppSettings> =>
  (
    await apiRequest<{ config: AppSettings }>('/settings', {
      method: 'PUT',
      body: { config },
      error: 'updateSettings',
    })
  ).config;
