/** What an alert says, in the user's language, with the names of its device, zone and gateway. */
import { isolate } from '../../app/format.ts';
import type { Translate } from '../../i18n/i18n.ts';
import { entityName, useDevicesStore } from '../devices/devices-store.ts';
import { gatewayName } from '../gateways/gateways-store.ts';
import { useZonesStore } from '../zones/zones-store.ts';
import type { Alert } from './alert-types.ts';

function deviceName(mac: string): string {
  const s = useDevicesStore.getState();
  const d = s.entities[mac] ?? s.visitors[mac] ?? s.configured[mac];
  return d ? entityName(d) : mac;
}

export function alertText(a: Alert, t: Translate): string {
  return t(`alerts.messages.${a.eventType}`, {
    device: isolate(a.mac ? deviceName(a.mac) : '—'),
    zone: isolate(a.zoneId ? (useZonesStore.getState().entities[a.zoneId]?.name ?? '—') : '—'),
    gateway: isolate(a.gatewayMac ? gatewayName(a.gatewayMac) : '—'),
  });
}
