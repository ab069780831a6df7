/** The hover tooltip of a device marker, with the user's tooltip fields. */
import type L from 'leaflet';
import type { Language } from '@rtls/contract';
import type { PlacedDevice } from '../../features/devices/placed-devices.ts';
import { useViewStore } from '../../features/view/view-store.ts';
import type { Translate } from '../../i18n/i18n.ts';
import { tooltipHtml, tooltipRows } from './marker-html.ts';

/** Leaflet options shared by DOM and canvas marker tooltips. */
export const TOOLTIP_OPTIONS: L.TooltipOptions = {
  direction: 'top',
  offset: [0, -14],
  className: 'device-tooltip',
};

export const deviceTooltipHtml = (d: PlacedDevice, t: Translate, language: Language) =>
  tooltipHtml(tooltipRows(d, useViewStore.getState().tooltipFields, t, language));
