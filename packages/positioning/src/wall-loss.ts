/**
 * Multi-wall path loss: the walls the straight line from a gateway to a spot passes through,
 * counted per wall class, and the signal they take. A class is learnt as one loss (its reference
 * wall's); a wall whose own loss differs from its class's reference counts as that many reference
 * walls (a 12 dB wall in a class of 8 dB walls counts 1.5), so per-wall losses are honoured at the
 * starting point and scale with what the site learns for the class.
 */
import type { WallSegment } from './floor.ts';
import type { Grid } from './grid.ts';
import type { Anchor } from './types.ts';

/** A class of wall: its kind and the loss per crossing its walls count in units of (dB). */
export interface WallClassLoss {
  kind: string;
  referenceDb: number;
}

/**
 * The classes of these walls, sorted by kind. A class's reference loss is the loss most of its
 * walls (by length) take; walls taking no loss count for nothing and set no class.
 */
export function wallClasses(walls: readonly WallSegment[]): WallClassLoss[] {
  const byKind = new Map<string, Map<number, number>>();
  for (const w of walls) {
    if (!(w.lossDb > 0)) continue;
    let lengths = byKind.get(w.kind);
    if (!lengths) byKind.set(w.kind, (lengths = new Map()));
    const len = Math.hypot(w.x1 - w.x0, w.y1 - w.y0);
    lengths.set(w.lossDb, (lengths.get(w.lossDb) ?? 0) + len);
  }
  const out: WallClassLoss[] = [];
  for (const [kind, lengths] of byKind) {
    let best = -1;
    let referenceDb = 0;
    for (const [loss, len] of lengths) {
      if (len > best || (len === best && loss < referenceDb)) {
        best = len;
        referenceDb = loss;
      }
    }
    out.push({ kind, referenceDb });
  }
  return out.sort((a, b) => (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0));
}

/**
 * Most walls counted on one link. Past a few walls the strongest path is no longer the straight
 * one through them but the long way round (along a corridor, through doors, diffracted over the
 * partitions), whose loss grows much more slowly: the COST 231 multi-wall model's measured links
 * flatten after three to four walls. Three is the physical figure; more walls than that on one
 * link count as three, shared among the classes crossed in proportion.
 */
export const MAX_WALLS_COUNTED = 3;

/** Angular bins of a sight index: enough that a bin holds the few walls in that direction. */
const SIGHT_BINS = 512;
/**
 * Two crossings of one class closer than this along the line (m) are one wall: its two faces
 * drawn as two lines (as plans, and outlines traced around inner walls, draw thick walls), or two
 * of its segments meeting. About an interior wall's thickness (0.1–0.2 m); distinct walls stand
 * a room or a corridor apart. On the sets of bench:accuracy whose walls are traced as outlines
 * (the Kolakowski flat's inner walls are 0.1–0.17 m slits of its outline) counting both faces
 * doubled their loss: the flat's test run read 0.89 of the centroid's median error against 0.83.
 */
export const WALL_FACES_M = 0.2;
/** A wall this close to the gateway's spot (m) runs through it and never counts. */
const JOINT_M = 1e-6;

/** The walls seen from one point (a gateway), indexed by direction. */
export interface WallSight {
  readonly classes: readonly WallClassLoss[];
  /**
   * The walls crossed from the origin to (x, y), per class in reference walls, into out (one
   * entry per class), MAX_WALLS_COUNTED at most in all; returns their total.
   */
  crossings(x: number, y: number, out: Float64Array): number;
}

/** A wall as the sight index tests it: endpoints, direction and what a crossing counts. */
interface SightWall {
  x0: number;
  y0: number;
  dx: number;
  dy: number;
  /** The wall's length (m). */
  len: number;
  cls: number;
  weight: number;
}

/** A sight index of the walls from (ox, oy); walls through the origin itself never count. */
export function createWallSight(
  ox: number,
  oy: number,
  walls: readonly WallSegment[],
  classes: readonly WallClassLoss[] = wallClasses(walls),
): WallSight {
  const classOf = new Map(classes.map((c, k) => [c.kind, k]));
  const bins: SightWall[][] = Array.from({ length: SIGHT_BINS }, () => []);
  const binOf = (angle: number) => Math.floor(((angle + Math.PI) / (2 * Math.PI)) * SIGHT_BINS);
  for (const w of walls) {
    const k = classOf.get(w.kind);
    if (k === undefined || !(w.lossDb > 0)) continue;
    const dx = w.x1 - w.x0;
    const dy = w.y1 - w.y0;
    const sw: SightWall = {
      x0: w.x0,
      y0: w.y0,
      dx,
      dy,
      len: Math.sqrt(dx * dx + dy * dy),
      cls: k,
      weight: w.lossDb / classes[k]!.referenceDb,
    };
    if (onSegment(ox, oy, sw)) continue;
    const a0 = Math.atan2(w.y0 - oy, w.x0 - ox);
    const a1 = Math.atan2(w.y1 - oy, w.x1 - ox);
    // The wall subtends the shorter arc between its ends (less than π: it misses the origin).
    let from = Math.min(a0, a1);
    let span = Math.abs(a1 - a0);
    if (span > Math.PI) {
      from = Math.max(a0, a1);
      span = 2 * Math.PI - span;
    }
    // One bin of margin on each side keeps rays through a wall's end on the safe side of rounding.
    const first = binOf(from) - 1;
    const last = binOf(from + span) + 1;
    for (let b = first; b <= last; b++)
      bins[((b % SIGHT_BINS) + SIGHT_BINS) % SIGHT_BINS]!.push(sw);
  }
  // The crossings found along the current line (where, which class, what it counts), sorted by
  // where before they are counted, and each class's last crossing and the weight its wall counts.
  let hitU = new Float64Array(16);
  let hitK = new Int32Array(16);
  let hitW = new Float64Array(16);
  const lastU = new Float64Array(classes.length);
  const lastW = new Float64Array(classes.length);
  return {
    classes,
    crossings(x, y, out) {
      out.fill(0);
      const rx = x - ox;
      const ry = y - oy;
      const len = Math.sqrt(rx * rx + ry * ry);
      if (!(len > 0)) return 0;
      const bin = bins[Math.min(SIGHT_BINS - 1, binOf(Math.atan2(ry, rx)))]!;
      let hits = 0;
      for (let b = 0; b < bin.length; b++) {
        const w = bin[b]!;
        const u = crossingAt(ox, oy, rx, ry, len, w);
        if (!(u * len > JOINT_M)) continue;
        if (hits === hitU.length) {
          hitU = grown(hitU, new Float64Array(2 * hits));
          hitK = grown(hitK, new Int32Array(2 * hits));
          hitW = grown(hitW, new Float64Array(2 * hits));
        }
        // Insertion by where: a line crosses a few walls.
        let h = hits++;
        for (; h > 0 && hitU[h - 1]! > u; h--) {
          hitU[h] = hitU[h - 1]!;
          hitK[h] = hitK[h - 1]!;
          hitW[h] = hitW[h - 1]!;
        }
        hitU[h] = u;
        hitK[h] = w.cls;
        hitW[h] = w.weight;
      }
      lastU.fill(-Infinity);
      let total = 0;
      for (let h = 0; h < hits; h++) {
        const k = hitK[h]!;
        const weight = hitW[h]!;
        // Within WALL_FACES_M of the class's last crossing: the same wall, counted once (at the
        // largest weight of its faces).
        const same = (hitU[h]! - lastU[k]!) * len < WALL_FACES_M;
        lastU[k] = hitU[h]!;
        const add = same ? Math.max(0, weight - lastW[k]!) : weight;
        if (!same || weight > lastW[k]!) lastW[k] = weight;
        out[k] = out[k]! + add;
        total += add;
      }
      if (total > MAX_WALLS_COUNTED) {
        const k = MAX_WALLS_COUNTED / total;
        for (let c = 0; c < out.length; c++) out[c] = out[c]! * k;
        total = MAX_WALLS_COUNTED;
      }
      return total;
    },
  };
}

/**
 * Where along the line origin + u·(rx, ry), u in [0, 1], it meets the wall (touching counts);
 * NaN when it does not or runs along it.
 */
function crossingAt(
  ox: number,
  oy: number,
  rx: number,
  ry: number,
  len: number,
  w: SightWall,
): number {
  const den = rx * w.dy - ry * w.dx;
  if (!(Math.abs(den) > 1e-12 * len * w.len)) return NaN;
  const ex = w.x0 - ox;
  const ey = w.y0 - oy;
  const u = (ex * w.dy - ey * w.dx) / den;
  const t = (ex * ry - ey * rx) / den;
  const eps = 1e-9;
  return u >= 0 && u <= 1 + eps && t >= -eps && t <= 1 + eps ? u : NaN;
}

function grown<T extends Float64Array | Int32Array>(from: T, to: T): T {
  to.set(from);
  return to;
}

function onSegment(x: number, y: number, w: SightWall): boolean {
  const len2 = w.dx * w.dx + w.dy * w.dy;
  const t = Math.max(0, Math.min(1, ((x - w.x0) * w.dx + (y - w.y0) * w.dy) / len2));
  return Math.hypot(w.x0 + t * w.dx - x, w.y0 + t * w.dy - y) < JOINT_M;
}

/** The walls between each anchor and each cell centre of a grid, per class. */
export interface WallCrossings {
  grid: Grid;
  classes: readonly WallClassLoss[];
  /** By anchor id: reference walls crossed, cell-major (cell c, class k at c·classes + k). */
  byAnchor: ReadonlyMap<string, Float32Array>;
}

/** The crossings of every anchor over the grid (uncached; see wallCrossings). */
export function buildWallCrossings(
  grid: Grid,
  anchors: readonly Anchor[],
  walls: readonly WallSegment[],
): WallCrossings {
  const classes = wallClasses(walls);
  const K = classes.length;
  const byAnchor = new Map<string, Float32Array>();
  const one = new Float64Array(K);
  for (const a of anchors) {
    const sight = createWallSight(a.x, a.y, walls, classes);
    const counts = new Float32Array(grid.nx * grid.ny * K);
    for (let j = 0, c = 0; j < grid.ny; j++) {
      const y = grid.y0 + j * grid.step;
      for (let i = 0; i < grid.nx; i++, c++) {
        if (sight.crossings(grid.x0 + i * grid.step, y, one) > 0) counts.set(one, c * K);
      }
    }
    byAnchor.set(a.id, counts);
  }
  return { grid, classes, byAnchor };
}

// Crossings by walls array, then anchors array, for the few grids last asked for.
const CROSSINGS = new WeakMap<object, WeakMap<object, WallCrossings[]>>();
const GRIDS_KEPT = 4;

/**
 * The crossings of these anchors over the grid through these walls, built once per walls array,
 * anchors array and grid: a caller that keeps its arrays rebuilds its maps for free.
 */
export function wallCrossings(
  grid: Grid,
  anchors: readonly Anchor[],
  walls: readonly WallSegment[],
): WallCrossings {
  let byAnchors = CROSSINGS.get(walls);
  if (!byAnchors) CROSSINGS.set(walls, (byAnchors = new WeakMap()));
  let kept = byAnchors.get(anchors);
  if (!kept) byAnchors.set(anchors, (kept = []));
  const g = grid;
  const found = kept.find(
    (w) =>
      w.grid.x0 === g.x0 &&
      w.grid.y0 === g.y0 &&
      w.grid.step === g.step &&
      w.grid.nx === g.nx &&
      w.grid.ny === g.ny,
  );
  if (found) return found;
  const built = buildWallCrossings({ ...grid }, anchors, walls);
  kept.unshift(built);
  if (kept.length > GRIDS_KEPT) kept.length = GRIDS_KEPT;
  return built;
}

/** The loss per crossing of each class's reference wall (dB); a class's reference when absent. */
export type WallLosses = ReadonlyMap<string, number>;

/** The loss per crossing of each class (dB): the learnt one, else the class's reference. */
function classLosses(classes: readonly WallClassLoss[], losses?: WallLosses): number[] {
  return classes.map((c) => losses?.get(c.kind) ?? c.referenceDb);
}

/**
 * The loss (dB) of the walls on the straight line from an anchor to a spot, Σ loss_k ·
 * crossings_k as subtractWallLoss takes it off a radio map; 0 without walls. One sight index per
 * anchor is built on first use.
 */
export function wallLossAt(walls: readonly WallSegment[], losses?: WallLosses) {
  const classes = wallClasses(walls);
  const loss = classLosses(classes, losses);
  const sights = new Map<string, WallSight>();
  const counts = new Float64Array(classes.length);
  return (anchor: Anchor, x: number, y: number): number => {
    if (classes.length === 0) return 0;
    let sight = sights.get(anchor.id);
    if (!sight)
      sights.set(anchor.id, (sight = createWallSight(anchor.x, anchor.y, walls, classes)));
    sight.crossings(x, y, counts);
    let db = 0;
    for (let k = 0; k < classes.length; k++) db += loss[k]! * counts[k]!;
    return db;
  };
}

/** Take each cell's wall loss off an anchor's surface (in place): Σ loss_k · crossings_k. */
export function subtractWallLoss(
  surface: Float64Array,
  crossings: WallCrossings,
  anchorId: string,
  losses?: WallLosses,
): void {
  const counts = crossings.byAnchor.get(anchorId);
  const K = crossings.classes.length;
  if (!counts || K === 0 || counts.length !== surface.length * K) return;
  const loss = classLosses(crossings.classes, losses);
  for (let c = 0, base = 0; c < surface.length; c++, base += K) {
    let db = 0;
    for (let k = 0; k < K; k++) db += loss[k]! * counts[base + k]!;
    surface[c] = surface[c]! - db;
  }
}
