/** What an alert or event says, in the user's language, with its device, zone and gateway names. */
import type { Alert, ZoneEvent } from '@rtls/contract';
import { isolate } from '../../ui/format.ts';
import type { Translate } from '../../i18n/i18n.ts';
import { entityName, useDevicesStore } from '../devices/devices-store.ts';
import { gatewayName } from '../gateways/gateways-store.ts';
import { useMapsStore } from '../maps/maps-store.ts';
import { useZonesStore } from '../zones/zones-store.ts';

function deviceName(mac: string): string {
  const s = useDevicesStore.getState();
  const d = s.entities[mac] ?? s.visitors[mac] ?? s.configured[mac];
  return d ? entityName(d) : mac;
}

/** What an event says, with names as they were when it happened, else as known now. */
export function eventText(e: ZoneEvent, t: Translate): string {
  const zone = e.zoneId ? useZonesStore.getState().entities[e.zoneId]?.name : undefined;
  const vars = {
    device: isolate(e.detail.deviceName ?? (e.mac ? deviceName(e.mac) : '—')),
    zone: isolate(e.detail.zoneName ?? zone ?? '—'),
    gateway: isolate(e.detail.gatewayName ?? (e.gateway ? gatewayName(e.gateway) : '—')),
  };
  // Absence without a device: the zone has been empty.
  if (e.type === 'absent' && !e.mac) return t('alerts.messages.empty', vars);
  if (e.type === 'floor_change') {
    const maps = useMapsStore.getState().entities;
    const from = e.detail.fromFloor ?? (e.detail.fromMapId && maps[e.detail.fromMapId]?.name);
    const to = e.detail.toFloor ?? maps[e.mapId]?.name;
    return t('alerts.messages.floor_change', {
      ...vars,
      from: isolate(from || '—'),
      to: isolate(to ?? '—'),
    });
  }
  return t(`alerts.messages.${e.type}`, vars);
}

export const alertText = (a: Alert, t: Translate) => eventText(a.event, t);
