/** A device's recent track on a map, for trails (x, y in map pixels). */
import { ApiError, apiRequest } from './http.ts';

export interface TrailPoint {
  x: number;
  y: number;
  timestamp: string;
}

/** The trail's points, or an empty list when the server has none (404). */
export async function fetchTrail(mac: string, mapId: string, minutes: number) {
  try {
    const res = await apiRequest<{ data: { points: TrailPoint[] } }>(
      `/devices/${encodeURIComponent(mac)}/trail`,
      { query: { mapId, minutes } },
    );
    return res.data.points.filter((p) => Number.isFinite(p.x) && Number.isFinite(p.y));
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return [];
    throw err;
  }
}
