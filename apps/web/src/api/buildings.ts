/** Building calls: the caller's buildings, one building, and its create, change and delete. */
import type { Building, BuildingBody, BuildingResponse, BuildingsResponse } from '@rtls/contract';
import { apiRequest } from './http.ts';

const buildingPath = (id?: string) =>
  id === undefined ? '/buildings' : `/buildings/${encodeURIComponent(id)}`;

/** The buildings with a floor the caller owns or shares, each with only those floors. */
export const fetchBuildings = async (): Promise<Building[]> =>
  (await apiRequest<BuildingsResponse>(buildingPath(), { error: 'fetchBuildings' })).buildings;

export const fetchBuilding = async (id: string): Promise<Building> =>
  (await apiRequest<BuildingResponse>(buildingPath(id), { error: 'fetchBuilding' })).building;

export const createBuilding = async (body: BuildingBody): Promise<Building> =>
  (
    await apiRequest<BuildingResponse>(buildingPath(), {
      method: 'POST',
      body,
      error: 'createBuilding',
    })
  ).building;

export const updateBuilding = async (id: string, body: BuildingBody): Promise<Building> =>
  (
    await apiRequest<BuildingResponse>(buildingPath(id), {
      method: 'PUT',
      body,
      error: 'updateBuilding',
    })
  ).building;

export const deleteBuilding = async (id: string): Promise<void> => {
  await apiRequest(buildingPath(id), { method: 'DELETE', error: 'deleteBuilding' });
};
