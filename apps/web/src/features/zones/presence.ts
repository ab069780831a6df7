/** A device's zone on the map on screen, as the list, the tooltip and the details show it. */
import type { Translate } from '../../i18n/i18n.ts';
import type { Zone, ZonePresence } from '@rtls/contract';
import { useZonesStore } from './zones-store.ts';

/** The zone's name; "Not in a zone" when outside every zone; "Unknown" when too uncertain or stale. */
export function zoneText(
  presence: ZonePresence | undefined,
  zones: Record<string, Zone>,
  t: Translate,
): string {
  if (!presence || presence.state === 'unknown') return t('zones.presence.unknown');
  const zone = presence.state === 'in' && presence.zoneId ? zones[presence.zoneId] : undefined;
  return zone ? zone.name : t('zones.presence.outside');
}

/** The device's zone text, or null when the map has no zones (nothing to say). */
export function useDeviceZone(mac: string, t: Translate): string | null {
  const presence = useZonesStore((s) => s.presence[mac]);
  const zones = useZonesStore((s) => s.entities);
  return Object.keys(zones).length === 0 ? null : zoneText(presence, zones, t);
}

/** The same, outside React (the marker tooltip is built as HTML). */
export function deviceZoneNow(mac: string, t: Translate): string | null {
  const { presence, entities } = useZonesStore.getState();
  return Object.keys(entities).length === 0 ? null : zoneText(presence[mac], entities, t);
}
