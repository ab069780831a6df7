/**
 * Where zone labels go on screen: each inside its own zone (every corner of the label inside the
 * polygon), off the gateway icons, off the map's controls and the other zone labels, and inside the
 * visible map; at the zone's centre when that is free, else at the nearest free spot (the same
 * ring search as tag labels). A zone too small on screen for its name shows its count alone.
 */
import { declutterLabels, insidePolygon, type LabelBox } from '@rtls/positioning';
import type { Point } from '@rtls/contract';

/** A zone label to place: the zone's outline and its label's home, in container pixels. */
export interface ScreenZoneLabel {
  id: string;
  outline: readonly Point[];
  home: Point;
  /** The whole label (name and count). */
  w: number;
  h: number;
  /** The count alone, for a zone too small for its name. */
  compact: { w: number; h: number };
}

/** Where a zone label's centre goes (container pixels), and whether it shows its count alone. */
export interface ZoneLabelSpot {
  x: number;
  y: number;
  compact: boolean;
}

/** Every corner of the box inside the outline. */
const boxInside = (outline: readonly Point[], b: LabelBox) =>
  [
    [-1, -1],
    [1, -1],
    [1, 1],
    [-1, 1],
  ].every(([sx, sy]) => insidePolygon(outline, b.x + (sx! * b.w) / 2, b.y + (sy! * b.h) / 2));

/**
 * The spot of each zone label, by zone id, in order of the labels: the whole label inside its
 * zone; else the count alone inside it; else the count alone at the nearest free spot by the zone
 * (a zone smaller on screen than its count); else the count at the zone's centre.
 */
export function placeZoneLabels(
  labels: readonly ScreenZoneLabel[],
  obstacles: readonly LabelBox[],
  view: { w: number; h: number },
): Map<string, ZoneLabelSpot> {
  const taken: LabelBox[] = [...obstacles];
  const bounds = { x0: 0, y0: 0, x1: view.w, y1: view.h };
  const out = new Map<string, ZoneLabelSpot>();
  for (const l of labels) {
    const inside = (b: LabelBox) => boxInside(l.outline, b);
    const tries = [
      { ...l.compact, compact: false, w: l.w, h: l.h, fits: inside },
      { ...l.compact, compact: true, fits: inside },
      { ...l.compact, compact: true, fits: undefined },
    ];
    let spot: ZoneLabelSpot = { ...l.home, compact: true };
    for (const t of tries) {
      const [p] = declutterLabels(
        [{ id: l.id, home: l.home, w: t.w, h: t.h, fits: t.fits }],
        taken,
        { gap: 2, bounds },
      );
      if (p && !p.hidden) {
        spot = { x: p.x, y: p.y, compact: t.compact };
        taken.push({ x: p.x, y: p.y, w: t.w, h: t.h });
        break;
      }
    }
    out.set(l.id, spot);
  }
  return out;
}
