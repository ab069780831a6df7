/**
 * Name-box placement on screen: spec §9's rings (the positioning package's placeLabels) over the
 * devices in view, in container pixels, kept off the per-frame path: placement is capped, looks
 * up only nearby labels (a grid instead of every placed label) and runs at most once a second
 * or when the view changes; in between, each label keeps its offset from its moving device.
 */
import { LABEL } from '@rtls/contract';
import type { LabelPlacement } from '@rtls/positioning';

/** At most this many labels are placed; the rest stay on their markers. */
export const MAX_PLACED_LABELS = 200;
/** Labels are placed again at most this often while only devices move (ms). */
export const LABEL_LAYOUT_MS = 1000;

export interface ScreenLabel {
  id: string;
  x: number;
  y: number;
}

/** How far a label is drawn from its device (container pixels). */
export interface LabelOffset {
  dx: number;
  dy: number;
}

const CELL_W = LABEL.boxWidth;
const CELL_H = LABEL.boxHeight;
const cellKey = (cx: number, cy: number) => (cx + 32768) * 65536 + (cy + 32768);

/**
 * The same placements as placeLabels (same order, rings, angles and overlap rule), but each
 * candidate spot is checked only against labels in the neighbouring grid cells: two 80×30 boxes
 * overlap only when their centres are less than one cell apart on both axes (which also puts
 * them inside the collision radius).
 */
export function placeLabelsFast(labels: readonly ScreenLabel[]): LabelPlacement[] {
  const grid = new Map<number, { x: number; y: number }[]>();
  const collides = (x: number, y: number) => {
    const cx = Math.floor(x / CELL_W);
    const cy = Math.floor(y / CELL_H);
    for (let i = cx - 1; i <= cx + 1; i++)
      for (let j = cy - 1; j <= cy + 1; j++) {
        const cell = grid.get(cellKey(i, j));
        if (!cell) continue;
        for (const p of cell)
          if (
            Math.hypot(p.x - x, p.y - y) < LABEL.collisionRadius &&
            Math.abs(x - p.x) < LABEL.boxWidth &&
            Math.abs(y - p.y) < LABEL.boxHeight
          )
            return true;
      }
    return false;
  };
  const out: LabelPlacement[] = [];
  for (const l of labels) {
    let place: LabelPlacement | null = null;
    if (!collides(l.x, l.y))
      place = { id: l.id, displayPosition: { x: l.x, y: l.y }, needsLeaderLine: false };
    for (let ring = 1; !place && ring <= LABEL.rings; ring++) {
      const r = ring * LABEL.ringStepPx;
      for (let k = 0; k < LABEL.anglesPerRing; k++) {
        const angle = (2 * Math.PI * k) / LABEL.anglesPerRing;
        const x = l.x + r * Math.cos(angle);
        const y = l.y + r * Math.sin(angle);
        if (!collides(x, y)) {
          place = { id: l.id, displayPosition: { x, y }, needsLeaderLine: true };
          break;
        }
      }
    }
    place ??= { id: l.id, displayPosition: { x: l.x, y: l.y }, needsLeaderLine: false };
    out.push(place);
    const { x, y } = place.displayPosition;
    const key = cellKey(Math.floor(x / CELL_W), Math.floor(y / CELL_H));
    const cell = grid.get(key);
    if (cell) cell.push({ x, y });
    else grid.set(key, [{ x, y }]);
  }
  return out;
}

/** Offsets of the labels that move away from their devices (with a leader line), capped. */
export function labelOffsets(labels: readonly ScreenLabel[]): Map<string, LabelOffset> {
  const capped = labels.slice(0, MAX_PLACED_LABELS);
  const offsets = new Map<string, LabelOffset>();
  placeLabelsFast(capped).forEach((p, i) => {
    const l = capped[i]!;
    if (p.needsLeaderLine)
      offsets.set(p.id, { dx: p.displayPosition.x - l.x, dy: p.displayPosition.y - l.y });
  });
  return offsets;
}

/** Places labels when the view changed or the last placement is older than the interval. */
export function createLabelScheduler(intervalMs = LABEL_LAYOUT_MS) {
  let last = -Infinity;
  let current = new Map<string, LabelOffset>();
  return {
    offsets(now: number, viewChanged: boolean, collect: () => ScreenLabel[]) {
      if (viewChanged || now - last >= intervalMs) {
        last = now;
        current = labelOffsets(collect());
      }
      return current;
    },
  };
}
