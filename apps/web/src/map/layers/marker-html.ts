/**
 * HTML of device markers for Leaflet div icons: the body on the device's spot (a dot, or a small
 * spot under a name box), the label placed around it (dot label or name box, with the RSSI and
 * last-seen texts) and a leader line to a moved label; also the tooltip rows and the signal popup.
 */
import {
  CONFIDENCE_CLASS_COLOUR,
  confidenceClass,
  DEFAULT_TOOLTIP_FIELDS,
  listStatus,
  type ConfidenceClass,
  type Device,
  type TooltipField,
} from '@rtls/contract';
import { gatewayName } from '../../features/gateways/gateways-store.ts';
import { formatLastSeen, formatRssi, unknownSince } from '../../ui/format.ts';
import type { Translate } from '../../i18n/i18n.ts';
import { escapeHtml } from '../escape-html.ts';
import type { LabelSpot } from './label-layout.ts';
import { META_SEPARATOR, bodySize, type LabelSize, type LabelText } from './marker-label.ts';
import { signalSummary } from './signal-summary.ts';
import { DEVICE_DEFAULT_COLOR, SIGNAL_POPUP_WIDTH_PX, type Language } from '../../constants.ts';

export interface MarkerLook {
  selected: boolean;
  live: boolean;
  nameBox: boolean;
  /** The confidence ring's class and its spoken text, when Show confidence is on. */
  ring: { cls: ConfidenceClass; text: string } | null;
  /** The label to draw and where (null: none, or hidden for want of room). */
  label: { text: LabelText; size: LabelSize; spot: LabelSpot } | null;
}

/** Icon size in px: the body on the device's spot (the label is drawn around it). */
export function markerSize(look: Pick<MarkerLook, 'nameBox' | 'selected'>): [number, number] {
  const s = bodySize(look.nameBox, look.selected);
  return [s, s];
}

const px = (n: number) => `${Math.round(n * 10) / 10}px`;

/** A label's CSS left and top for its spot (its box is centred on the spot via CSS). */
export const labelPosition = (spot: LabelSpot) => ({
  left: `calc(50% + ${px(spot.dx)})`,
  top: `calc(50% + ${px(spot.dy)})`,
});

/** A leader line's CSS length and rotation, from the device's spot to its label's centre. */
export const leaderGeometry = (spot: LabelSpot) => ({
  inlineSize: px(Math.hypot(spot.dx, spot.dy)),
  transform: `rotate(${Math.atan2(spot.dy, spot.dx).toFixed(4)}rad)`,
});

/**
 * Whether two looks of a device draw the same marker apart from where its label sits (a label
 * only moved is restyled in place, not rebuilt). A label that left home or came back changes
 * the content: its leader line comes or goes.
 */
export function sameContent(a: MarkerLook, b: MarkerLook): boolean {
  if (a.selected !== b.selected || a.live !== b.live || a.nameBox !== b.nameBox) return false;
  if (a.ring?.cls !== b.ring?.cls || a.ring?.text !== b.ring?.text) return false;
  const la = a.label;
  const lb = b.label;
  if (la === null || lb === null) return la === lb;
  return (
    la.text.name === lb.text.name &&
    la.text.rssi === lb.text.rssi &&
    la.text.lastSeen === lb.text.lastSeen &&
    la.size.w === lb.size.w &&
    la.size.h === lb.size.h &&
    la.spot.moved === lb.spot.moved
  );
}

/** Whether a label sits at the same offset in both looks (both with a label). */
export const sameSpot = (a: MarkerLook, b: MarkerLook) =>
  a.label?.spot.dx === b.label?.spot.dx && a.label?.spot.dy === b.label?.spot.dy;

function labelHtml(label: NonNullable<MarkerLook['label']>, nameBox: boolean, live: string) {
  const { text, size, spot } = label;
  const at = labelPosition(spot);
  const style = `inline-size:${px(size.w)};block-size:${px(size.h)};left:${at.left};top:${at.top}`;
  const name =
    text.name === null ? '' : `<span class="device-label-name">${escapeHtml(text.name)}</span>`;
  const parts = [
    text.rssi === null
      ? ''
      : `<bdi class="device-rssi" data-testid="device-rssi" dir="ltr">${escapeHtml(text.rssi)}</bdi>`,
    text.lastSeen === null
      ? ''
      : `<span class="device-last-seen" data-testid="device-last-seen">${escapeHtml(text.lastSeen)}</span>`,
  ].filter(Boolean);
  const meta = parts.length
    ? `<span class="device-label-meta">${parts.join(META_SEPARATOR)}</span>`
    : '';
  const cls = nameBox ? 'device-namebox' : 'device-label';
  return `<div class="${cls}${spot.moved ? ' moved' : ''}" data-testid="device-label" style="${style}">${nameBox ? live : ''}${name}${meta}</div>`;
}

/** A dashed line from the spot to a moved label's centre (under the label, over the plan). */
function leaderHtml(spot: LabelSpot) {
  const g = leaderGeometry(spot);
  return `<span class="device-leader" data-testid="leader-line" style="inline-size:${g.inlineSize};transform:${g.transform}"></span>`;
}

export function markerHtml(d: Pick<Device, 'mac' | 'name' | 'customSettings'>, look: MarkerLook) {
  const colour = escapeHtml(d.customSettings.color ?? DEVICE_DEFAULT_COLOR);
  const mac = escapeHtml(d.mac);
  const classes = ['device-marker'];
  if (look.selected) classes.push('selected');
  if (look.nameBox) classes.push('as-namebox');
  if (look.ring) classes.push(`ring-${look.ring.cls}`);
  const ring = look.ring
    ? ` data-confidence="${look.ring.cls}" title="${escapeHtml(look.ring.text)}"`
    : '';
  const live = `<span class="live-dot ${look.live ? 'live' : 'stale'}"></span>`;
  const body = look.nameBox
    ? '<span class="device-spot"></span>'
    : `<span class="device-dot"></span>${live}`;
  const label = look.label;
  const leader = label?.spot.moved ? leaderHtml(label.spot) : '';
  const labelPart = label ? labelHtml(label, look.nameBox, live) : '';
  return `<div class="${classes.join(' ')}" data-testid="device-marker" data-mac="${mac}"${ring} style="--c:${colour}">${leader}${body}${labelPart}</div>`;
}

/**
 * The user's enabled tooltip fields in their order, as label and value rows. With `staleSince`
 * (live updates paused since then) the status is unknown since then and the last-seen field a time.
 */
export function tooltipRows(
  d: Device,
  fields: readonly TooltipField[] | undefined,
  t: Translate,
  language: Language,
  now = Date.now(),
  staleSince: number | null = null,
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
        return formatLastSeen(d.lastSeen, t, language, now, staleSince);
      case 'gateway':
        return d.strongestGateway ? gatewayName(d.strongestGateway) : '—';
      case 'status':
        return staleSince === null
          ? t(`devices.status.${listStatus(d.lastSeen, now)}`)
          : unknownSince(staleSince, t, language, now);
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
  const confidence = d.triangulationInfo?.confidence;
  const cls = typeof confidence === 'number' ? confidenceClass(confidence) : null;
  const sure = cls
    ? `<p class="signal-confidence tone-${CONFIDENCE_CLASS_COLOUR[cls]}" data-testid="signal-confidence">${escapeHtml(`${t('map.confidenceBadge', { value: Math.round(confidence! * 100) })} · ${t(`devices.confidenceClass.${cls}`)}`)}</p>`
    : '';
  const title = `<h3 class="signal-title">${escapeHtml(t('devices.signal.title'))}: ${escapeHtml(d.name)}</h3>${sure}`;
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
