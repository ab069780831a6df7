/** Device calls, keyed by MAC. */
import type {
  Device,
  DeviceCreateBody,
  DeviceMonitorBody,
  DeviceResponse,
  DeviceUpdateBody,
} from '@rtls/contract';
import { apiRequest } from './http.ts';
import { monitoredCalls } from './monitored.ts';

export const {
  list: fetchDevices,
  monitored: fetchMonitoredDevices,
  /** Update by MAC: name, custom settings or positioning mode. */
  update: updateDevice,
  remove: deleteDevice,
  monitor: monitorDevice,
  unmonitor: unmonitorDevice,
} = monitoredCalls<Device, DeviceUpdateBody, DeviceMonitorBody>('Device');

export const createDevice = async (body: DeviceCreateBody) =>
  (await apiRequest<DeviceResponse>('/devices', { method: 'POST', body, error: 'createDevice' }))
    .device;
