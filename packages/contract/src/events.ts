/**
 * The event log: what happened to devices, zones and gateways on a map.
 * GET /api/maps/{id}/events?since&before&type&zoneId&mac&limit (newest first).
 * enter and exit are always recorded. dwell, absent, device_offline and gateway_offline depend on
 * a duration, so they are recorded when a rule of the map asks for that duration (its
 * thresholdSeconds), once per occurrence. Events are kept EVENT_RETENTION_DAYS days.
 */
import { Type, type Static } from '@sinclair/typebox';
import { SuccessWith } from './api-common.ts';
import { Nullable, StringEnum } from './schema-helpers.ts';

/** Days events (and resolved alerts) are kept unless EVENT_RETENTION_DAYS says otherwise. */
export const EVENT_DEFAULT_RETENTION_DAYS = 30;
export const EVENTS_DEFAULT_LIMIT = 100;
export const EVENTS_MAX_LIMIT = 1000;

/**
 * - enter / exit: a device entered or left a zone (see PRESENCE_DEFAULTS);
 * - dwell: a device has been in a zone for thresholdSeconds;
 * - absent: with a device: that device has been out of the zone for thresholdSeconds; without
 *   one: the zone has been empty for thresholdSeconds;
 * - device_offline: a device located on the map has not been heard for thresholdSeconds;
 * - gateway_offline: a gateway placed on the map has not reported for thresholdSeconds;
 * - floor_change: the server moved a device from one floor of a building to another; recorded on
 *   the floor it moved to (mapId), with the floor it left in the detail.
 */
export const EVENT_TYPES = [
  'enter',
  'exit',
  'dwell',
  'absent',
  'device_offline',
  'gateway_offline',
  'floor_change',
] as const;
export const EventType = StringEnum(EVENT_TYPES);
export type EventType = Static<typeof EventType>;
/** Event types that need a duration (a rule's thresholdSeconds). */
export const TIMED_EVENT_TYPES = ['dwell', 'absent', 'device_offline', 'gateway_offline'] as const;

/** Why an exit happened: the device walked out, or it was unknown for too long. */
export const ExitReason = StringEnum(['left', 'unknown'] as const);

export const EventDetail = Type.Object({
  /** The duration this event is about (dwell, absent, offline), in seconds. */
  thresholdSeconds: Type.Optional(Type.Number()),
  /** For exit: how long the device had been in the zone, in seconds. */
  durationSeconds: Type.Optional(Type.Number()),
  reason: Type.Optional(ExitReason),
  /** Names as they were when the event happened (zones and devices may be renamed later). */
  zoneName: Type.Optional(Type.String()),
  deviceName: Type.Optional(Type.String()),
  gatewayName: Type.Optional(Type.String()),
  /** For floor_change: the floor (map) the device left, and both floors' names and levels. */
  fromMapId: Type.Optional(Type.String()),
  fromFloor: Type.Optional(Type.String()),
  toFloor: Type.Optional(Type.String()),
  fromLevel: Type.Optional(Type.Integer()),
  toLevel: Type.Optional(Type.Integer()),
  buildingId: Type.Optional(Type.String()),
});
export type EventDetail = Static<typeof EventDetail>;

export const ZoneEvent = Type.Object({
  id: Type.String(),
  type: EventType,
  /** When it happened, ISO 8601. */
  at: Type.String(),
  mapId: Type.String(),
  zoneId: Nullable(Type.String()),
  /** The device, for device events (and absent with a device). */
  mac: Nullable(Type.String()),
  /** The gateway, for gateway_offline. */
  gateway: Nullable(Type.String()),
  detail: EventDetail,
});
export type ZoneEvent = Static<typeof ZoneEvent>;

export const EventsQuery = Type.Object({
  /** Only events at or after this time (ISO 8601). */
  since: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
  /** Only events before this time (ISO 8601): page back with the oldest `at` of a page. */
  before: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
  type: Type.Optional(EventType),
  zoneId: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  mac: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  limit: Type.Integer({ minimum: 1, maximum: EVENTS_MAX_LIMIT, default: EVENTS_DEFAULT_LIMIT }),
});
export type EventsQuery = Static<typeof EventsQuery>;

export const EventsResponse = SuccessWith({ events: Type.Array(ZoneEvent) });
export type EventsResponse = Static<typeof EventsResponse>;
