/** One poll while the live channel is down, at the settings' Data Refresh Rate. */
import { useDevicesStore } from '../features/devices/devices-store.ts';

/**
 * Re-reads the monitored devices and the positions on the watched maps. Resolves true when the
 * server answered both, which tells the caller the server is reachable again; failures only log.
 */
export async function pollOnce(): Promise<boolean> {
  const devices = useDevicesStore.getState();
  const [, positions] = await Promise.allSettled([
    devices.loadMonitored(),
    devices.refreshPositions(),
  ]);
  if (positions.status === 'rejected') {
    console.error('Polling error', positions.reason);
    return false;
  }
  const { error } = useDevicesStore.getState();
  if (error) console.error('Polling error', error);
  return error === null;
}
