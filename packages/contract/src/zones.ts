/**
 * Zones: named polygons (rooms, areas) on a map, in map pixels like gateway positions.
 * GET/POST /api/maps/{id}/zones; PUT/DELETE /api/maps/{id}/zones/{zoneId}. Owners and editors of
 * the map write them; anyone who may read the map (viewers, public-map readers) reads them.
 */
import { Type, type Static } from '@sinclair/typebox';
import { SuccessWith } from './api-common.ts';

/** Bounds of a zone: its name, its colour and its polygon. */
export const ZONE_LIMITS = {
  nameMaxChars: 100,
  minVertices: 3,
  maxVertices: 100,
  /** Coordinates are map pixels; anything beyond this is a client mistake, not a floor plan. */
  maxAbsCoordinate: 1_000_000,
  /** Most zones on one map. */
  maxZonesPerMap: 500,
} as const;
export const ZONE_DEFAULT_COLOR = '#F59E0B';
/** #rrggbb */
export const ZONE_COLOR_PATTERN = '^#[0-9A-Fa-f]{6}$';

const Coordinate = Type.Number({
  minimum: -ZONE_LIMITS.maxAbsCoordinate,
  maximum: ZONE_LIMITS.maxAbsCoordinate,
});
/** One vertex in map pixels (finite: JSON has no NaN or Infinity, and the bounds keep it sane). */
export const ZoneVertex = Type.Object({ x: Coordinate, y: Coordinate });
export type ZoneVertex = Static<typeof ZoneVertex>;

/** A simple polygon (its edges do not cross), in drawing order; the last vertex joins the first. */
export const ZonePolygon = Type.Array(ZoneVertex, {
  minItems: ZONE_LIMITS.minVertices,
  maxItems: ZONE_LIMITS.maxVertices,
});

export const ZoneName = Type.String({
  minLength: 1,
  maxLength: ZONE_LIMITS.nameMaxChars,
  pattern: '\\S',
});
export const ZoneColor = Type.String({ pattern: ZONE_COLOR_PATTERN, maxLength: 7 });

export const Zone = Type.Object({
  id: Type.String(),
  mapId: Type.String(),
  name: Type.String(),
  color: Type.String(),
  polygon: Type.Array(ZoneVertex),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type Zone = Static<typeof Zone>;

export const ZoneCreateBody = Type.Object({
  name: ZoneName,
  /** Default ZONE_DEFAULT_COLOR. */
  color: Type.Optional(ZoneColor),
  polygon: ZonePolygon,
});
export type ZoneCreateBody = Static<typeof ZoneCreateBody>;

/** PUT: any of the fields; those left out keep their value. */
export const ZoneUpdateBody = Type.Partial(ZoneCreateBody);
export type ZoneUpdateBody = Static<typeof ZoneUpdateBody>;

/** Path of one map's zone calls. */
export const MapZoneParams = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 64 }),
  zoneId: Type.String({ minLength: 1, maxLength: 64 }),
});
export type MapZoneParams = Static<typeof MapZoneParams>;

export const ZonesResponse = SuccessWith({ zones: Type.Array(Zone) });
export type ZonesResponse = Static<typeof ZonesResponse>;
export const ZoneResponse = SuccessWith({ zone: Zone });
export type ZoneResponse = Static<typeof ZoneResponse>;
