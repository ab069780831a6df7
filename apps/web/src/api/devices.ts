/** Device calls, keyed by MAC. */
import type {
  DeviceCreateBody,
  DeviceMonitorBody,
  DeviceResponse,
  DevicesResponse,
  DeviceUpdateBody,
} from '@rtls/contract';
import { apiRequest } from './http.ts';

const key = (mac: string) => encodeURIComponent(mac);

export const fetchDevices = async () =>
  (await apiRequest<DevicesResponse>('/devices', { error: 'fetchDevices' })).devices;

export const fetchMonitoredDevices = async () =>
  (
    await apiRequest<DevicesResponse>('/devices/monitored', {
      error: 'fetchMonitoredDevices',
    })
  ).devices;

export const createDevice = async (body: DeviceCreateBody) =>
  (await apiRequest<DeviceResponse>('/devices', { method: 'POST', body, error: 'createDevice' }))
    .device;

/** Update by MAC: name, custom settings or positioning mode. */
export const updateDevice = async (mac: string, body: DeviceUpdateBody) =>
  (
    await apiRequest<DeviceResponse>(`/devices/${key(mac)}`, {
      method: 'PUT',
      body,
      error: 'updateDevice',
    })
  ).device;

export const deleteDevice = async (mac: string) => {
  await apiRequest(`/devices/${key(mac)}`, { method: 'DELETE', error: 'deleteDevice' });
};

export const monitorDevice = async (mac: string, body: DeviceMonitorBody) =>
  (
    await apiRequest<DeviceResponse>(`/devices/monitor/${key(mac)}`, {
      method: 'POST',
      body,
      error: 'monitorDevice',
    })
  ).device;

export const unmonitorDevice = async (mac: string) =>
  (
    await apiRequest<DeviceResponse>(`/devices/monitor/${key(mac)}`, {
      method: 'DELETE',
      error: 'unmonitorDevice',
    })
  ).device;
