/** Gateway calls of spec §7. */
import type { Gateway } from '@rtls/contract';
import { apiRequest } from './http.ts';

export const fetchMonitoredGateways = async () =>
  (
    await apiRequest<{ gateways: Gateway[] }>('/gateways/monitored', {
      error: 'fetchMonitoredGateways',
    })
  ).gateways;
export const fetchMapGateways = async (mapId: string) =>
  (
    await apiRequest<{ gateways: Gateway[] }>(`/gateways/map/${encodeURIComponent(mapId)}`, {
      error: 'fetchMapGateways',
    })
  ).gateways;
