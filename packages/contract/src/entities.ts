/** Entity schemas. Static types derive from the schemas, so shapes live in one place. */
import { Type, type Static } from '@sinclair/typebox';
import { Nullable, StringEnum } from './schema-helpers.ts';
import { DEVICE_ICONS } from './constants.ts';

export const Point = Type.Object({ x: Type.Number(), y: Type.Number() });
export type Point = Static<typeof Point>;

export const Size = Type.Object({
  width: Type.Number({ exclusiveMinimum: 0 }),
  height: Type.Number({ exclusiveMinimum: 0 }),
});
export type Size = Static<typeof Size>;

export const AccessLevel = StringEnum(['owner', 'editor', 'viewer'] as const);
export type AccessLevel = Static<typeof AccessLevel>;

export const User = Type.Object({
  email: Type.String(),
  name: Type.String(),
  slug: Type.Optional(Type.String()),
});
export type User = Static<typeof User>;

export const MapSettings = Type.Object({
  backgroundImage: Type.Optional(Type.String()),
  imageSize: Type.Optional(Size),
  defaultCenter: Type.Optional(Point),
  defaultZoom: Type.Optional(Type.Number()),
  minZoom: Type.Optional(Type.Number()),
  maxZoom: Type.Optional(Type.Number()),
  savedView: Type.Optional(Type.Object({ center: Point, zoom: Type.Number() })),
  /** Pixels per metre of the floor plan; the positioning engine works in metres. */
  pixelsPerMetre: Type.Optional(Type.Number({ exclusiveMinimum: 0 })),
});
export type MapSettings = Static<typeof MapSettings>;

export const MapMetadata = Type.Object({
  buildingName: Type.Optional(Type.String()),
  floor: Type.Optional(Type.String()),
});
export type MapMetadata = Static<typeof MapMetadata>;

export const TrackingMap = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  description: Type.Optional(Type.String()),
  isPublic: Type.Boolean(),
  accessLevel: AccessLevel,
  accessCount: Type.Number(),
  lastAccessedAt: Nullable(Type.String()),
  createdAt: Type.String(),
  updatedAt: Type.Optional(Type.String()),
  metadata: MapMetadata,
  settings: MapSettings,
});
export type TrackingMap = Static<typeof TrackingMap>;

export const SignalEntry = Type.Object({
  rssi: Type.Number(),
  received_at: Type.String(),
  ip: Type.Optional(Nullable(Type.String())),
});
export type SignalEntry = Static<typeof SignalEntry>;

/** Map of gateway MAC → latest signal from that gateway. */
export const SignalMap = Type.Record(Type.String(), SignalEntry);
export type SignalMap = Static<typeof SignalMap>;

export const PositioningMode = StringEnum(['auto', 'static', 'mobile'] as const);
export type PositioningMode = Static<typeof PositioningMode>;

export const TriangulationInfo = Type.Object({
  method: Type.String(),
  confidence: Type.Number({ minimum: 0, maximum: 1 }),
  signalsUsed: Type.Number(),
  primaryGateway: Nullable(Type.String()),
  lastCalculated: Type.String(),
});
export type TriangulationInfo = Static<typeof TriangulationInfo>;

export const DeviceIconSchema = StringEnum(DEVICE_ICONS);

export const DeviceCustomSettings = Type.Object({
  displayName: Type.Optional(Type.String({ maxLength: 200 })),
  color: Type.Optional(Type.String({ maxLength: 32 })),
  icon: Type.Optional(DeviceIconSchema),
  showTrail: Type.Optional(Type.Boolean()),
  showOnMaps: Type.Optional(Type.Boolean()),
});
export type DeviceCustomSettings = Static<typeof DeviceCustomSettings>;

export const Device = Type.Object({
  _id: Type.Optional(Type.String()),
  mac: Type.String(),
  name: Type.String(),
  customSettings: DeviceCustomSettings,
  position: Type.Optional(Nullable(Point)),
  rssi: Type.Optional(Nullable(Type.Number())),
  signal: Type.Optional(SignalMap),
  lastSeen: Type.Optional(Nullable(Type.String())),
  lastSeenInAPI: Type.Optional(Nullable(Type.String())),
  strongestGateway: Type.Optional(Nullable(Type.String())),
  positioningMode: PositioningMode,
  triangulationInfo: Type.Optional(Nullable(TriangulationInfo)),
  /** The map `position` and `triangulationInfo` are on (the server locates per map). */
  mapId: Type.Optional(Nullable(Type.String())),
  isMonitored: Type.Boolean(),
  isAvailableInAPI: Type.Boolean(),
  movementSpeed: Type.Optional(Type.Number()),
  createdAt: Type.Optional(Type.String()),
  updatedAt: Type.Optional(Type.String()),
});
export type Device = Static<typeof Device>;

export const GatewayCustomSettings = Type.Object({
  displayName: Type.Optional(Type.String({ maxLength: 200 })),
  color: Type.Optional(Type.String({ maxLength: 32 })),
  showCoverage: Type.Optional(Type.Boolean()),
  logicThreshold: Type.Optional(Type.Number({ minimum: -127, maximum: 20 })),
  maxRSSI: Type.Optional(Type.Number({ minimum: -127, maximum: 20 })),
  viewRadius: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
});
export type GatewayCustomSettings = Static<typeof GatewayCustomSettings>;

export const Gateway = Type.Object({
  _id: Type.Optional(Type.String()),
  mac: Type.String(),
  name: Type.String(),
  position: Type.Optional(Nullable(Point)),
  radius: Type.Number(),
  viewRadius: Type.Number(),
  logicThreshold: Type.Optional(Nullable(Type.Number())),
  maxRSSI: Type.Optional(Nullable(Type.Number())),
  customSettings: GatewayCustomSettings,
  mapId: Nullable(Type.String()),
  lastSeen: Type.Optional(Nullable(Type.String())),
  daysSinceLastSeen: Type.Optional(Nullable(Type.Number())),
  isMonitored: Type.Boolean(),
  isAvailableInAPI: Type.Boolean(),
  createdAt: Type.Optional(Type.String()),
  updatedAt: Type.Optional(Type.String()),
});
export type Gateway = Static<typeof Gateway>;
