/** Device calls of spec §7. */
import type { Device } from '@rtls/contract';
import { apiRequest } from './http.ts';

export const fetchMonitoredDevices = async () =>
  (
    await apiRequest<{ devices: Device[] }>('/devices/monitored', {
      error: 'fetchMonitoredDevices',
    })
  ).devices;
