/**
 * What a device marker shows besides its body, from the user's view options: the label (name,
 * RSSI value, last-seen text) and the confidence ring, with the label's size and its home spot.
 * DOM and canvas markers both draw from these, so the label layout sees the boxes they draw.
 */
import { confidenceClass, type ConfidenceClass, type ViewOptions } from '@rtls/contract';
import { formatLastSeen, formatRssi } from '../../ui/format.ts';
import type { PlacedDevice } from '../../features/devices/placed-devices.ts';
import type { Translate } from '../../i18n/i18n.ts';
import { MARKER, NAME_BOX, nameBoxWidth, type Language } from '../../constants.ts';

/** The view options that change how markers look. */
export type MarkerOptions = Pick<
  ViewOptions,
  'showDeviceNames' | 'showDeviceAsNameBox' | 'showRSSIValues' | 'showLastSeen' | 'showConfidence'
>;

/** The text lines of a label; a missing part is not shown. */
export interface LabelText {
  name: string | null;
  rssi: string | null;
  lastSeen: string | null;
}

/** A label's size (CSS px). */
export interface LabelSize {
  w: number;
  h: number;
}

/** Line heights and padding of labels (the CSS of .device-label and .device-namebox follows). */
export const LABEL_LINE = { name: 15, meta: 14, padX: 6, padY: 1 } as const;
/** Fonts used to measure (and on the canvas, draw) label text. */
export const LABEL_FONT = {
  name: "600 12px system-ui, 'Segoe UI', Roboto, 'Noto Sans', 'Noto Sans Hebrew', Arial, sans-serif",
  meta: "500 11px system-ui, 'Segoe UI', Roboto, 'Noto Sans', 'Noto Sans Hebrew', Arial, sans-serif",
} as const;
/** Gap between a dot and its label at home (px). */
export const LABEL_GAP = 3;
/** Width of the confidence ring drawn around a dot or name box (px). */
export const RING = 3;
/** The device's spot under a name box (visible when the box moved away from it). */
export const SPOT = 10;

/** Separator of the RSSI value and the last-seen text on the meta line. */
export const META_SEPARATOR = ' · ';

/** A label's texts; with `staleSince` (live updates paused), the last-seen text is a time. */
export function labelText(
  d: PlacedDevice,
  o: MarkerOptions,
  t: Translate,
  language: Language,
  now: number,
  staleSince: number | null = null,
): LabelText | null {
  const name = o.showDeviceAsNameBox || o.showDeviceNames ? d.name : null;
  const rssi = o.showRSSIValues ? formatRssi(d.rssi) : null;
  const lastSeen = o.showLastSeen ? formatLastSeen(d.lastSeen, t, language, now, staleSince) : null;
  if (name === null && rssi === null && lastSeen === null) return null;
  return { name, rssi, lastSeen };
}

export const metaLine = (l: LabelText) =>
  [l.rssi, l.lastSeen].filter((s) => s !== null).join(META_SEPARATOR);

/** Text width in px (a canvas measures it; without one, an estimate). */
export type MeasureText = (text: string, font: string) => number;

let measurer: CanvasRenderingContext2D | null | undefined;
const widths = new Map<string, number>();

/** Measures with a 2D canvas of the page, cached; estimates where there is no canvas (tests). */
export const measureText: MeasureText = (text, font) => {
  const key = `${font}|${text}`;
  let w = widths.get(key);
  if (w !== undefined) return w;
  if (measurer === undefined) {
    try {
      measurer = document.createElement('canvas').getContext('2d');
    } catch {
      measurer = null;
    }
  }
  if (measurer) {
    measurer.font = font;
    w = measurer.measureText(text).width;
  } else w = text.length * (font === LABEL_FONT.meta ? 6.5 : 7);
  if (widths.size > 5000) widths.clear();
  widths.set(key, w);
  return w;
};

/** A dot label: its lines' widest text plus padding; a name box: nameBoxWidth, wider for meta. */
export function labelSize(l: LabelText, nameBox: boolean, measure: MeasureText): LabelSize {
  const meta = metaLine(l);
  const metaW = meta ? Math.ceil(measure(meta, LABEL_FONT.meta)) + 2 * LABEL_LINE.padX : 0;
  if (nameBox) {
    const w = Math.min(NAME_BOX.maxWidth, Math.max(nameBoxWidth(l.name ?? ''), metaW));
    return { w, h: NAME_BOX.height + (meta ? LABEL_LINE.meta : 0) };
  }
  const nameW = l.name ? Math.ceil(measure(l.name, LABEL_FONT.name)) + 2 * LABEL_LINE.padX : 0;
  const h = 2 * LABEL_LINE.padY + (l.name ? LABEL_LINE.name : 0) + (meta ? LABEL_LINE.meta : 0);
  return { w: Math.min(NAME_BOX.maxWidth, Math.max(nameW, metaW)), h };
}

/** The body drawn on the device's spot: a dot (22, 28 selected) or, under name boxes, a spot. */
export function bodySize(nameBox: boolean, selected: boolean): number {
  if (nameBox) return selected ? SPOT + 4 : SPOT;
  return selected ? MARKER.dotSelected : MARKER.dot;
}

/** Where a label's centre sits by default, from the device's spot: under the dot, or on it. */
export function homeOffset(size: LabelSize, nameBox: boolean, selected: boolean) {
  if (nameBox) return { dx: 0, dy: 0 };
  return { dx: 0, dy: bodySize(false, selected) / 2 + LABEL_GAP + size.h / 2 };
}

/** The confidence class shown as a ring, when the option is on and the device has one. */
export function ringClass(d: PlacedDevice, o: MarkerOptions): ConfidenceClass | null {
  const c = d.triangulationInfo?.confidence;
  return o.showConfidence && typeof c === 'number' ? confidenceClass(c) : null;
}
