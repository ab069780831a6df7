/** Device calls of spec §7, keyed by MAC. */
import type { Device, DeviceCreateBody, DeviceMonitorBody, DeviceUpdateBody } from '@rtls/contract';
import { apiRequest } from './http.ts';

type DevicesBody = { devices: Device[] };
type DeviceBody = { device: Device };
const key = (mac: string) => encodeURIComponent(mac);

export const fetchDevices = async () =>
  (await apiRequest<DevicesBody>('/devices', { error: 'fetchDevices' })).devices;

export const fetchMonitoredDevices = async () =>
  (
    await apiRequest<DevicesBody>('/devices/monitored', {
      error: 'fetchMonitoredDevices',
    })
  ).devices;

export const createDevice = async (body: DeviceCreateBody) =>
  (await apiRequest<DeviceBody>('/devices', { method: 'POST', body, error: 'createDevice' }))
    .device;

/** Update by MAC; also used for the {positioningMode} update of spec §7. */
export const updateDevice = async (mac: string, body: DeviceUpdateBody) =>
  (
    await apiRequest<DeviceBody>(`/devices/${key(mac)}`, {
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
    await apiRequest<DeviceBody>(`/devices/monitor/${key(mac)}`, {
      method: 'POST',
      body,
      error: 'monitorDevice',
    })
  ).device;

export const unmonitorDevice = async (mac: string) =>
  (
    await apiRequest<DeviceBody>(`/devices/monitor/${key(mac)}`, {
      method: 'DELETE',
      error: 'unmonitorDevice',
    })
  ).device;
