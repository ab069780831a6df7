/** HTML of device markers (dot or name box), their tooltips and the signal popup, for Leaflet div icons. */
import {
  DEFAULT_TOOLTIP_FIELDS,
  DEVICE_DEFAULT_COLOR,
  MARKER,
  NAME_BOX,
  SIGNAL_POPUP_WIDTH_PX,
  listStatus,
  nameBoxWidth,
  type Device,
  type Language,
  type TooltipField,
} from '@rtls/contract';
import { gatewayName } from '../../features/gateways/gateways-store.ts';
import { formatLastSeen, formatRssi } from '../../app/format.ts';
import type { Translate } from '../../i18n/i18n.ts';
import { escapeHtml } from '../escape-html.ts';
import { signalSummary } from './signal-summary.ts';

export interface MarkerLook {
  selected: boolean;
  live: boolean;
  nameBox: boolean;
  showName: boolean;
}

/** Icon size in px: a 22 px dot (28 selected), or a name box 24 high, 20–200 wide. */
export function markerSize(name: string, look: MarkerLook): [number, number] {
  if (look.nameBox) return [nameBoxWidth(name), NAME_BOX.height];
  const dot = look.selected ? MARKER.dotSelected : MARKER.dot;
  return [dot, dot];
}

export function markerHtml(d: Pick<Device, 'mac' | 'name' | 'customSettings'>, look: MarkerLook) {
  const colour = escapeHtml(d.customSettings.color ?? DEVICE_DEFAULT_COLOR);
  const mac = escapeHtml(d.mac);
  const name = escapeHtml(d.name);
  const sel = look.selected ? ' selected' : '';
  const live = `<span class="live-dot ${look.live ? 'live' : 'stale'}"></span>`;
  if (look.nameBox)
    return `<div class="device-namebox${sel}" data-testid="device-marker" data-mac="${mac}" style="--c:${colour}">${live}<span class="device-namebox-text">${name}</span></div>`;
  const label = look.showName ? `<span class="device-label">${name}</span>` : '';
  return `<div class="device-marker${sel}" data-testid="device-marker" data-mac="${mac}" style="--c:${colour}"><span class="device-dot"></span>${live}${label}</div>`;
}

/** The user's enabled tooltip fields in their order, as label and value rows. */
export function tooltipRows(
  d: Device,
  fields: readonly TooltipField[] | undefined,
  t: Translate,
  language: Language,
  now = Date.now(),
): [string, string][] {
  const value = (id: TooltipField['id']): string => {
    switch (id) {
      case 'name':
        return d.name;
      case 'mac':
        return d.mac;
      case 'rssi':
        return formatRssi(d.rssi);
      case 'lastSeen':
        return formatLastSeen(d.lastSeen, t, language, now);
      case 'gateway':
        return d.strongestGateway ? gatewayName(d.strongestGateway) : '—';
      case 'status':
        return t(`devices.status.${listStatus(d.lastSeen, now)}`);
    }
  };
  return [...(fields?.length ? fields : DEFAULT_TOOLTIP_FIELDS)]
    .filter((f) => f.enabled)
    .sort((a, b) => a.order - b.order)
    .map((f) => [t(`devices.tooltip.${f.id}`), value(f.id)]);
}

export function tooltipHtml(rows: [string, string][]): string {
  return `<dl class="device-tooltip-rows">${rows
    .map(([k, v]) => `<div><dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd></div>`)
    .join('')}</dl>`;
}

export function signalPopupHtml(d: Device, t: Translate, gatewayName: (mac: string) => string) {
  const s = signalSummary(d.signal);
  const width = `style="inline-size:${SIGNAL_POPUP_WIDTH_PX}px"`;
  const title = `<h3 class="signal-title">${escapeHtml(t('devices.signal.title'))}: ${escapeHtml(d.name)}</h3>`;
  if (!s.headline)
    return `<div class="signal-popup-body" data-testid="signal-popup" ${width}>${title}<p class="signal-none"><span class="signal-x" aria-hidden="true">✕</span> ${escapeHtml(t('devices.signal.none'))}</p></div>`;
  const h = s.headline;
  const rows = s.recent
    .map(
      (l) =>
        `<li class="signal-line tone-${l.colour}"><span>${escapeHtml(gatewayName(l.gateway))}</span><span dir="ltr">${l.rssi} dBm</span><span class="signal-class">${escapeHtml(t(`devices.signal.${l.cls}`))}</span></li>`,
    )
    .join('');
  return `<div class="signal-popup-body" data-testid="signal-popup" ${width}>${title}<p class="signal-headline tone-${h.colour}"><span dir="ltr">${h.rssi} dBm</span> <span>${escapeHtml(t(`devices.signal.${h.cls}`))}</span></p><p class="muted small">${escapeHtml(t(s.recent.length ? 'devices.signal.lastHour' : 'devices.signal.noneRecent'))}</p><ul class="signal-lines">${rows}</ul></div>`;
}
