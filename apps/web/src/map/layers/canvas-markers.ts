/**
 * Pure parts of the canvas device markers used at scale: when the canvas takes over from DOM
 * markers, marker geometry (the same sizes as the DOM markers), which markers are drawn (only
 * those in view) and which marker is under the pointer (the topmost).
 */
import { MARKER, NAME_BOX, nameBoxWidth } from '@rtls/contract';

/** Above this many markers on the map, they are drawn on one canvas instead of DOM elements. */
export const CANVAS_ABOVE = 300;
/** ...and back to DOM markers only at or below this many, so the mode does not flap. */
export const DOM_AT_OR_BELOW = 250;

/** Whether to draw on the canvas, given how many markers are shown and the current mode. */
export function drawOnCanvas(count: number, canvasNow: boolean): boolean {
  return canvasNow ? count > DOM_AT_OR_BELOW : count > CANVAS_ABOVE;
}

/** The name label under a dot: 3 px below it, 17 px high (12 px text, 1 px padding). */
export const LABEL_GAP = 3;
export const LABEL_HEIGHT = 17;
/** Estimated label width when text cannot be measured (hit testing in tests). */
export const estimateLabelWidth = (name: string) => name.length * 7 + 12;

export interface CanvasMarker {
  mac: string;
  name: string;
  colour: string;
  live: boolean;
  nameBox: boolean;
  showName: boolean;
  /** Marker centre, in canvas pixels. */
  x: number;
  y: number;
  /** The device's own position when a name box is drawn away from it (leader line), else null. */
  anchor: { x: number; y: number } | null;
}

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The marker's body: a 22 px dot or a 24 px high name box, centred on (x, y). */
export function bodyBox(m: Pick<CanvasMarker, 'x' | 'y' | 'name' | 'nameBox'>): Box {
  const w = m.nameBox ? nameBoxWidth(m.name) : MARKER.dot;
  const h = m.nameBox ? NAME_BOX.height : MARKER.dot;
  return { left: m.x - w / 2, top: m.y - h / 2, right: m.x + w / 2, bottom: m.y + h / 2 };
}

/** Everything the marker draws (body and, for dots with names, the label below). */
export function markerBox(
  m: Pick<CanvasMarker, 'x' | 'y' | 'name' | 'nameBox' | 'showName'>,
  labelWidth: (name: string) => number = estimateLabelWidth,
): Box {
  const body = bodyBox(m);
  if (m.nameBox || !m.showName) return body;
  const half = labelWidth(m.name) / 2;
  return {
    left: Math.min(body.left, m.x - half),
    top: body.top,
    right: Math.max(body.right, m.x + half),
    bottom: body.bottom + LABEL_GAP + LABEL_HEIGHT,
  };
}

const intersects = (a: Box, b: Box) =>
  a.left < b.right && a.right > b.left && a.top < b.bottom && a.bottom > b.top;

/** The markers (in order) that touch the view; leader lines count when either end is in view. */
export function inView(
  markers: readonly CanvasMarker[],
  view: Box,
  labelWidth?: (name: string) => number,
): CanvasMarker[] {
  return markers.filter((m) => {
    if (intersects(markerBox(m, labelWidth), view)) return true;
    if (!m.anchor) return false;
    const line: Box = {
      left: Math.min(m.x, m.anchor.x),
      top: Math.min(m.y, m.anchor.y),
      right: Math.max(m.x, m.anchor.x) + 1,
      bottom: Math.max(m.y, m.anchor.y) + 1,
    };
    return intersects(line, view);
  });
}

/** The topmost marker (drawn last) under the point, or null. Dots are hit as circles. */
export function hitTest(
  markers: readonly CanvasMarker[],
  x: number,
  y: number,
  labelWidth?: (name: string) => number,
): CanvasMarker | null {
  for (let i = markers.length - 1; i >= 0; i--) {
    const m = markers[i]!;
    const b = markerBox(m, labelWidth);
    if (x < b.left || x > b.right || y < b.top || y > b.bottom) continue;
    if (!m.nameBox) {
      const r = MARKER.dot / 2;
      const onDot = (x - m.x) ** 2 + (y - m.y) ** 2 <= r * r;
      const onLabel = m.showName && y >= m.y + r + LABEL_GAP;
      if (!onDot && !onLabel) continue;
    }
    return m;
  }
  return null;
}
