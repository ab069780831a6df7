/** The floor model calls of one map: read it, replace it whole (owners and editors). */
import type { FloorModel, FloorModelResponse } from '@rtls/contract';
import { apiRequest } from './http.ts';

const floorModelPath = (mapId: string) => `/maps/${encodeURIComponent(mapId)}/floor-model`;

export const fetchFloorModel = (mapId: string) =>
  apiRequest<FloorModelResponse>(floorModelPath(mapId), { error: 'fetchFloorModel' });

export const saveFloorModel = (mapId: string, model: FloorModel) =>
  apiRequest<FloorModelResponse>(floorModelPath(mapId), {
    method: 'PUT',
    body: model,
    error: 'updateFloorModel',
  });
