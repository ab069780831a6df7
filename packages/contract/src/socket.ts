/** Realtime channel events (Socket.IO at SOCKET_PATH), as typed maps for server and client. */
import { Type, type Static } from '@sinclair/typebox';
import { Point, SignalMap, TriangulationInfo } from './entities.ts';
import { Nullable } from './schema-helpers.ts';
import type { AlertUpdate } from './alerts.ts';
import type { ZoneOccupancy, ZonePresence } from './presence.ts';
import type { ZonesChanged } from './zones.ts';
import type { FloorModelChanged } from './floor-model.ts';

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

export const Pong = Type.Object({ timestamp: Type.Number(), protocol: Type.Number() });
export type Pong = Static<typeof Pong>;

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

export interface ServerToClientEvents {
  /** One or more device updates, oldest first (at most SOCKET_MAX_UPDATES_PER_EVENT). */
  device_update: (...updates: DeviceUpdate[]) => void;
  pong: (pong: Pong) => void;
  /** A device's presence on a watched map changed (zone, state). */
  zone_presence: (presence: ZonePresence) => void;
  /** A watched map's occupancy changed (at most about once a second per map). */
  zone_occupancy: (occupancy: ZoneOccupancy) => void;
  /** An alert of a watched map opened or changed state. */
  alert: (update: AlertUpdate) => void;
  /** A watched map's zones were created, edited or deleted. */
  zones_changed: (change: ZonesChanged) => void;
  /** A watched map's floor model (walls, doors, outline) was replaced. */
  floor_model_changed: (change: FloorModelChanged) => void;
}

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
