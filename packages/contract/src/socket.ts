/** Realtime channel events (Socket.IO at SOCKET_PATH), as typed maps for server and client. */
import { Type, type Static } from '@sinclair/typebox';
import { Point, SignalMap, TriangulationInfo } from './entities.ts';
import { Nullable } from './schema-helpers.ts';

export const SOCKET_PROTOCOL_VERSION = 1;

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

export interface ServerToClientEvents {
  device_update: (update: DeviceUpdate) => void;
  pong: (pong: Pong) => void;
}

export interface ClientToServerEvents {
  ping: () => void;
}

/** What the client sends in the Socket.IO handshake `auth`. */
export interface SocketAuth {
  token: string;
}
