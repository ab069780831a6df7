/** Devices and gateways the account's gateways have heard, monitored or not. */
import type {
  AvailableDevicesResponse,
  AvailableGatewaysQuery,
  AvailableGatewaysResponse,
} from '@rtls/contract';
import { apiRequest } from './http.ts';

export const fetchAvailableDevices = async () =>
  (
    await apiRequest<AvailableDevicesResponse>('/available/devices', {
      error: 'fetchAvailableDevices',
    })
  ).devices;

/** `lastSeenDays` undefined means all. */
export const fetchAvailableGateways = async (lastSeenDays?: number) =>
  (
    await apiRequest<AvailableGatewaysResponse>('/available/gateways', {
      ...(lastSeenDays === undefined
        ? {}
        : { query: { lastSeenDays } satisfies AvailableGatewaysQuery }),
      error: 'fetchAvailableGateways',
    })
  ).gateways;
