/**
 * Floor model rules: anyone who may read the map reads its model (the empty one when none was
 * stored); owners and editors replace it whole. A model is checked (validate.ts) before it is
 * stored, so a refused one leaves the stored model as it was.
 */
import { EMPTY_FLOOR_MODEL, type FloorModel } from '@rtls/contract';
import { badRequest, notFound } from '../../lib/errors.ts';
import { assertCan, type MapAction } from '../maps/access.ts';
import { planSize } from '../maps/plan-size.ts';
import type { MapsRepository } from '../maps/repository.ts';
import type { FloorModelsRepository } from './repository.ts';
import { cleanFloorModel, floorModelProblem } from './validate.ts';

export interface FloorModelAnswer {
  floorModel: FloorModel;
  /** When it was last replaced (ISO 8601); null when none was ever stored. */
  updatedAt: string | null;
}

/** PostgreSQL's foreign key violation: the map was deleted while its model was being stored. */
const isMissingMap = (err: unknown) =>
  typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23503';

export function floorModelsService(
  models: FloorModelsRepository,
  maps: MapsRepository,
  /** A map's model was replaced (positions re-read it, watchers are told). */
  onChanged: (mapId: string) => void | Promise<void>,
) {
  const mapFor = async (userId: string, mapId: string, action: MapAction) =>
    assertCan(await maps.visible(userId, mapId), action);
  return {
    async get(userId: string, mapId: string): Promise<FloorModelAnswer> {
      await mapFor(userId, mapId, 'read');
      return (await models.get(mapId)) ?? { floorModel: EMPTY_FLOOR_MODEL, updatedAt: null };
    },

    /** Replace the map's model; a 400 names what is wrong with it. */
    async replace(userId: string, mapId: string, body: FloorModel): Promise<FloorModelAnswer> {
      const map = await mapFor(userId, mapId, 'edit');
      const model = cleanFloorModel(body);
      const problem = floorModelProblem(model, planSize(map.settings));
      if (problem) throw badRequest(problem);
      const stored = await models.put(mapId, model).catch((err: unknown) => {
        throw isMissingMap(err) ? notFound('Map') : err;
      });
      await onChanged(mapId);
      return stored;
    },
  };
}
export type FloorModelsService = ReturnType<typeof floorModelsService>;
