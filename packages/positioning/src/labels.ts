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

/** A rectangle of screen pixels. */
export interface Extent {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
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
  bounds?: Extent;
}

const CELL = 64;

/** Offsets of the ring spots from home (px): ring by ring, angle by angle, as they are tried. */
const RING_DX: number[] = [];
const RING_DY: number[] = [];
for (let ring = 1; ring <= LABEL.rings; ring++) {
  const r = ring * LABEL.ringStepPx;
  for (let k = 0; k < LABEL.anglesPerRing; k++) {
    const angle = (2 * Math.PI * k) / LABEL.anglesPerRing;
    RING_DX.push(r * Math.cos(angle));
    RING_DY.push(r * Math.sin(angle));
  }
}

/** Most cells of a grid: beyond it (a label far off screen) the cells grow instead. */
const MAX_GRID_CELLS = 1 << 16;

/**
 * Boxes bucketed by the cells they cover (CELL px, larger when `extent` is too wide for
 * MAX_GRID_CELLS of them), so a test looks only at near boxes. Every box tested lies within
 * `extent`, so boxes beyond it are left out.
 */
class BoxGrid {
  private readonly cell: number;
  private readonly cx0: number;
  private readonly cy0: number;
  private readonly nx: number;
  private readonly ny: number;
  private readonly cells: (LabelObstacle[] | undefined)[];

  constructor(extent: Extent) {
    const area = Math.max(1, (extent.x1 - extent.x0) * (extent.y1 - extent.y0));
    this.cell = Math.max(CELL, Math.sqrt(area / MAX_GRID_CELLS) + 1);
    this.cx0 = Math.floor(extent.x0 / this.cell);
    this.cy0 = Math.floor(extent.y0 / this.cell);
    this.nx = Math.max(1, Math.floor(extent.x1 / this.cell) - this.cx0 + 1);
    this.ny = Math.max(1, Math.floor(extent.y1 / this.cell) - this.cy0 + 1);
    this.cells = new Array<LabelObstacle[] | undefined>(this.nx * this.ny);
  }

  add(b: LabelObstacle) {
    const c = this.cell;
    const x0 = Math.max(0, Math.floor((b.x - b.w / 2) / c) - this.cx0);
    const x1 = Math.min(this.nx - 1, Math.floor((b.x + b.w / 2) / c) - this.cx0);
    const y0 = Math.max(0, Math.floor((b.y - b.h / 2) / c) - this.cy0);
    const y1 = Math.min(this.ny - 1, Math.floor((b.y + b.h / 2) / c) - this.cy0);
    for (let j = y0; j <= y1; j++)
      for (let i = x0; i <= x1; i++) {
        const k = j * this.nx + i;
        const cell = this.cells[k];
        if (cell) cell.push(b);
        else this.cells[k] = [b];
      }
  }

  /**
   * Whether the box centred at (x, y), w × h, grown by `gap`, overlaps any box here other than
   * those owned by `id` (and other than the soft ones, unless `soft`).
   */
  hits(x: number, y: number, w: number, h: number, gap: number, id: string, soft: boolean) {
    const c = this.cell;
    const x0 = Math.max(0, Math.floor((x - w / 2 - gap) / c) - this.cx0);
    const x1 = Math.min(this.nx - 1, Math.floor((x + w / 2 + gap) / c) - this.cx0);
    const y0 = Math.max(0, Math.floor((y - h / 2 - gap) / c) - this.cy0);
    const y1 = Math.min(this.ny - 1, Math.floor((y + h / 2 + gap) / c) - this.cy0);
    const gw = w + 2 * gap;
    const gh = h + 2 * gap;
    for (let j = y0; j <= y1; j++)
      for (let i = x0; i <= x1; i++) {
        const cell = this.cells[j * this.nx + i];
        if (!cell) continue;
        for (let n = 0; n < cell.length; n++) {
          const o = cell[n]!;
          if (
            Math.abs(o.x - x) * 2 < o.w + gw &&
            Math.abs(o.y - y) * 2 < o.h + gh &&
            o.owner !== id &&
            (soft || !o.soft)
          )
            return true;
        }
      }
    return false;
  }
}

/**
 * Where every tested box (grown by the gap) lies: around each spot a label may take (home and
 * its rings, the spot of last time), within the bounds when given. Labels at no finite spot
 * take none (their tests find nothing in the grid, as they would find nothing near them).
 */
function testedExtent(labels: readonly LabelRequest[], gap: number, bounds?: Extent): Extent {
  const e = { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity };
  const take = (x: number, y: number, rw: number, rh: number) => {
    if (!Number.isFinite(x) || !Number.isFinite(y) || !(rw < Infinity) || !(rh < Infinity)) return;
    e.x0 = Math.min(e.x0, x - rw);
    e.x1 = Math.max(e.x1, x + rw);
    e.y0 = Math.min(e.y0, y - rh);
    e.y1 = Math.max(e.y1, y + rh);
  };
  const reach = LABEL.rings * LABEL.ringStepPx;
  for (const l of labels) {
    take(l.home.x, l.home.y, reach + l.w / 2 + gap, reach + l.h / 2 + gap);
    if (l.prefer) take(l.prefer.x, l.prefer.y, l.w / 2 + gap, l.h / 2 + gap);
  }
  if (bounds && [bounds.x0, bounds.y0, bounds.x1, bounds.y1].every(Number.isFinite)) {
    e.x0 = Math.max(e.x0, bounds.x0 - gap);
    e.y0 = Math.max(e.y0, bounds.y0 - gap);
    e.x1 = Math.min(e.x1, bounds.x1 + gap);
    e.y1 = Math.min(e.y1, bounds.y1 + gap);
  }
  return e.x0 <= e.x1 && e.y0 <= e.y1 ? e : { x0: 0, y0: 0, x1: 0, y1: 0 };
}

/** Place labels in priority order around markers and among obstacles (see the file's doc). */
export function declutterLabels(
  labels: readonly LabelRequest[],
  obstacles: readonly LabelObstacle[],
  options: DeclutterOptions = {},
): LabelPlacement[] {
  const gap = options.gap ?? 2;
  let budget = options.budget ?? 60_000;
  const b = options.bounds;
  const grid = new BoxGrid(testedExtent(labels, gap, b));
  for (const o of obstacles) grid.add(o);
  const anySoft = obstacles.some((o) => o.soft);
  const out: LabelPlacement[] = [];
  /** Whether label l's centre may go at (x, y); each test spends one of the budget. */
  const free = (l: LabelRequest, x: number, y: number, soft: boolean) => {
    budget--;
    const hw = l.w / 2;
    const hh = l.h / 2;
    if (b && (x - hw < b.x0 || x + hw > b.x1 || y - hh < b.y0 || y + hh > b.y1)) return false;
    if (l.fits && !l.fits({ x, y, w: l.w, h: l.h })) return false;
    return !grid.hits(x, y, l.w, l.h, gap, l.id, soft);
  };
  /** Home, the spot of last time, then the rings: the first free one. */
  const search = (l: LabelRequest, soft: boolean): { x: number; y: number } | null => {
    if (budget > 0 && free(l, l.home.x, l.home.y, soft)) return l.home;
    if (l.prefer && budget > 0 && free(l, l.prefer.x, l.prefer.y, soft)) return l.prefer;
    for (let k = 0; k < RING_DX.length; k++) {
      // The budget is looked at ring by ring, as a ring's spots are tried together.
      if (k % LABEL.anglesPerRing === 0 && !(budget > 0)) break;
      const x = l.home.x + RING_DX[k]!;
      const y = l.home.y + RING_DY[k]!;
      if (free(l, x, y, soft)) return { x, y };
    }
    return null;
  };
  for (const l of labels) {
    const spot = search(l, true) ?? (anySoft ? search(l, false) : null);
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
