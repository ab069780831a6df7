/** Alerts of the maps the user can read: list by status, acknowledge, resolve. */
import type { Alert, AlertStatus } from '../features/alerts/alert-types.ts';
import { apiRequest } from './http.ts';

const key = (id: string) => encodeURIComponent(id);

export const fetchAlerts = async (query: { status?: AlertStatus; limit?: number } = {}) =>
  (await apiRequest<{ alerts: Alert[] }>('/alerts', { query, error: 'default' })).alerts;

export const acknowledgeAlert = async (id: string) =>
  (
    await apiRequest<{ alert: Alert }>(`/alerts/${key(id)}/acknowledge`, {
      method: 'POST',
      error: 'default',
    })
  ).alert;

export const resolveAlert = async (id: string) =>
  (
    await apiRequest<{ alert: Alert }>(`/alerts/${key(id)}/resolve`, {
      method: 'POST',
      error: 'default',
    })
  ).alert;
