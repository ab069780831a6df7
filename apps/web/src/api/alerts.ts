/** Alerts of the maps the user can read: list by state, acknowledge, resolve. */
import type { AlertResponse, AlertState, AlertsResponse } from '@rtls/contract';
import { apiRequest } from './http.ts';

const key = (id: string) => encodeURIComponent(id);

export const fetchAlerts = async (query: { state?: AlertState; mapId?: string; limit?: number }) =>
  (await apiRequest<AlertsResponse>('/alerts', { query, error: 'fetchAlerts' })).alerts;

export const acknowledgeAlert = async (id: string) =>
  (
    await apiRequest<AlertResponse>(`/alerts/${key(id)}/acknowledge`, {
      method: 'POST',
      error: 'acknowledgeAlert',
    })
  ).alert;

export const resolveAlert = async (id: string) =>
  (
    await apiRequest<AlertResponse>(`/alerts/${key(id)}/resolve`, {
      method: 'POST',
      error: 'resolveAlert',
    })
  ).alert;
