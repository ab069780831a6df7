/** What an alert says, in the user's language, with the names of its device, zone and gateway. */
import type { Alert } from '@rtls/contract';
import { isolate } from '../../app/format.ts';
import type { Translate } from '../../i18n/i18n.ts';
import { entityName, useDevicesStore } from '../devices/devices-store.ts';
import { gatewayName } from '../gateways/gateways-store.ts';
import { useZonesStore } from '../zones/zones-store.ts';

function deviceName(mac: string): string {
  const s = useDevicesStore.getState();
  const d = s.entities[mac] ?? s.visitors[mac] ?? s.configured[mac];
  return d ? entityName(d) : mac;
}

/** Names as they were when the event happened, else as the console knows them now. */
export function alertText(a: Alert, t: Translate): string {
  const e = a.event;
  const zone = e.zoneId ? useZonesStore.getState().entities[e.zoneId]?.name : undefined;
  return t(`alerts.messages.${e.type}`, {
    device: isolate(e.detail.deviceName ?? (e.mac ? deviceName(e.mac) : '—')),
    zone: isolate(e.detail.zoneName ?? zone ?? '—'),
    gateway: isolate(e.detail.gatewayName ?? (e.gateway ? gatewayName(e.gateway) : '—')),
  });
}
