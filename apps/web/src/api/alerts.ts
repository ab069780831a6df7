/** Alerts of the maps the user can read: list by state, acknowledge (one or many), resolve. */
import type {
  AlertResponse,
  AlertState,
  AlertsAcknowledgeBody,
  AlertsResponse,
} from '@rtls/contract';
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

/** Acknowledge these open alerts (or every open one the user may acknowledge) in one call. */
export const acknowledgeAlerts = async (body: AlertsAcknowledgeBody) =>
  (
    await apiRequest<AlertsResponse>('/alerts/acknowledge', {
      method: 'POST',
      body,
      error: 'acknowledgeAlert',
    })
  ).alerts;

export const resolveAlert = async (id: string) =>
  (
    await apiRequest<AlertResponse>(`/alerts/${key(id)}/resolve`, {
      method: 'POST',
      error: 'resolveAlert',
    })
  ).alert;
