/** Realtime channel events (Socket.IO at SOCKET_PATH), as typed maps for server and client. */
import { Type, type Static } from '@sinclair/typebox';
import { Alert } from './alerts.ts';
import { ZoneEvent } from './events.ts';
import { Point, SignalMap, TriangulationInfo } from './entities.ts';
import { ZoneOccupancy, ZonePresence } from './presence.ts';
import { Nullable, StringEnum } from './schema-helpers.ts';

/**
 * Version of the realtime protocol. The client sends it in the handshake `auth`; the server refuses
 * a client of another version (CONNECTION_ERRORS.protocolMismatch) so a stale page says why.
 */
export const SOCKET_PROTOCOL_VERSION = 3;

/**
 * Most device updates one `device_update` event carries. The server sends what it has for a socket
 * at once as the arguments of one event (one websocket frame instead of one per device, the main
 * cost of a busy map in the browser), split into events of at most this many.
 */
export const SOCKET_MAX_UPDATES_PER_EVENT = 500;

/**
 * A live update of one device. The server is the one authority on positions: it locates each
 * monitored device on every map whose placed gateways heard it, and sends each socket watching such
 * a map one update per (device, map) with that map's `mapId`, `position` and `triangulationInfo`.
 * The device's owner also gets an update with `mapId` and `position` null when the device is
 * located on none of the maps that socket watches (so lists keep its signal and last-seen fresh).
 * A client draws a position only on the map named by `mapId`.
 */
export const DeviceUpdate = Type.Object({
  mac: Type.String(),
  name: Type.String(),
  signal: SignalMap,
  lastSeen: Type.String(),
  timestamp: Type.String(),
  position: Nullable(Point),
  strongestGateway: Nullable(Type.String()),
  rssi: Nullable(Type.Number()),
  triangulationInfo: Type.Optional(Nullable(TriangulationInfo)),
  mapId: Type.Optional(Nullable(Type.String())),
});
export type DeviceUpdate = Static<typeof DeviceUpdate>;

/** The answer to `ping`: the server's clock (ms) and its SOCKET_PROTOCOL_VERSION. */
export const Pong = Type.Object({
  timestamp: Type.Number(),
  protocol: Type.Number(),
  /**
   * About how often (s) the server now locates each device that reports: the locating interval
   * (1 s) while it keeps up, longer while it is offered more than it can locate.
   */
  locatingEveryS: Type.Optional(Type.Number({ minimum: 0 })),
});
export type Pong = Static<typeof Pong>;

/** An alert of a watched map opened, or changed state. */
export const AlertUpdate = Type.Object({
  action: StringEnum(['opened', 'updated'] as const),
  alert: Alert,
});
export type AlertUpdate = Static<typeof AlertUpdate>;

/** A map's zones were created, edited or deleted; the client re-fetches them. */
export const ZonesChanged = Type.Object({ mapId: Type.String() });
export type ZonesChanged = Static<typeof ZonesChanged>;

/** A map's floor model was replaced; the client re-fetches it. */
export const FloorModelChanged = Type.Object({ mapId: Type.String() });
export type FloorModelChanged = Static<typeof FloorModelChanged>;

/** Most maps one socket may watch at once (the grid view shows several). */
export const SOCKET_MAX_WATCHED_MAPS = 50;

/**
 * Client → server: the maps whose live positions this socket wants (replaces the previous set).
 * Maps the user may not read (or that do not exist) are refused, never an error for the rest.
 */
export const WatchMapsRequest = Type.Object({
  mapIds: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), {
    maxItems: SOCKET_MAX_WATCHED_MAPS,
  }),
});
export type WatchMapsRequest = Static<typeof WatchMapsRequest>;

export const WatchMapsAck = Type.Object({
  watching: Type.Array(Type.String()),
  refused: Type.Array(Type.String()),
});
export type WatchMapsAck = Static<typeof WatchMapsAck>;

/**
 * The payload schema of each server → client event (for device_update, of each of its arguments).
 * ServerToClientEvents is derived from it, so no event reaches a client without a schema.
 */
export const ServerEventSchemas = {
  /** One or more device updates, oldest first (at most SOCKET_MAX_UPDATES_PER_EVENT). */
  device_update: DeviceUpdate,
  pong: Pong,
  /** A device's presence on a watched map changed (zone, state). */
  zone_presence: ZonePresence,
  /** A watched map's occupancy changed (at most about once a second per map). */
  zone_occupancy: ZoneOccupancy,
  /** An alert of a watched map opened or changed state. */
  alert: AlertUpdate,
  /** An event of a watched map's event log, as it is recorded. */
  zone_event: ZoneEvent,
  /** A watched map's zones were created, edited or deleted. */
  zones_changed: ZonesChanged,
  /** A watched map's floor model (walls, doors, outline) was replaced. */
  floor_model_changed: FloorModelChanged,
} as const;
export type ServerEventName = keyof typeof ServerEventSchemas;
export type ServerEventPayload<E extends ServerEventName> = Static<(typeof ServerEventSchemas)[E]>;

/** Server → client events as Socket.IO types them: device_update carries several payloads. */
export type ServerToClientEvents = {
  [E in ServerEventName]: E extends 'device_update'
    ? (...updates: ServerEventPayload<E>[]) => void
    : (payload: ServerEventPayload<E>) => void;
};

export interface ClientToServerEvents {
  ping: () => void;
  watch_maps: (request: WatchMapsRequest, ack: (result: WatchMapsAck) => void) => void;
}

/** What the client sends in the Socket.IO handshake `auth`. */
export interface SocketAuth {
  token: string;
  /** SOCKET_PROTOCOL_VERSION of the client. */
  protocol: number;
}
