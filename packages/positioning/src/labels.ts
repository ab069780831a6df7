/**
 * Label placement on screen: each label starts at its home spot; when its box would
 * cover an earlier label, a tag or a gateway icon, it moves to the first free spot on 49 rings of
 * 8 angles, 10 px apart (and needs a leader line); with no free spot it is hidden, except labels
 * marked `keep` (the selected device's), which stay home. A label that had to move may name the
 * spot it was drawn at before: that spot is tried before the rings, so labels placed again and
 * again (moving tags) stay where they were while it is free instead of hopping around. Given
 * bounds (the visible map), a label is placed only where it lies wholly inside them. Soft
 * obstacles (text printed in the plan) are kept clear while some spot is: a label that finds no
 * spot clear of them is placed again as if they were not there.
 */
import { LABEL } from '@rtls/contract';

/** An axis-aligned box by its centre and size (screen pixels). */
export interface LabelBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Something labels must not cover: a tag's dot, a gateway icon. */
export interface LabelObstacle extends LabelBox {
  /** The label this obstacle belongs to may cover it (a name box over its own device's spot). */
  owner?: string;
  /** Covered only when no spot clear of it is left (text printed in the plan). */
  soft?: boolean;
}

/** A label to place. Labels are placed in the given order: earlier ones have priority. */
export interface LabelRequest {
  id: string;
  /** Where the label's centre sits when nothing is in the way. */
  home: { x: number; y: number };
  w: number;
  h: number;
  /** Never hidden: stays home when no spot is free. */
  keep?: boolean;
  /** Where its centre was drawn last time, away from home: tried right after home. */
  prefer?: { x: number; y: number };
  /** Where the label may go besides the bounds (a zone's name inside its zone); anywhere if absent. */
  fits?: (box: LabelBox) => boolean;
}

/** Where a label is drawn (its centre), whether a leader line joins it to its marker, or hidden. */
export interface LabelPlacement {
  id: string;
  x: number;
  y: number;
  needsLeaderLine: boolean;
  hidden: boolean;
}

export interface DeclutterOptions {
  /** Free space kept around every box (px). Default 2. */
  gap?: number;
  /**
   * Most candidate spots tested in one call: a crowded view costs bounded work, and the labels
   * left when it runs out are hidden (the `keep` ones stay home). Default 60,000.
   */
  budget?: number;
  /** Where labels must lie wholly (the visible map, screen pixels); anywhere when absent. */
  bounds?: { x0: number; y0: number; x1: number; y1: number };
}

const CELL = 64;

/** Boxes bucketed by the 64 px cells they cover, so a test looks only at near boxes. */
class BoxGrid {
  private readonly cells = new Map<number, LabelObstacle[]>();

  private static key(cx: number, cy: number) {
    return (cx + 32768) * 65536 + (cy + 32768);
  }

  private range(b: LabelBox, pad: number) {
    return {
      x0: Math.floor((b.x - b.w / 2 - pad) / CELL),
      x1: Math.floor((b.x + b.w / 2 + pad) / CELL),
      y0: Math.floor((b.y - b.h / 2 - pad) / CELL),
      y1: Math.floor((b.y + b.h / 2 + pad) / CELL),
    };
  }

  add(b: LabelObstacle) {
    const r = this.range(b, 0);
    for (let i = r.x0; i <= r.x1; i++)
      for (let j = r.y0; j <= r.y1; j++) {
        const k = BoxGrid.key(i, j);
        const cell = this.cells.get(k);
        if (cell) cell.push(b);
        else this.cells.set(k, [b]);
      }
  }

  /**
   * Whether `b` (grown by `gap`) overlaps any box here other than those owned by `id` (and other
   * than the soft ones, unless `soft`).
   */
  hits(b: LabelBox, gap: number, id: string, soft: boolean): boolean {
    const r = this.range(b, gap);
    for (let i = r.x0; i <= r.x1; i++)
      for (let j = r.y0; j <= r.y1; j++) {
        const cell = this.cells.get(BoxGrid.key(i, j));
        if (!cell) continue;
        for (const o of cell)
          if (
            o.owner !== id &&
            (soft || !o.soft) &&
            Math.abs(o.x - b.x) * 2 < o.w + b.w + 2 * gap &&
            Math.abs(o.y - b.y) * 2 < o.h + b.h + 2 * gap
          )
            return true;
      }
    return false;
  }
}

/** Place labels in priority order around markers and among obstacles (see the file's doc). */
export function declutterLabels(
  labels: readonly LabelRequest[],
  obstacles: readonly LabelObstacle[],
  options: DeclutterOptions = {},
): LabelPlacement[] {
  const gap = options.gap ?? 2;
  let budget = options.budget ?? 60_000;
  const grid = new BoxGrid();
  for (const o of obstacles) grid.add(o);
  const anySoft = obstacles.some((o) => o.soft);
  const out: LabelPlacement[] = [];
  for (const l of labels) {
    const b = options.bounds;
    const free = (x: number, y: number, soft: boolean) => {
      budget--;
      if (
        b &&
        (x - l.w / 2 < b.x0 || x + l.w / 2 > b.x1 || y - l.h / 2 < b.y0 || y + l.h / 2 > b.y1)
      )
        return false;
      if (l.fits && !l.fits({ x, y, w: l.w, h: l.h })) return false;
      return !grid.hits({ x, y, w: l.w, h: l.h }, gap, l.id, soft);
    };
    /** Home, the spot of last time, then the rings: the first free one. */
    const search = (soft: boolean) => {
      if (budget > 0 && free(l.home.x, l.home.y, soft)) return l.home;
      if (l.prefer && budget > 0 && free(l.prefer.x, l.prefer.y, soft)) return l.prefer;
      for (let ring = 1; budget > 0 && ring <= LABEL.rings; ring++) {
        const r = ring * LABEL.ringStepPx;
        for (let k = 0; k < LABEL.anglesPerRing; k++) {
          const angle = (2 * Math.PI * k) / LABEL.anglesPerRing;
          const x = l.home.x + r * Math.cos(angle);
          const y = l.home.y + r * Math.sin(angle);
          if (free(x, y, soft)) return { x, y };
        }
      }
      return null;
    };
    const spot = search(true) ?? (anySoft ? search(false) : null);
    if (!spot && !l.keep) {
      out.push({ id: l.id, x: l.home.x, y: l.home.y, needsLeaderLine: false, hidden: true });
      continue;
    }
    const at = spot ?? l.home;
    const moved = at !== l.home;
    out.push({ id: l.id, x: at.x, y: at.y, needsLeaderLine: moved, hidden: false });
    grid.add({ x: at.x, y: at.y, w: l.w, h: l.h });
  }
  return out;
}

/** Whether two boxes overlap (touching edges do not). */
export function boxesOverlap(a: LabelBox, b: LabelBox): boolean {
  return Math.abs(a.x - b.x) * 2 < a.w + b.w && Math.abs(a.y - b.y) * 2 < a.h + b.h;
}
