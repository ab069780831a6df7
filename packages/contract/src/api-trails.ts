/** GET /api/devices/:mac/trail: recent server-computed positions of a monitored device on one map. */
import { Type, type Static } from '@sinclair/typebox';
import { SuccessWith } from './api-common.ts';

/** Default and bounds of the `minutes` query parameter. */
export const TRAIL_DEFAULT_MINUTES = 10;
export const TRAIL_MAX_MINUTES = 1440;
/** How long trail points are kept unless TRAIL_RETENTION_MINUTES says otherwise. */
export const TRAIL_DEFAULT_RETENTION_MINUTES = 60;
/**
 * A trail holds about one point per this many milliseconds per device and map (one per locating
 * slot), and never two closer than TRAIL_POINT_MIN_GAP_MS.
 */
export const TRAIL_POINT_SPACING_MS = 1000;
/** The least time between two points of a device's trail on one map. */
export const TRAIL_POINT_MIN_GAP_MS = 800;

export const TrailParams = Type.Object({ mac: Type.String({ minLength: 1, maxLength: 64 }) });
export type TrailParams = Static<typeof TrailParams>;

export const TrailQuery = Type.Object({
  mapId: Type.String({ minLength: 1, maxLength: 64 }),
  minutes: Type.Integer({ minimum: 1, maximum: TRAIL_MAX_MINUTES, default: TRAIL_DEFAULT_MINUTES }),
});
export type TrailQuery = Static<typeof TrailQuery>;

/** One trail point: map pixels and when the position was computed (ISO 8601). */
export const TrailPoint = Type.Object({
  x: Type.Number(),
  y: Type.Number(),
  timestamp: Type.String(),
});
export type TrailPoint = Static<typeof TrailPoint>;

/** Points oldest first, at most one per second. */
export const TrailResponse = SuccessWith({
  data: Type.Object({
    mac: Type.String(),
    mapId: Type.String(),
    points: Type.Array(TrailPoint),
  }),
});
export type TrailResponse = Static<typeof TrailResponse>;
