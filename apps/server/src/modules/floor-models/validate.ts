/**
 * What a floor model must be beyond its schema, in map pixels: a bounded number of wall segments,
 * each of some length; unique ids; points on the plan; every door on a wall; a simple outline.
 * Each check answers with the sentence of FLOOR_MODEL_ERRORS and where the problem is.
 */
import {
  FLOOR_MODEL_ERRORS,
  FLOOR_MODEL_LIMITS,
  type FloorModel,
  type FloorModelErrorKey,
  type FloorPoint,
} from '@rtls/contract';
import type { PlanSize } from '../maps/plan-size.ts';
import { polygonProblem } from '../zones/geometry.ts';

const say = (key: FloorModelErrorKey, where: string) => `${FLOOR_MODEL_ERRORS[key].en}: ${where}`;
const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const items = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/**
 * The first coordinate or loss in a body as sent that is not a number (null, text, true), or null.
 * The schema alone would turn such values into numbers (null into 0), so they are refused first.
 */
export function nonNumberIn(body: unknown): string | null {
  if (!isRecord(body)) return null;
  const point = (p: unknown, where: string) => {
    if (!isRecord(p)) return null;
    for (const k of ['x', 'y'] as const)
      if (k in p && typeof p[k] !== 'number') return say('notANumber', `${where}.${k}`);
    return null;
  };
  const walls = items(body.walls);
  for (let i = 0; i < walls.length; i++) {
    const w = walls[i];
    if (!isRecord(w)) continue;
    if (w.lossDb !== undefined && w.lossDb !== null && typeof w.lossDb !== 'number')
      return say('notANumber', `walls[${i}].lossDb`);
    const points = items(w.points);
    for (let j = 0; j < points.length; j++) {
      const bad = point(points[j], `walls[${i}].points[${j}]`);
      if (bad) return bad;
    }
  }
  const doors = items(body.doors);
  for (let i = 0; i < doors.length; i++) {
    const d = doors[i];
    if (!isRecord(d)) continue;
    const bad = point(d.a, `doors[${i}].a`) ?? point(d.b, `doors[${i}].b`);
    if (bad) return bad;
  }
  const outline = items(body.outline);
  for (let i = 0; i < outline.length; i++) {
    const bad = point(outline[i], `outline[${i}]`);
    if (bad) return bad;
  }
  return null;
}

/** The model with only the fields the contract names (what is stored and served). */
export function cleanFloorModel(model: FloorModel): FloorModel {
  const pt = (p: FloorPoint): FloorPoint => ({ x: p.x, y: p.y });
  return {
    walls: model.walls.map((w) => ({
      id: w.id,
      points: w.points.map(pt),
      kind: w.kind,
      ...(w.lossDb !== undefined ? { lossDb: w.lossDb } : {}),
    })),
    doors: model.doors.map((d) => ({ id: d.id, a: pt(d.a), b: pt(d.b) })),
    outline: model.outline?.map(pt) ?? null,
  };
}

/** Distance from p to the segment a–b. */
function segmentDistance(p: FloorPoint, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - ax) * dx + (p.y - ay) * dy) / len2));
  return Math.hypot(p.x - (ax + t * dx), p.y - (ay + t * dy));
}

const at = (p: FloorPoint) => `(${p.x}, ${p.y})`;

/** Why this model cannot be stored on a plan of this size (null: size unknown), or null. */
export function floorModelProblem(model: FloorModel, plan: PlanSize | null): string | null {
  const segments = model.walls.reduce((n, w) => n + Math.max(0, w.points.length - 1), 0);
  if (segments > FLOOR_MODEL_LIMITS.maxSegments)
    return `${FLOOR_MODEL_ERRORS.tooManySegments.en}: ${segments} given`;
  return (
    duplicateId(model) ??
    zeroLength(model) ??
    (plan ? outsidePlan(model, plan) : null) ??
    doorProblem(model) ??
    outlineProblem(model)
  );
}

function duplicateId(model: FloorModel): string | null {
  for (const [what, list] of [
    ['wall', model.walls],
    ['door', model.doors],
  ] as const) {
    const seen = new Set<string>();
    for (const { id } of list) {
      if (seen.has(id)) return say('duplicateId', `${what} "${id}"`);
      seen.add(id);
    }
  }
  return null;
}

function zeroLength(model: FloorModel): string | null {
  for (const w of model.walls)
    for (let i = 1; i < w.points.length; i++) {
      const a = w.points[i - 1]!;
      const b = w.points[i]!;
      if (a.x === b.x && a.y === b.y)
        return say('zeroLengthSegment', `wall "${w.id}", points ${i} and ${i + 1} at ${at(a)}`);
    }
  return null;
}

function outsidePlan(model: FloorModel, plan: PlanSize): string | null {
  const mx = plan.width * FLOOR_MODEL_LIMITS.planMargin;
  const my = plan.height * FLOOR_MODEL_LIMITS.planMargin;
  const off = (p: FloorPoint) =>
    p.x < -mx || p.x > plan.width + mx || p.y < -my || p.y > plan.height + my;
  const where = (what: string, p: FloorPoint) =>
    say('outsidePlan', `${what} at ${at(p)} on a plan of ${plan.width} × ${plan.height} px`);
  for (const w of model.walls)
    for (const p of w.points) if (off(p)) return where(`wall "${w.id}"`, p);
  for (const d of model.doors)
    for (const p of [d.a, d.b]) if (off(p)) return where(`door "${d.id}"`, p);
  for (const p of model.outline ?? []) if (off(p)) return where('the outline', p);
  return null;
}

function doorProblem(model: FloorModel): string | null {
  if (model.doors.length === 0) return null;
  // Every wall segment as x0, y0, x1, y1, flat, for the doors × segments search.
  const segs: number[] = [];
  for (const w of model.walls)
    for (let i = 1; i < w.points.length; i++) {
      const a = w.points[i - 1]!;
      const b = w.points[i]!;
      segs.push(a.x, a.y, b.x, b.y);
    }
  const snap = FLOOR_MODEL_LIMITS.doorSnapPx;
  for (const d of model.doors) {
    if (d.a.x === d.b.x && d.a.y === d.b.y) return say('doorNoWidth', `door "${d.id}"`);
    const [minX, maxX] = [Math.min(d.a.x, d.b.x), Math.max(d.a.x, d.b.x)];
    const [minY, maxY] = [Math.min(d.a.y, d.b.y), Math.max(d.a.y, d.b.y)];
    let onWall = false;
    for (let s = 0; s < segs.length && !onWall; s += 4) {
      const [ax, ay, bx, by] = [segs[s]!, segs[s + 1]!, segs[s + 2]!, segs[s + 3]!];
      // A segment whose box, widened by the snap, does not hold the whole door is not its wall.
      if (Math.min(ax, bx) - snap > minX || Math.max(ax, bx) + snap < maxX) continue;
      if (Math.min(ay, by) - snap > minY || Math.max(ay, by) + snap < maxY) continue;
      onWall =
        segmentDistance(d.a, ax, ay, bx, by) <= snap &&
        segmentDistance(d.b, ax, ay, bx, by) <= snap;
    }
    if (!onWall) return say('doorOffWall', `door "${d.id}" from ${at(d.a)} to ${at(d.b)}`);
  }
  return null;
}

function outlineProblem(model: FloorModel): string | null {
  if (!model.outline) return null;
  const problem = polygonProblem(model.outline);
  if (problem === 'polygonCrosses') return FLOOR_MODEL_ERRORS.outlineCrosses.en;
  if (problem === 'polygonFlat') return FLOOR_MODEL_ERRORS.outlineFlat.en;
  return null;
}
