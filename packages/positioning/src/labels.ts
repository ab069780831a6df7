/** Label placement of spec §9: push overlapping labels outwards on rings, flag leader lines. */
import { LABEL } from '@rtls/contract';

/** A label anchored at a marker, in map units. */
export interface LabelInput {
  id: string;
  x: number;
  y: number;
}

/** Where to draw the label and whether a line must join it to its marker. */
export interface LabelPlacement {
  id: string;
  displayPosition: { x: number; y: number };
  needsLeaderLine: boolean;
}

function overlaps(ax: number, ay: number, bx: number, by: number): boolean {
  return Math.abs(ax - bx) < LABEL.boxWidth && Math.abs(ay - by) < LABEL.boxHeight;
}

function collides(x: number, y: number, placed: readonly LabelPlacement[]): boolean {
  for (const p of placed) {
    const px = p.displayPosition.x;
    const py = p.displayPosition.y;
    // Only labels within the collision radius are candidates; boxes decide the actual overlap.
    if (Math.hypot(px - x, py - y) < LABEL.collisionRadius && overlaps(x, y, px, py)) return true;
  }
  return false;
}

/**
 * Place labels in input order (earlier = higher priority). A label stays on its marker when its
 * 80×30 box overlaps no earlier label; otherwise the first free spot on 49 rings of 8 angles,
 * 10 px apart, is used and needsLeaderLine is set. With no free spot it stays put, unflagged.
 */
export function placeLabels(labels: readonly LabelInput[]): LabelPlacement[] {
  const placed: LabelPlacement[] = [];
  for (const l of labels) placed.push(placeOne(l, placed));
  return placed;
}

function placeOne(l: LabelInput, placed: readonly LabelPlacement[]): LabelPlacement {
  if (!collides(l.x, l.y, placed))
    return { id: l.id, displayPosition: { x: l.x, y: l.y }, needsLeaderLine: false };
  for (let ring = 1; ring <= LABEL.rings; ring++) {
    const r = ring * LABEL.ringStepPx;
    for (let k = 0; k < LABEL.anglesPerRing; k++) {
      const angle = (2 * Math.PI * k) / LABEL.anglesPerRing;
      const x = l.x + r * Math.cos(angle);
      const y = l.y + r * Math.sin(angle);
      if (!collides(x, y, placed))
        return { id: l.id, displayPosition: { x, y }, needsLeaderLine: true };
    }
  }
  return { id: l.id, displayPosition: { x: l.x, y: l.y }, needsLeaderLine: false };
}
