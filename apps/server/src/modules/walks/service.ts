/**
 * Walk rules: owners and editors of a map start walks on it for one of the map owner's tags, add,
 * redo and remove points while the walk is open (an interrupted walk is resumed by reading it and
 * adding on) or walk a drawn path at a steady pace (a point per few seconds of it), and finish it
 * once it has enough points. A point is on the plan, its window runs forward for a plausible time,
 * and it overlaps no other point's (two taps at once).
 */
import { randomUUID } from 'node:crypto';
import {
  WALK_ERRORS,
  WALK_LIMITS,
  type MapSettings,
  type Walk,
  type WalkCreateBody,
  type WalkPathBody,
  type WalkPointBody,
  type Zone,
} from '@rtls/contract';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { planSize } from '../maps/plan-size.ts';
import { assertCan, type MapAction } from '../maps/access.ts';
import type { MapRow, MapsRepository } from '../maps/repository.ts';
import type { SingleMapFrame } from '../positions/frames.ts';
import type { StoredPoint, WalksRepository } from './repository.ts';

/** What the walks module needs of its neighbours. */
export interface WalkDeps {
  repo: WalksRepository;
  maps: MapsRepository;
  /** The map's locating frame with the calibration in force; null without placed gateways. */
  frameOf: (mapId: string) => Promise<SingleMapFrame | null>;
  zonesOf: (mapId: string) => Promise<Zone[]>;
  /** A map's applied calibration changed: its frames must be read again. */
  onRadioChanged: (mapId: string) => void;
  newId?: () => string;
  now?: () => Date;
}

const say = (key: keyof typeof WALK_ERRORS) => WALK_ERRORS[key].en;

/** True when a spot (map pixels) lies off the plan; never when the plan's size is unknown. */
function offPlan(p: { x: number; y: number }, settings: MapSettings | null | undefined): boolean {
  const plan = planSize(settings);
  return plan !== null && (p.x < 0 || p.y < 0 || p.x > plan.width || p.y > plan.height);
}

/** The problem with a point, or null: on the plan, a window forward and of a plausible length. */
export function pointProblem(
  p: StoredPoint,
  settings: MapSettings | null | undefined,
  others: readonly StoredPoint[],
): { status: 400 | 409; message: string } | null {
  if (offPlan(p, settings)) return { status: 400, message: say('offPlan') };
  const ms = p.toMs - p.fromMs;
  if (!Number.isFinite(ms) || ms < WALK_LIMITS.minWindowMs || ms > WALK_LIMITS.maxWindowMs)
    return { status: 400, message: say('badWindow') };
  if (others.some((o) => o.id !== p.id && p.fromMs < o.toMs && o.fromMs < p.toMs))
    return { status: 409, message: say('overlaps') };
  return null;
}

/** Access to walks and their maps, shared by the walk and calibration rules. */
export function walkAccess(deps: WalkDeps) {
  const mapFor = async (userId: string, mapId: string, action: MapAction): Promise<MapRow> =>
    assertCan(await deps.maps.visible(userId, mapId), action);
  return {
    mapFor,
    /** The walk and its map, when the user may do this on the map; 404 for a walk not seen. */
    async walkFor(userId: string, walkId: string, action: MapAction) {
      const walk = await deps.repo.get(walkId);
      if (!walk) throw notFound('Walk');
      const map = await deps.maps.visible(userId, walk.mapId);
      if (!map) throw notFound('Walk');
      return { walk, map: assertCan(map, action) };
    },
  };
}

/** Where a walker at a steady pace along the path (pixels) is at a fraction (0…1) of its time. */
export function alongPath(path: readonly { x: number; y: number }[], fraction: number) {
  const lengths = path.slice(1).map((p, i) => Math.hypot(p.x - path[i]!.x, p.y - path[i]!.y));
  let left = fraction * lengths.reduce((a, b) => a + b, 0);
  for (let i = 0; i < lengths.length; i++) {
    const len = lengths[i]!;
    if (left <= len && len > 0) {
      const a = path[i]!;
      const b = path[i + 1]!;
      return { x: a.x + ((b.x - a.x) * left) / len, y: a.y + ((b.y - a.y) * left) / len };
    }
    left -= len;
  }
  return { ...path[path.length - 1]! };
}

/**
 * A path walked from fromMs to toMs as points: one per WALK_LIMITS.pathStepMs (the last slice
 * taking the remainder), each where the walker was in the middle of its slice.
 */
export function pathPoints(
  path: readonly { x: number; y: number }[],
  fromMs: number,
  toMs: number,
  newId: () => string,
): StoredPoint[] {
  const step = WALK_LIMITS.pathStepMs;
  const n = Math.floor((toMs - fromMs) / step);
  return Array.from({ length: n }, (_, i) => {
    const start = fromMs + i * step;
    const end = i === n - 1 ? toMs : start + step;
    const at = alongPath(path, ((start + end) / 2 - fromMs) / (toMs - fromMs));
    return { id: newId(), device: null, x: at.x, y: at.y, fromMs: start, toMs: end };
  });
}

export function walksService(deps: WalkDeps) {
  const { repo } = deps;
  const newId = deps.newId ?? randomUUID;
  const access = walkAccess(deps);
  const openWalk = async (userId: string, walkId: string) => {
    const found = await access.walkFor(userId, walkId, 'edit');
    if (found.walk.status !== 'open') throw conflict(say('finished'));
    return found;
  };
  /** Store points checked against the walk's others as they are (under the walk's lock). */
  const put = async (walkId: string, settings: MapSettings, make: StoredPoint[]) => {
    await repo.changePoints(walkId, async (status, points) => {
      if (status !== 'open') throw conflict(say('finished'));
      const added = make.filter((p) => !points.some((o) => o.id === p.id)).length;
      if (points.length + added > WALK_LIMITS.maxPoints) throw badRequest(say('tooManyPoints'));
      for (const p of make) {
        const problem = pointProblem(p, settings, points);
        if (problem)
          throw problem.status === 409 ? conflict(problem.message) : badRequest(problem.message);
      }
      return make;
    });
    return (await repo.get(walkId))!;
  };
  const store = async (userId: string, walkId: string, id: string, body: WalkPointBody) => {
    const { map } = await openWalk(userId, walkId);
    const device = body.deviceMac ?? null;
    if (device !== null && !(await repo.deviceKnown(map.owner_id, device, true)))
      throw badRequest(say('deviceUnknown'));
    const [fromMs, toMs] = [Date.parse(body.from), Date.parse(body.to)];
    return put(walkId, map.settings, [{ id, device, x: body.x, y: body.y, fromMs, toMs }]);
  };
  return {
    async list(userId: string, mapId: string): Promise<Walk[]> {
      await access.mapFor(userId, mapId, 'edit');
      return repo.ofMap(mapId);
    },
    async create(userId: string, mapId: string, body: WalkCreateBody): Promise<Walk> {
      const map = await access.mapFor(userId, mapId, 'edit');
      if (!(await repo.deviceKnown(map.owner_id, body.deviceMac)))
        throw badRequest(say('deviceUnknown'));
      if ((await repo.openCount(mapId)) >= WALK_LIMITS.maxOpenPerMap)
        throw conflict(say('tooManyOpen'));
      const id = newId();
      await repo.insert({ id, mapId, deviceMac: body.deviceMac, createdBy: userId });
      return (await repo.get(id))!;
    },
    async get(userId: string, walkId: string): Promise<Walk> {
      return (await access.walkFor(userId, walkId, 'edit')).walk;
    },
    addPoint: (userId: string, walkId: string, body: WalkPointBody) =>
      store(userId, walkId, newId(), body),
    /** A drawn path walked at a steady pace, as points (all of them, or none when one is refused). */
    async addPath(userId: string, walkId: string, body: WalkPathBody): Promise<Walk> {
      const { map } = await openWalk(userId, walkId);
      const fromMs = Date.parse(body.from);
      const toMs = Date.parse(body.to);
      if (!(toMs - fromMs >= WALK_LIMITS.pathStepMs)) throw badRequest(say('pathTooShort'));
      if (body.path.some((v) => offPlan(v, map.settings))) throw badRequest(say('offPlan'));
      return put(walkId, map.settings, pathPoints(body.path, fromMs, toMs, newId));
    },
    async replacePoint(userId: string, walkId: string, pointId: string, body: WalkPointBody) {
      const { walk } = await openWalk(userId, walkId);
      if (!walk.points.some((p) => p.id === pointId)) throw notFound('Point');
      return store(userId, walkId, pointId, body);
    },
    async removePoint(userId: string, walkId: string, pointId: string): Promise<Walk> {
      await openWalk(userId, walkId);
      if (!(await repo.deletePoint(walkId, pointId))) throw notFound('Point');
      return (await repo.get(walkId))!;
    },
    async finish(userId: string, walkId: string): Promise<Walk> {
      const { walk } = await openWalk(userId, walkId);
      if (walk.points.length < WALK_LIMITS.minPoints) throw badRequest(say('tooFewPoints'));
      await repo.finish(walkId);
      return (await repo.get(walkId))!;
    },
  };
}
export type WalksService = ReturnType<typeof walksService>;
