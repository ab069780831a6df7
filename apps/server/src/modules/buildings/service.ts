/**
 * Building rules: a building shows to whoever may read one of its floors, with the floors (and the
 * stops of stairs and lifts) they may read; creating, changing and deleting one takes the right to
 * edit every map it has or would have as a floor. A map is a floor of one building at most.
 */
import type { Building, BuildingBody } from '@rtls/contract';
import { BUILDING_ERRORS } from '@rtls/contract';
import { badRequest, HttpError, notFound } from '../../lib/errors.ts';
import { assertCan } from '../maps/access.ts';
import { planSize, type PlanSize } from '../maps/plan-size.ts';
import type { MapsRepository } from '../maps/repository.ts';
import { isFloorTaken, type BuildingsRepository } from './repository.ts';
import { buildingProblem } from './validate.ts';

/** The building as this reader may see it: only their floors and the stops on them. */
function forReader(b: Building, readable: ReadonlySet<string>): Building {
  return {
    ...b,
    floors: b.floors.filter((f) => readable.has(f.mapId)),
    links: b.links
      .map((l) => ({ ...l, stops: l.stops.filter((s) => readable.has(s.mapId)) }))
      .filter((l) => l.stops.length > 0),
  };
}

export function buildingsService(
  buildings: BuildingsRepository,
  maps: MapsRepository,
  /** The floors of these maps changed (positions re-read which maps are floors of what). */
  onChanged: (mapIds: string[]) => void | Promise<void>,
) {
  /** Each map's plan size, after checking the caller may edit every one of them. */
  async function editable(userId: string, mapIds: Iterable<string>) {
    const plans = new Map<string, PlanSize | null>();
    for (const id of new Set(mapIds))
      plans.set(id, planSize(assertCan(await maps.visible(userId, id), 'edit').settings));
    return plans;
  }

  async function readable(userId: string, id: string): Promise<Building> {
    const b = await buildings.get(id);
    if (!b) throw notFound('Building');
    const can = await maps.readable(
      userId,
      b.floors.map((f) => f.mapId),
    );
    if (can.size === 0) throw notFound('Building');
    return forReader(b, can);
  }

  async function store(write: () => Promise<Building>): Promise<Building> {
    try {
      return await write();
    } catch (err) {
      if (isFloorTaken(err)) throw new HttpError(409, BUILDING_ERRORS.inOtherBuilding);
      throw err;
    }
  }

  return {
    async list(userId: string): Promise<Building[]> {
      const mine = [...(await maps.own(userId)), ...(await maps.shared(userId))].map((m) => m.id);
      const can = new Set(mine);
      return (await buildings.ofMaps(mine)).map((b) => forReader(b, can));
    },

    get: readable,

    async create(userId: string, body: BuildingBody): Promise<Building> {
      const plans = await editable(
        userId,
        body.floors.map((f) => f.mapId),
      );
      const problem = buildingProblem(body, plans);
      if (problem) throw badRequest(problem);
      const created = await store(() => buildings.insert(userId, body));
      await onChanged(created.floors.map((f) => f.mapId));
      return created;
    },

    async replace(userId: string, id: string, body: BuildingBody): Promise<Building> {
      const before = await readable(userId, id);
      const stored = (await buildings.get(id))!;
      const was = stored.floors.map((f) => f.mapId);
      const plans = await editable(userId, [...was, ...body.floors.map((f) => f.mapId)]);
      const problem = buildingProblem(body, plans);
      if (problem) throw badRequest(problem);
      const after = await store(() => buildings.replace(before._id, body));
      await onChanged([...new Set([...was, ...after.floors.map((f) => f.mapId)])]);
      return after;
    },

    async remove(userId: string, id: string): Promise<void> {
      await readable(userId, id);
      const was = (await buildings.get(id))!.floors.map((f) => f.mapId);
      await editable(userId, was);
      await buildings.remove(id);
      await onChanged(was);
    },
  };
}
export type BuildingsService = ReturnType<typeof buildingsService>;
