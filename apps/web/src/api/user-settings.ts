/** User settings calls: view options, tooltip fields, triangulation and trails. */
import type {
  TooltipField,
  TrailView,
  TriangulationSettings,
  UserSettings,
  UserSettingsResponse,
  ViewOptionKey,
} from '@rtls/contract';
import { apiRequest } from './http.ts';

export const fetchUserSettings = async (): Promise<UserSettings> =>
  (await apiRequest<UserSettingsResponse>('/user-settings', { error: 'fetchUserSettings' }))
    .settings;

export const updateViewOption = async (key: ViewOptionKey, value: boolean) =>
  (
    await apiRequest<UserSettingsResponse>('/user-settings/view-option', {
      method: 'PATCH',
      body: { key, value },
      error: 'updateViewOption',
    })
  ).settings;

export const updateTooltipFields = async (tooltipFields: TooltipField[]) =>
  (
    await apiRequest<UserSettingsResponse>('/user-settings/tooltip-fields', {
      method: 'PATCH',
      body: { tooltipFields },
      error: 'updateTooltipFields',
    })
  ).settings;

export const updateTriangulation = async (triangulation: Partial<TriangulationSettings>) =>
  (
    await apiRequest<UserSettingsResponse>('/user-settings/triangulation', {
      method: 'PATCH',
      body: { triangulation },
      error: 'updateTriangulation',
    })
  ).settings;

/** The map's trails (whose, and over how many minutes): one part of PUT /user-settings. */
export const updateTrailView = async (trails: TrailView) =>
  (
    await apiRequest<UserSettingsResponse>('/user-settings', {
      method: 'PUT',
      body: { trails },
      error: 'updateUserSettings',
    })
  ).settings;
