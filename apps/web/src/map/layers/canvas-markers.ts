/**
 * Pure parts of the canvas device markers used at scale: when the canvas takes over from DOM
 * markers, marker geometry (the same sizes as the DOM markers: a body on the device's spot and a
 * label placed around it), which markers are drawn (only those in view) and which marker is
 * under the pointer (the topmost).
 */
import type { StatusColour } from '@rtls/contract';
import type { LabelSpot } from './label-layout.ts';
import { RING, bodySize, type LabelSize, type LabelText } from './marker-label.ts';

/** Above this many markers on the map, they are drawn on one canvas instead of DOM elements. */
export const CANVAS_ABOVE = 300;
/** ...and back to DOM markers only at or below this many, so the mode does not flap. */
export const DOM_AT_OR_BELOW = 250;

/** Whether to draw on the canvas, given how many markers are shown and the current mode. */
export function drawOnCanvas(count: number, canvasNow: boolean): boolean {
  return canvasNow ? count > DOM_AT_OR_BELOW : count > CANVAS_ABOVE;
}

export interface CanvasMarker {
  mac: string;
  colour: string;
  live: boolean;
  nameBox: boolean;
  /** The confidence ring's colour, when shown. */
  ring: StatusColour | null;
  /** The device's spot, in canvas pixels. */
  x: number;
  y: number;
  /** The label, its size and its centre's offset from the spot; null when none is drawn. */
  label: (LabelSize & LabelSpot & { text: LabelText }) | null;
}

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

const centred = (x: number, y: number, w: number, h: number): Box => ({
  left: x - w / 2,
  top: y - h / 2,
  right: x + w / 2,
  bottom: y + h / 2,
});

/** The marker's body on its spot (a 22 px dot, or a name box's spot), ring included. */
export function bodyBox(m: Pick<CanvasMarker, 'x' | 'y' | 'nameBox' | 'ring'>): Box {
  const s = bodySize(m.nameBox, false) + (m.ring ? 2 * RING : 0);
  return centred(m.x, m.y, s, s);
}

/** The label's box, or null. */
export function labelBox(m: Pick<CanvasMarker, 'x' | 'y' | 'label'>): Box | null {
  const l = m.label;
  return l ? centred(m.x + l.dx, m.y + l.dy, l.w, l.h) : null;
}

/**
 * Everything the marker draws, body and label (the leader line runs between them), written into
 * `out`: the canvas asks this of every marker on every redraw, so no box is built per marker.
 */
function markerBounds(
  m: Pick<CanvasMarker, 'x' | 'y' | 'nameBox' | 'ring' | 'label'>,
  out: Box,
): Box {
  const half = (bodySize(m.nameBox, false) + (m.ring ? 2 * RING : 0)) / 2;
  out.left = m.x - half;
  out.right = m.x + half;
  out.top = m.y - half;
  out.bottom = m.y + half;
  const l = m.label;
  if (l) {
    const lx = m.x + l.dx;
    const ly = m.y + l.dy;
    out.left = Math.min(out.left, lx - l.w / 2);
    out.right = Math.max(out.right, lx + l.w / 2);
    out.top = Math.min(out.top, ly - l.h / 2);
    out.bottom = Math.max(out.bottom, ly + l.h / 2);
  }
  return out;
}

/** Everything the marker draws: body and label (the leader line runs between them). */
export function markerBox(m: Pick<CanvasMarker, 'x' | 'y' | 'nameBox' | 'ring' | 'label'>): Box {
  return markerBounds(m, { left: 0, top: 0, right: 0, bottom: 0 });
}

const scratch: Box = { left: 0, top: 0, right: 0, bottom: 0 };

/** Whether the marker (body or label) touches the view. */
export function touches(
  m: Pick<CanvasMarker, 'x' | 'y' | 'nameBox' | 'ring' | 'label'>,
  view: Box,
): boolean {
  const b = markerBounds(m, scratch);
  return b.left < view.right && b.right > view.left && b.top < view.bottom && b.bottom > view.top;
}

/** The markers (in order) that touch the view. */
export function inView(markers: readonly CanvasMarker[], view: Box): CanvasMarker[] {
  return markers.filter((m) => touches(m, view));
}

const inside = (b: Box, x: number, y: number) =>
  x >= b.left && x <= b.right && y >= b.top && y <= b.bottom;

/** The topmost marker (drawn last) under the point, or null. Dots are hit as circles. */
export function hitTest(
  markers: readonly CanvasMarker[],
  x: number,
  y: number,
): CanvasMarker | null {
  for (let i = markers.length - 1; i >= 0; i--) {
    const m = markers[i]!;
    const label = labelBox(m);
    if (label && inside(label, x, y)) return m;
    const body = bodyBox(m);
    const r = (body.right - body.left) / 2;
    if ((x - m.x) ** 2 + (y - m.y) ** 2 <= r * r) return m;
  }
  return null;
}
