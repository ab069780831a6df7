/**
 * Zone rules: anyone who may read the map reads its zones; owners and editors create, edit and
 * delete them. A polygon must be simple (no crossing edges) and have an area.
 */
import {
  ALERTING_ERRORS,
  ZONE_DEFAULT_COLOR,
  ZONE_LIMITS,
  type Zone,
  type ZoneCreateBody,
  type ZoneUpdateBody,
} from '@rtls/contract';
import { badRequest, conflict, HttpError } from '../../lib/errors.ts';
import type { MapsRepository } from '../maps/repository.ts';
import { polygonProblem } from './geometry.ts';
import { mapFor, mapItemAccess } from './map-items.ts';
import type { ZonesRepository } from './repository.ts';

export { mapFor };

export const zoneNotFound = () => new HttpError(404, ALERTING_ERRORS.zoneNotFound.en);

export function zonesService(
  zones: ZonesRepository,
  maps: MapsRepository,
  /** A map's zones changed (presence re-reads them, watchers are told). */
  onChanged: (mapId: string) => void | Promise<void>,
) {
  const checked = (polygon: ZoneCreateBody['polygon']) => {
    const problem = polygonProblem(polygon);
    if (problem) throw badRequest(ALERTING_ERRORS[problem].en);
    return polygon.map((p) => ({ x: p.x, y: p.y }));
  };
  const { change, ...access } = mapItemAccess(maps, zones, zoneNotFound, onChanged);
  return {
    ...access,
    async create(userId: string, mapId: string, body: ZoneCreateBody): Promise<Zone> {
      await mapFor(maps, userId, mapId, 'edit');
      const polygon = checked(body.polygon);
      if ((await zones.count(mapId)) >= ZONE_LIMITS.maxZonesPerMap)
        throw conflict(ALERTING_ERRORS.tooManyZones.en);
      const zone = await zones.insert({
        mapId,
        name: body.name.trim(),
        color: (body.color ?? ZONE_DEFAULT_COLOR).toUpperCase(),
        polygon,
      });
      await onChanged(mapId);
      return zone;
    },
    update: (userId: string, mapId: string, zoneId: string, body: ZoneUpdateBody) =>
      change(userId, mapId, zoneId, (current) =>
        zones.update(mapId, zoneId, {
          name: body.name?.trim() ?? current.name,
          color: body.color?.toUpperCase() ?? current.color,
          polygon: body.polygon ? checked(body.polygon) : current.polygon,
        }),
      ),
  };
}
export type ZonesService = ReturnType<typeof zonesService>;
