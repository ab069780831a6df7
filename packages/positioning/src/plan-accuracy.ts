/**
 * Predicted accuracy of a gateway layout over a floor, before anything is installed: at each cell
 * of a grid, the p90 of the position error the Cramér–Rao bound allows from one reading of every
 * gateway that hears the spot, each reading a link window of the tags' packets weighted as the
 * locator weighs it (countGain). A gateway counts by how likely it hears the spot (the model's mean
 * level, less the walls on the way, against the gateway's threshold and the receivers'
 * sensitivity), the tag's own offset is solved for as the engine does, and the walls' losses are
 * those of the map's floor model per wall class (wall-loss.ts). The tracker never places a tag off
 * the plan, so the plan itself is a prior: a Gaussian with the variance of a uniform spread over its
 * extent (W²/12 and H²/12) adds its information to every spot the layout can locate (a Bayesian
 * Cramér–Rao bound). It matters where the gateways say little, outside their hull or along a line
 * of them, and keeps a small floor's prediction within the floor; a spot the layout alone cannot
 * locate stays unresolved.
 */
import { positionCovariance, withPositionPrior } from './crlb.ts';
import { insidePolygon, solidWalls, type FloorGeometry, type WallSegment } from './floor.ts';
import { LINK_WINDOW_MS } from './link-window.ts';
import {
  DEFAULT_RADIO_MODEL,
  heightOffset,
  modelForAnchor,
  type RadioModel,
} from './radio-model.ts';
import { countGain } from './signals.ts';
import type { Anchor } from './types.ts';
import { metres } from './units.ts';
import { createWallSight, wallClasses, type WallClassLoss } from './wall-loss.ts';

/** Receivers hear nothing weaker than this (dBm): typical BLE sensitivity. */
export const PLAN_SENSITIVITY_DBM = -100;
/** Errors above this (m) count as this much in means, and unresolved spots too. */
export const PLAN_ERROR_CAP_M = 10;
/** Default cell of the predicted-accuracy grid (m): fine enough for rooms, quick to redraw. */
export const PLAN_STEP_M = 0.5;

/** What the prediction is made from. */
export interface PlanInput {
  /** The placed gateways (m). */
  anchors: readonly Anchor[];
  /** The plan's size (m); the grid covers [0, width] × [0, height]. */
  width: number;
  height: number;
  /** Walls (per class losses) and the walkable outline; open floor when absent. */
  floor?: FloorGeometry | null;
  /** Grid cell (m); PLAN_STEP_M when absent. */
  step?: number;
  model?: RadioModel;
  /** How often a tag is heard (packets per second); PLAN_PACKET_RATE_HZ when absent. */
  packetRateHz?: number;
}

/** A tag heard once a second: the usual BLE tag setting and the building simulator's rate. */
export const PLAN_PACKET_RATE_HZ = 1;

/** The prediction over the grid: cell (i, j) is centred at ((i + ½)·step, (j + ½)·step). */
export interface PlanAccuracy {
  step: number;
  nx: number;
  ny: number;
  /** Predicted p90 error per cell (m), row-major; Infinity where the layout cannot locate. */
  p90: Float32Array;
  /** 1 for cells on the floor (inside the outline), 0 outside. */
  inside: Uint8Array;
}

/** How much of the floor meets a target. */
export interface PlanCoverage {
  /** Share of the floor's cells whose p90 is at most the target (0–1). */
  share: number;
  /** The same as an area (m²). */
  areaM2: number;
  /** Mean p90 over the floor (m), each cell capped at PLAN_ERROR_CAP_M. */
  meanM: number;
}

/** A proposed extra gateway and what it would bring. */
export interface PlanProposal {
  x: number;
  y: number;
  before: PlanCoverage;
  after: PlanCoverage;
}

/** The grid, the floor's cells and the walls of a plan: what every layout on it shares. */
interface PlanGrid {
  step: number;
  nx: number;
  ny: number;
  inside: Uint8Array;
  /** Indices of the cells on the floor. */
  cells: Int32Array;
  walls: WallSegment[];
  classes: WallClassLoss[];
  model: RadioModel;
  /** Packets in one link window. */
  packets: number;
  /** The plan as a prior on the position: information per axis (m⁻²), see the file's comment. */
  floorPrecision: { x: number; y: number };
}

/** Information (m⁻²) per axis of a position known only to lie within this extent. */
function floorPrecisionOf(input: PlanInput): { x: number; y: number } {
  const outline = input.floor?.outline;
  const xs = outline?.length ? outline.map((p) => p.x) : [0, input.width];
  const ys = outline?.length ? outline.map((p) => p.y) : [0, input.height];
  const span = (v: number[]) => Math.max(1e-3, Math.max(...v) - Math.min(...v));
  return { x: 12 / span(xs) ** 2, y: 12 / span(ys) ** 2 };
}

function planGrid(input: PlanInput): PlanGrid {
  const step = input.step ?? PLAN_STEP_M;
  const nx = Math.max(1, Math.ceil(input.width / step - 1e-9));
  const ny = Math.max(1, Math.ceil(input.height / step - 1e-9));
  const outline = input.floor?.outline ?? null;
  const inside = new Uint8Array(nx * ny);
  const cells: number[] = [];
  for (let j = 0, c = 0; j < ny; j++) {
    for (let i = 0; i < nx; i++, c++) {
      if (outline && !insidePolygon(outline, (i + 0.5) * step, (j + 0.5) * step)) continue;
      inside[c] = 1;
      cells.push(c);
    }
  }
  const walls = input.floor ? solidWalls(input.floor) : [];
  return {
    step,
    nx,
    ny,
    inside,
    cells: Int32Array.from(cells),
    walls,
    classes: wallClasses(walls),
    model: input.model ?? DEFAULT_RADIO_MODEL,
    packets: Math.max(1, ((input.packetRateHz ?? PLAN_PACKET_RATE_HZ) * LINK_WINDOW_MS) / 1000),
    floorPrecision: floorPrecisionOf(input),
  };
}

/** Fisher information per cell: six sums (see createPositionInformation) per cell. */
const INFO = 6;

/** Standard normal CDF (Abramowitz–Stegun 7.1.26 erf, error below 1.5e-7). */
function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const poly =
    t *
    (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-x * x);
  return z >= 0 ? 0.5 * (1 + erf) : 0.5 * (1 - erf);
}

/**
 * Calls add(cell, jx, jy, w) for every floor cell the anchor may hear: the slopes of its mean
 * level (dB/m) and the reading's weight: the chance of hearing it times the window's precision.
 */
function forEachLink(
  grid: PlanGrid,
  anchor: Anchor,
  add: (cell: number, jx: number, jy: number, w: number) => void,
): void {
  const m = modelForAnchor(anchor, grid.model);
  const k = (10 * m.exponent) / Math.LN10;
  const dz = heightOffset(anchor);
  const threshold = Math.max(PLAN_SENSITIVITY_DBM, anchor.logicThreshold ?? -Infinity);
  const loss = grid.classes.map((c) => c.referenceDb);
  const sight =
    grid.walls.length > 0 ? createWallSight(anchor.x, anchor.y, grid.walls, grid.classes) : null;
  const crossed = new Float64Array(grid.classes.length);
  const precision = countGain(grid.packets, m.sigmaDb) / (m.sigmaDb * m.sigmaDb);
  for (let n = 0; n < grid.cells.length; n++) {
    const c = grid.cells[n]!;
    const x = ((c % grid.nx) + 0.5) * grid.step;
    const y = (Math.floor(c / grid.nx) + 0.5) * grid.step;
    const dx = x - anchor.x;
    const dy = y - anchor.y;
    const d2 = dx * dx + dy * dy + dz * dz + 1e-9;
    let wallDb = 0;
    if (sight && sight.crossings(x, y, crossed) > 0) {
      for (let q = 0; q < loss.length; q++) wallDb += loss[q]! * crossed[q]!;
    }
    const mean = m.rssiAt1m - 5 * m.exponent * Math.log10(d2) - wallDb;
    const heard = normalCdf((mean - threshold) / m.sigmaDb);
    if (heard < 1e-4) continue;
    add(c, (-k * dx) / d2, (-k * dy) / d2, heard * precision);
  }
}

function addAnchor(grid: PlanGrid, info: Float64Array, anchor: Anchor): void {
  forEachLink(grid, anchor, (c, jx, jy, w) => {
    const o = c * INFO;
    info[o] = info[o]! + w * jx * jx;
    info[o + 1] = info[o + 1]! + w * jx * jy;
    info[o + 2] = info[o + 2]! + w * jx;
    info[o + 3] = info[o + 3]! + w * jy * jy;
    info[o + 4] = info[o + 4]! + w * jy;
    info[o + 5] = info[o + 5]! + w;
  });
}

/**
 * p90 of the radial error (m) of a cell from its information sums, plus one more reading, with the
 * plan's prior; Infinity where the readings alone cannot locate.
 */
function cellP90(
  grid: PlanGrid,
  info: Float64Array,
  o: number,
  offsetPrecision: number | null,
  extra?: { jx: number; jy: number; w: number },
): number {
  const [jx, jy, w] = extra ? [extra.jx, extra.jy, extra.w] : [0, 0, 0];
  const cov = positionCovariance(
    [
      info[o]! + w * jx * jx,
      info[o + 1]! + w * jx * jy,
      info[o + 2]! + w * jx,
      info[o + 3]! + w * jy * jy,
      info[o + 4]! + w * jy,
      info[o + 5]! + w,
    ],
    offsetPrecision,
    1e-12,
  );
  return cov ? radialP90(withPositionPrior(cov, grid.floorPrecision)) : Infinity;
}

/** The predicted p90 error over the plan for this layout. */
export function planAccuracy(input: PlanInput): PlanAccuracy {
  const grid = planGrid(input);
  const info = layoutInformation(grid, input.anchors);
  return { step: grid.step, nx: grid.nx, ny: grid.ny, p90: p90Of(grid, info), inside: grid.inside };
}

function layoutInformation(grid: PlanGrid, anchors: readonly Anchor[]): Float64Array {
  const info = new Float64Array(grid.nx * grid.ny * INFO);
  for (const a of anchors) addAnchor(grid, info, a);
  return info;
}

const offsetPrecisionOf = (model: RadioModel) =>
  model.txOffsetSigmaDb > 0 ? 1 / model.txOffsetSigmaDb ** 2 : null;

function p90Of(grid: PlanGrid, info: Float64Array): Float32Array {
  const out = new Float32Array(grid.nx * grid.ny).fill(Infinity);
  const prior = offsetPrecisionOf(grid.model);
  for (let n = 0; n < grid.cells.length; n++) {
    const c = grid.cells[n]!;
    out[c] = cellP90(grid, info, c * INFO, prior);
  }
  return out;
}

/** How much of the plan's floor meets the target (m). */
export function planCoverage(plan: PlanAccuracy, targetM: number): PlanCoverage {
  let floor = 0;
  let met = 0;
  let sum = 0;
  for (let c = 0; c < plan.p90.length; c++) {
    if (!plan.inside[c]) continue;
    const e = plan.p90[c]!;
    floor++;
    if (e <= targetM) met++;
    sum += Math.min(e, PLAN_ERROR_CAP_M);
  }
  const cellArea = plan.step * plan.step;
  return {
    share: floor ? met / floor : 0,
    areaM2: met * cellArea,
    meanM: floor ? sum / floor : PLAN_ERROR_CAP_M,
  };
}

/** Options of the search for an extra gateway. */
export interface ProposalOptions {
  targetM: number;
  /** Spacing of the spots tried (m); every floor cell centre of a grid this coarse. */
  candidateStep?: number;
}

/**
 * The best spot for one more gateway, set up like the others (newGatewayLike): the spot, among
 * floor cells of a candidate grid, that brings the most floor within the target; ties go to the
 * lower mean error (which also decides when no spot changes the area). Null without a floor.
 */
export function proposeGateway(input: PlanInput, options: ProposalOptions): PlanProposal | null {
  const grid = planGrid(input);
  const info = layoutInformation(grid, input.anchors);
  const current: PlanAccuracy = {
    step: grid.step,
    nx: grid.nx,
    ny: grid.ny,
    p90: p90Of(grid, info),
    inside: grid.inside,
  };
  const before = planCoverage(current, options.targetM);
  const candidates = planGrid({ ...input, step: options.candidateStep ?? 2 * grid.step });
  const prior = offsetPrecisionOf(grid.model);
  const trial = new Float32Array(current.p90);
  const like = newGatewayLike(input.anchors);
  let best: PlanProposal | null = null;
  for (let n = 0; n < candidates.cells.length; n++) {
    const c = candidates.cells[n]!;
    const x = ((c % candidates.nx) + 0.5) * candidates.step;
    const y = (Math.floor(c / candidates.nx) + 0.5) * candidates.step;
    trial.set(current.p90);
    forEachLink(grid, { ...like, x: metres(x), y: metres(y) }, (cell, jx, jy, w) => {
      trial[cell] = cellP90(grid, info, cell * INFO, prior, { jx, jy, w });
    });
    const after = planCoverage({ ...current, p90: trial }, options.targetM);
    if (
      !best ||
      after.areaM2 > best.after.areaM2 + 1e-9 ||
      (Math.abs(after.areaM2 - best.after.areaM2) <= 1e-9 && after.meanM < best.after.meanM - 1e-9)
    ) {
      best = { x, y, before, after };
    }
  }
  return best;
}

/**
 * A new gateway set up like the layout's: the median height, rssi@1m and threshold of the
 * gateways that state one (the defaults where none does), at the origin.
 */
export function newGatewayLike(anchors: readonly Anchor[]): Anchor {
  const median = (values: (number | null | undefined)[]) => {
    const v = values.filter((x): x is number => typeof x === 'number' && Number.isFinite(x));
    v.sort((a, b) => a - b);
    return v.length ? (v[(v.length - 1) >> 1]! + v[v.length >> 1]!) / 2 : undefined;
  };
  const like: Anchor = { id: 'proposed', x: metres(0), y: metres(0) };
  const z = median(anchors.map((a) => a.z));
  const maxRSSI = median(anchors.map((a) => a.maxRSSI));
  const logicThreshold = median(anchors.map((a) => a.logicThreshold));
  if (z !== undefined) like.z = metres(z);
  if (maxRSSI !== undefined) like.maxRSSI = maxRSSI;
  if (logicThreshold !== undefined) like.logicThreshold = logicThreshold;
  return like;
}

/**
 * p90 of the radial error of a zero-mean 2-D Gaussian with this covariance (m): between 1.645
 * (all along one axis) and 2.146 (circular) times the larger axis's σ, by the axes' ratio.
 */
export function radialP90(cov: { xx: number; xy: number; yy: number }): number {
  const mean = (cov.xx + cov.yy) / 2;
  const spread = Math.sqrt(((cov.xx - cov.yy) / 2) ** 2 + cov.xy * cov.xy);
  const major = mean + spread;
  const minor = Math.max(0, mean - spread);
  if (!(major > 0)) return 0;
  const ratio = Math.sqrt(minor / major);
  const table = p90Table();
  const f = ratio * (table.length - 1);
  const i = Math.min(table.length - 2, Math.floor(f));
  const k = table[i]! + (table[i + 1]! - table[i]!) * (f - i);
  return k * Math.sqrt(major);
}

const RATIOS = 33;
let P90_TABLE: Float64Array | null = null;

/** p90 radius over the major σ, for minor/major σ ratios 0, 1/32, …, 1 (computed once). */
function p90Table(): Float64Array {
  if (P90_TABLE) return P90_TABLE;
  const table = new Float64Array(RATIOS);
  for (let r = 0; r < RATIOS; r++) {
    const ratio = r / (RATIOS - 1);
    let lo = 1;
    let hi = 2.2;
    for (let it = 0; it < 50; it++) {
      const mid = (lo + hi) / 2;
      if (radialCdf(mid, ratio) < 0.9) lo = mid;
      else hi = mid;
    }
    table[r] = (lo + hi) / 2;
  }
  return (P90_TABLE = table);
}

/**
 * P(|e| ≤ R) for axes σ 1 and `ratio`: ∫ φ(x) · P(|y| ≤ √(R² − x²)) dx over |x| ≤ R, which
 * stays well-behaved down to a flat ellipse (ratio 0, the one-axis normal).
 */
function radialCdf(radius: number, ratio: number): number {
  const steps = 512;
  const h = (2 * radius) / steps;
  let sum = 0;
  for (let s = 0; s < steps; s++) {
    const x = -radius + (s + 0.5) * h;
    const half = Math.sqrt(Math.max(0, radius * radius - x * x));
    const py = ratio > 0 ? 2 * normalCdf(half / ratio) - 1 : 1;
    sum += Math.exp((-x * x) / 2) * py;
  }
  return (sum * h) / Math.sqrt(2 * Math.PI);
}
