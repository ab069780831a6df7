/** Device, gateway and available-devices calls: bodies and responses. */
import { Type, type Static } from '@sinclair/typebox';
import { NameField, ResourceResponses, SuccessWith } from './api-common.ts';
import {
  Device,
  DeviceCustomSettings,
  Gateway,
  GatewayCustomSettings,
  Point,
  PositioningMode,
} from './entities.ts';
import { DEVICE_ID_MAX_LENGTH } from './ingest.ts';

/** Path parameter: a device id or gateway MAC (any case, with or without separators) or its _id. */
export const MacParams = Type.Object({
  id: Type.String({ minLength: 1, maxLength: DEVICE_ID_MAX_LENGTH }),
});

export const DeviceCreateBody = Type.Object({
  /** A MAC, or a stable id such as irk:… (the XX:XX:XX:XX:XX:XX format is not enforced). */
  mac: Type.String({ minLength: 1, maxLength: DEVICE_ID_MAX_LENGTH }),
  name: Type.Optional(NameField),
  customSettings: Type.Optional(DeviceCustomSettings),
  positioningMode: Type.Optional(PositioningMode),
});
export type DeviceCreateBody = Static<typeof DeviceCreateBody>;

export const DeviceUpdateBody = Type.Omit(DeviceCreateBody, ['mac']);
export type DeviceUpdateBody = Static<typeof DeviceUpdateBody>;

/** POST /devices/monitor/{mac}: the per-device settings of the Add Device dialog. */
export const DeviceMonitorBody = Type.Object({
  name: Type.Optional(NameField),
  ...DeviceCustomSettings.properties,
});
export type DeviceMonitorBody = Static<typeof DeviceMonitorBody>;

export const [DevicesResponse, DeviceResponse] = ResourceResponses('devices', 'device', Device);
export type DevicesResponse = Static<typeof DevicesResponse>;
export type DeviceResponse = Static<typeof DeviceResponse>;

/** Where a gateway stands: its map (null: none), position on it and coverage radius (map pixels). */
const GatewayPlacement = {
  position: Type.Optional(Point),
  radius: Type.Optional(Type.Number({ minimum: 0, maximum: 100_000 })),
  mapId: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])),
};

export const GatewayCreateBody = Type.Object({
  mac: Type.String({ minLength: 1, maxLength: 64 }),
  name: Type.Optional(NameField),
  ...GatewayPlacement,
  customSettings: Type.Optional(GatewayCustomSettings),
});
export type GatewayCreateBody = Static<typeof GatewayCreateBody>;
export const GatewayUpdateBody = Type.Partial(Type.Omit(GatewayCreateBody, ['mac']));
export type GatewayUpdateBody = Static<typeof GatewayUpdateBody>;

export const GatewaySettingsBody = Type.Object({
  logicThreshold: GatewayCustomSettings.properties.logicThreshold,
  viewRadius: GatewayCustomSettings.properties.viewRadius,
  mapId: Type.Optional(Type.String({ maxLength: 64 })),
});
export type GatewaySettingsBody = Static<typeof GatewaySettingsBody>;

/** POST /gateways/monitor/{mac}: position, radius, map, settings, plus extra fields. */
export const GatewayMonitorBody = Type.Object({
  name: Type.Optional(NameField),
  ...GatewayPlacement,
  settings: Type.Optional(GatewayCustomSettings),
  ...Type.Omit(GatewayCustomSettings, ['viewRadius']).properties,
});
export type GatewayMonitorBody = Static<typeof GatewayMonitorBody>;

export const [GatewaysResponse, GatewayResponse] = ResourceResponses(
  'gateways',
  'gateway',
  Gateway,
);
export type GatewaysResponse = Static<typeof GatewaysResponse>;
export type GatewayResponse = Static<typeof GatewayResponse>;

export const AvailableDevice = Type.Object({
  mac: Type.String(),
  name: Type.String(),
  lastSeenInAPI: Type.String(),
  firstSeen: Type.String(),
  isMonitored: Type.Boolean(),
});
export type AvailableDevice = Static<typeof AvailableDevice>;
export const AvailableGateway = Type.Object({
  mac: Type.String(),
  name: Type.String(),
  lastSeen: Type.String(),
  daysSinceLastSeen: Type.Number(),
  ip: Type.Union([Type.String(), Type.Null()]),
  isMonitored: Type.Boolean(),
});
export type AvailableGateway = Static<typeof AvailableGateway>;
/** GET /available/gateways: those heard within `lastSeenDays` days (all when left out). */
export const AvailableGatewaysQuery = Type.Object({
  lastSeenDays: Type.Optional(Type.Integer({ minimum: 1, maximum: 3650 })),
});
export type AvailableGatewaysQuery = Static<typeof AvailableGatewaysQuery>;

export const AvailableDevicesResponse = SuccessWith({ devices: Type.Array(AvailableDevice) });
export type AvailableDevicesResponse = Static<typeof AvailableDevicesResponse>;
export const AvailableGatewaysResponse = SuccessWith({ gateways: Type.Array(AvailableGateway) });
export type AvailableGatewaysResponse = Static<typeof AvailableGatewaysResponse>;

export const SyncStatus = Type.Object({
  periodic: Type.Boolean(),
  intervalMs: Type.Number(),
  running: Type.Boolean(),
  lastSyncAt: Type.Union([Type.String(), Type.Null()]),
  devices: Type.Number(),
  gateways: Type.Number(),
});
export type SyncStatus = Static<typeof SyncStatus>;
export const SyncStatusResponse = SuccessWith({ status: SyncStatus });
export type SyncStatusResponse = Static<typeof SyncStatusResponse>;
