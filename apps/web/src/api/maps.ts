/** Map calls of spec §7. */
import type { TrackingMap } from '@rtls/contract';
import { apiRequest } from './http.ts';

type MapsBody = { success: boolean; maps: TrackingMap[] };
type MapBody = { success: boolean; map: TrackingMap };

export const fetchMaps = async () =>
  (await apiRequest<MapsBody>('/maps', { error: 'fetchMaps' })).maps;
export const fetchSharedMaps = async () =>
  (await apiRequest<MapsBody>('/maps/shared', { error: 'fetchSharedMaps' })).maps;
export const fetchMap = async (id: string) =>
  (await apiRequest<MapBody>(`/maps/${encodeURIComponent(id)}`, { error: 'fetchMap' })).map;
