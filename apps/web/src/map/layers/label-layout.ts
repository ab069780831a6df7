/**
 * Label placement on screen (container pixels) with the positioning package's declutterLabels:
 * labels keep off each other, the devices' bodies and gateway icons; moved labels get a leader
 * line, and those with no room are hidden (never the selected device's). Labels also keep off
 * the map's own controls (buttons over the map) and, while any other spot is free, off the text
 * printed in the plan image (room names); a moved label stays where it was drawn last
 * while that spot is free, so placing again as tags move does not make labels hop. It is kept
 * off the per-frame path at scale: at most MAX_PLACED_LABELS labels, and with many of them placement runs
 * at most once a second or when the view changes; in between, labels keep their offsets.
 */
import {
  declutterLabels,
  type LabelBox,
  type LabelObstacle,
  type LabelRequest,
} from '@rtls/positioning';
import { RING, type LabelSize } from './marker-label.ts';
import { MARKER } from '../../constants.ts';

/** At most this many labels are placed; the others are hidden. */
export const MAX_PLACED_LABELS = 200;
/** Up to this many labels are placed again on every pass (cheap, and exact while tags move). */
export const LAYOUT_EVERY_PASS_UP_TO = 60;
/** With more labels, they are placed again at most this often while only devices move (ms). */
export const LABEL_LAYOUT_MS = 1000;
/** Free space kept around every label (px). */
const GAP = 2;

/** A device in view, in container pixels. */
export interface ScreenDevice {
  id: string;
  x: number;
  y: number;
  /** Its body's size (a dot or a name box's spot), ring included. */
  body: number;
  /** The label to place, with its centre's home offset from (x, y); null when it has none. */
  label: (LabelSize & { dx: number; dy: number }) | null;
  /** The selected device: its label is never hidden. */
  keep: boolean;
  /** A name box covers its own spot at home. */
  ownsBody: boolean;
}

/** A gateway icon in view (container pixels) and its size on screen (the full icon when absent). */
export interface ScreenGateway {
  x: number;
  y: number;
  size?: number;
}

/** Where a label's centre is drawn, from its device's spot, and whether it left its home. */
export interface LabelSpot {
  dx: number;
  dy: number;
  moved: boolean;
}

/** What else labels keep off, and where they were drawn last. */
export interface LayoutContext {
  /** Boxes of the map's controls over the map (container pixels). */
  controls?: readonly LabelBox[];
  /** Boxes of the text printed in the plan image (container pixels): covered only when no other spot is free. */
  planText?: readonly LabelBox[];
  /** The visible map's size (container pixels): labels are placed wholly inside it. */
  view?: { w: number; h: number };
  /** The spots of the last placement, by device id. */
  previous?: ReadonlyMap<string, LabelSpot>;
}

/**
 * Spots of the labels to draw, by device id; a device with a label and no entry has its label
 * hidden. `devices` come in priority order (the selected device first).
 */
export function layoutLabels(
  devices: readonly ScreenDevice[],
  gateways: readonly ScreenGateway[],
  { controls = [], planText = [], previous, view }: LayoutContext = {},
): Map<string, LabelSpot> {
  const obstacles: LabelObstacle[] = gateways.map((g) => ({
    x: g.x,
    y: g.y,
    w: g.size ?? MARKER.gateway,
    h: g.size ?? MARKER.gateway,
  }));
  obstacles.push(...controls);
  for (const t of planText) obstacles.push({ ...t, soft: true });
  const requests: LabelRequest[] = [];
  /** The devices whose labels are placed, by id. */
  const byId = new Map<string, ScreenDevice>();
  for (const d of devices) {
    obstacles.push({ x: d.x, y: d.y, w: d.body, h: d.body, owner: d.ownsBody ? d.id : undefined });
    if (!d.label || requests.length >= MAX_PLACED_LABELS) continue;
    byId.set(d.id, d);
    const last = previous?.get(d.id);
    requests.push({
      id: d.id,
      home: { x: d.x + d.label.dx, y: d.y + d.label.dy },
      w: d.label.w,
      h: d.label.h,
      keep: d.keep,
      prefer: last?.moved ? { x: d.x + last.dx, y: d.y + last.dy } : undefined,
    });
  }
  const spots = new Map<string, LabelSpot>();
  const bounds = view ? { x0: 0, y0: 0, x1: view.w, y1: view.h } : undefined;
  for (const p of declutterLabels(requests, obstacles, { gap: GAP, bounds })) {
    const d = byId.get(p.id)!;
    if (!p.hidden) spots.set(p.id, { dx: p.x - d.x, dy: p.y - d.y, moved: p.needsLeaderLine });
  }
  return spots;
}

/** A body's obstacle size with the confidence ring around it. */
export const withRing = (size: number, ring: boolean) => (ring ? size + 2 * RING : size);

/** Places labels on every pass while few, else when the view changed or the interval passed. */
export function createLabelScheduler(intervalMs = LABEL_LAYOUT_MS) {
  let last = -Infinity;
  let current = new Map<string, LabelSpot>();
  return {
    /** Whether a placement is due. */
    due(now: number, redo: boolean, labelCount: number) {
      return redo || labelCount <= LAYOUT_EVERY_PASS_UP_TO || now - last >= intervalMs;
    },
    /** Places now, with the gateways, the map's controls and the plan's text as obstacles, inside the view. */
    place(
      now: number,
      devices: readonly ScreenDevice[],
      gateways: readonly ScreenGateway[],
      context: Omit<LayoutContext, 'previous'> = {},
    ) {
      last = now;
      current = layoutLabels(devices, gateways, { ...context, previous: current });
      return current;
    },
    get current() {
      return current;
    },
  };
}
