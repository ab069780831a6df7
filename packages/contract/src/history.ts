/**
 * History of a map: the positions shown on it and the zone visits, kept for a time per account.
 * GET /api/maps/{id}/history/positions?from&to&devices&cursor&limit  (pages of points per device)
 * GET /api/maps/{id}/history/state?at&devices                        (every tag at one moment)
 * GET /api/maps/{id}/history/visits?from&to&devices&zones&cursor&limit
 * GET /api/maps/{id}/history/export?kind&from&to&devices&zones       (CSV, streamed)
 * GET|PUT /api/history/retention                                     (the caller's account)
 * Anyone who may read the map reads its history; only the map owner's devices are in it.
 */
import { Type, type Static } from '@sinclair/typebox';
import { SuccessWith } from './api-common.ts';
import { Nullable, StringEnum } from './schema-helpers.ts';

/** Days positions are kept unless HISTORY_POSITIONS_DAYS (the server's ceiling) says otherwise. */
export const HISTORY_DEFAULT_POSITIONS_DAYS = 90;
/** Days zone visits are kept unless HISTORY_VISITS_DAYS says otherwise. */
export const HISTORY_DEFAULT_VISITS_DAYS = 730;
/** A tag standing within this distance of its last kept position keeps no new one... */
export const HISTORY_STILL_METRES = 0.3;
/** ...until this long has passed since it (ms): the heartbeat of a tag standing still. */
export const HISTORY_HEARTBEAT_MS = 60_000;
/**
 * A tag is on the map at a moment when it has a position at most this long before it (ms): twice
 * the heartbeat, so a tag standing still is never missed, and one that fell silent is gone.
 */
export const HISTORY_STATE_LOOKBACK_MS = 2 * HISTORY_HEARTBEAT_MS;
export const HISTORY_DEFAULT_LIMIT = 10_000;
export const HISTORY_MAX_LIMIT = 50_000;
/** Most devices or zones one request may name. */
export const HISTORY_MAX_FILTER = 500;

/** An instant as ISO 8601 text (or epoch milliseconds as digits). */
const Instant = Type.String({ minLength: 1, maxLength: 40 });
/** Comma-separated device MACs (or ids), or zone ids. */
const IdList = Type.String({ minLength: 1, maxLength: 40_000 });

const rangeFields = {
  from: Instant,
  to: Instant,
  /** Only these devices (comma-separated). */
  devices: Type.Optional(IdList),
  /** The `next` of the previous page. */
  cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  limit: Type.Integer({ minimum: 1, maximum: HISTORY_MAX_LIMIT, default: HISTORY_DEFAULT_LIMIT }),
};

export const HistoryRangeQuery = Type.Object(rangeFields);
export type HistoryRangeQuery = Static<typeof HistoryRangeQuery>;

/** Only these zones (comma-separated ids). */
export const HistoryVisitsQuery = Type.Object({ ...rangeFields, zones: Type.Optional(IdList) });
export type HistoryVisitsQuery = Static<typeof HistoryVisitsQuery>;

export const HistoryStateQuery = Type.Object({
  at: Instant,
  devices: Type.Optional(IdList),
});
export type HistoryStateQuery = Static<typeof HistoryStateQuery>;

/** A kept position: when (ISO 8601) and where (map pixels). */
export const HistoryPoint = Type.Object({ at: Type.String(), x: Type.Number(), y: Type.Number() });
export type HistoryPoint = Static<typeof HistoryPoint>;

/** A page of positions: per device, oldest first; `next` asks for the following page. */
export const HistoryPositionsResponse = SuccessWith({
  mapId: Type.String(),
  devices: Type.Array(Type.Object({ mac: Type.String(), points: Type.Array(HistoryPoint) })),
  next: Nullable(Type.String()),
});
export type HistoryPositionsResponse = Static<typeof HistoryPositionsResponse>;

/** Every tag on the map at `at`: its last position at or before it (within the lookback). */
export const HistoryStateResponse = SuccessWith({
  mapId: Type.String(),
  at: Type.String(),
  devices: Type.Array(
    Type.Object({ mac: Type.String(), x: Type.Number(), y: Type.Number(), at: Type.String() }),
  ),
});
export type HistoryStateResponse = Static<typeof HistoryStateResponse>;

/** A stay of a device in a zone; `exitedAt` null while it is still there. */
export const ZoneVisit = Type.Object({
  mac: Type.String(),
  zoneId: Type.String(),
  enteredAt: Type.String(),
  exitedAt: Nullable(Type.String()),
  /** Seconds in the zone (until now for a stay not ended). */
  dwellSeconds: Type.Number(),
  exitReason: Nullable(StringEnum(['left', 'unknown'] as const)),
});
export type ZoneVisit = Static<typeof ZoneVisit>;

/** Visits overlapping the range, ended ones by device then exit; stays not ended on the first page. */
export const HistoryVisitsResponse = SuccessWith({
  mapId: Type.String(),
  visits: Type.Array(ZoneVisit),
  next: Nullable(Type.String()),
});
export type HistoryVisitsResponse = Static<typeof HistoryVisitsResponse>;

export const HISTORY_EXPORT_KINDS = ['positions', 'visits', 'events', 'alerts'] as const;
export const HistoryExportKind = StringEnum(HISTORY_EXPORT_KINDS);
export type HistoryExportKind = Static<typeof HistoryExportKind>;

export const HistoryExportQuery = Type.Object({
  kind: HistoryExportKind,
  from: Instant,
  to: Instant,
  devices: Type.Optional(IdList),
  zones: Type.Optional(IdList),
});
export type HistoryExportQuery = Static<typeof HistoryExportQuery>;

/** How long the caller's account keeps history (days, at most the server's ceilings). */
export const HistoryRetention = Type.Object({
  positionsDays: Type.Integer({ minimum: 1 }),
  visitsDays: Type.Integer({ minimum: 1 }),
});
export type HistoryRetention = Static<typeof HistoryRetention>;

export const HistoryRetentionResponse = SuccessWith({
  retention: HistoryRetention,
  /** The server's ceilings: an account keeps at most this long. */
  max: HistoryRetention,
});
export type HistoryRetentionResponse = Static<typeof HistoryRetentionResponse>;
