/** The hover tooltip of a device marker, with the user's tooltip fields. */
import type L from 'leaflet';
import type { PlacedDevice } from '../../features/devices/placed-devices.ts';
import { useLiveStore } from '../../features/live/live-store.ts';
import { useViewStore } from '../../features/view/view-store.ts';
import { deviceZoneNow } from '../../features/zones/presence.ts';
import type { Translate } from '../../i18n/i18n.ts';
import { tooltipHtml, tooltipRows } from './marker-html.ts';
import type { Language } from '../../constants.ts';

/** Leaflet options shared by DOM and canvas marker tooltips. */
export const TOOLTIP_OPTIONS: L.TooltipOptions = {
  direction: 'top',
  offset: [0, -14],
  className: 'device-tooltip',
};

/** The user's fields, then the device's zone when the map has zones. */
export function deviceTooltipHtml(d: PlacedDevice, t: Translate, language: Language) {
  const { staleSince } = useLiveStore.getState();
  const rows = tooltipRows(
    d,
    useViewStore.getState().tooltipFields,
    t,
    language,
    Date.now(),
    staleSince,
  );
  const zone = deviceZoneNow(d.mac, t);
  return tooltipHtml(zone === null ? rows : [...rows, [t('zones.presence.label'), zone]]);
}
