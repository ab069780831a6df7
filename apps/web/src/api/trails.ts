/** A device's recent track on a map, for trails (x, y in map pixels). */
import type { TrailQuery, TrailResponse } from '@rtls/contract';
import { ApiError, apiRequest } from './http.ts';

/** The trail's points, or an empty list when the server has none (404). */
export async function fetchTrail(mac: string, mapId: string, minutes: number) {
  try {
    const query: TrailQuery = { mapId, minutes };
    const res = await apiRequest<TrailResponse>(`/devices/${encodeURIComponent(mac)}/trail`, {
      query,
    });
    return res.data.points.filter((p) => Number.isFinite(p.x) && Number.isFinite(p.y));
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return [];
    throw err;
  }
}
