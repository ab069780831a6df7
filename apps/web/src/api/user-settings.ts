/** User settings calls of spec §7: view options, tooltip fields and triangulation. */
import type {
  TooltipField,
  TriangulationSettings,
  UserSettings,
  ViewOptionKey,
} from '@rtls/contract';
import { apiRequest } from './http.ts';

type Answer = { settings: UserSettings };

export const fetchUserSettings = async (): Promise<UserSettings> =>
  (await apiRequest<Answer>('/user-settings', { error: 'fetchUserSettings' })).settings;

export const updateViewOption = async (key: ViewOptionKey, value: boolean) =>
  (
    await apiRequest<Answer>('/user-settings/view-option', {
      method: 'PATCH',
      body: { key, value },
      error: 'updateViewOption',
    })
  ).settings;

export const updateTooltipFields = async (tooltipFields: TooltipField[]) =>
  (
    await apiRequest<Answer>('/user-settings/tooltip-fields', {
      method: 'PATCH',
      body: { tooltipFields },
      error: 'updateTooltipFields',
    })
  ).settings;

export const updateTriangulation = async (triangulation: Partial<TriangulationSettings>) =>
  (
    await apiRequest<Answer>('/user-settings/triangulation', {
      method: 'PATCH',
      body: { triangulation },
      error: 'updateTriangulation',
    })
  ).settings;
