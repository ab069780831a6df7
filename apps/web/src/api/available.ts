/** Provider data calls of spec §7: devices and gateways heard by the provider. */
import type { AvailableDevice, AvailableGateway } from '@rtls/contract';
import { apiRequest } from './http.ts';

export const fetchAvailableDevices = async () =>
  (
    await apiRequest<{ devices: AvailableDevice[] }>('/available/devices', {
      error: 'fetchAvailableDevices',
    })
  ).devices;

/** `lastSeenDays` undefined means all. */
export const fetchAvailableGateways = async (lastSeenDays?: number) =>
  (
    await apiRequest<{ gateways: AvailableGateway[] }>('/available/gateways', {
      ...(lastSeenDays === undefined ? {} : { query: { lastSeenDays } }),
      error: 'fetchAvailableGateways',
    })
  ).gateways;
