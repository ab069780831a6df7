/**
 * The calls that devices and gateways answer alike, keyed by MAC under /devices or /gateways:
 * the lists, change, delete, and monitoring on and off, each failing with its own API_ERRORS text
 * (fetchDevices, updateGateway, …).
 */
import { apiRequest } from './http.ts';

export function monitoredCalls<T, Update, Monitor>(kind: 'Device' | 'Gateway') {
  const one = kind === 'Device' ? 'device' : 'gateway';
  const many = `${one}s`;
  const item = (mac: string) => `/${many}/${encodeURIComponent(mac)}`;
  const monitoring = (mac: string) => `/${many}/monitor/${encodeURIComponent(mac)}`;
  const list = async (path: string, opts: Parameters<typeof apiRequest>[1]) =>
    (await apiRequest<Record<string, T[]>>(path, opts))[many]!;
  const single = async (path: string, opts: Parameters<typeof apiRequest>[1]) =>
    (await apiRequest<Record<string, T>>(path, opts))[one]!;
  return {
    list: () => list(`/${many}`, { error: `fetch${kind}s` }),
    monitored: () => list(`/${many}/monitored`, { error: `fetchMonitored${kind}s` }),
    update: (mac: string, body: Update) =>
      single(item(mac), { method: 'PUT', body, error: `update${kind}` }),
    remove: async (mac: string) => {
      await apiRequest(item(mac), { method: 'DELETE', error: `delete${kind}` });
    },
    monitor: (mac: string, body: Monitor) =>
      single(monitoring(mac), { method: 'POST', body, error: `monitor${kind}` }),
    unmonitor: (mac: string) =>
      single(monitoring(mac), { method: 'DELETE', error: `unmonitor${kind}` }),
  };
}
