/** Entity builders for tests: complete, valid objects with overridable fields. */
import type { Device, DeviceUpdate, Gateway, TrackingMap } from '@rtls/contract';

export function makeMap(overrides: Partial<TrackingMap> = {}): TrackingMap {
  return {
    _id: 'map-1',
    name: 'Ground floor',
    isPublic: false,
    accessLevel: 'owner',
    accessCount: 0,
    lastAccessedAt: null,
    createdAt: '2024-01-01T00:00:00.000Z',
    metadata: {},
    settings: { imageSize: { width: 1200, height: 800 } },
    ...overrides,
  };
}

export function makeDevice(overrides: Partial<Device> = {}): Device {
  return {
    mac: 'AA:BB:CC:00:00:01',
    name: 'Tag 1',
    customSettings: {},
    positioningMode: 'auto',
    isMonitored: true,
    isAvailableInAPI: true,
    ...overrides,
  };
}

export function makeGateway(overrides: Partial<Gateway> = {}): Gateway {
  return {
    mac: 'GW:00:00:00:00:01',
    name: 'Gateway 1',
    position: { x: 0, y: 0 },
    radius: 75,
    viewRadius: 25,
    customSettings: {},
    mapId: 'map-1',
    isMonitored: true,
    isAvailableInAPI: true,
    ...overrides,
  };
}

export function makeUpdate(overrides: Partial<DeviceUpdate> = {}): DeviceUpdate {
  const now = new Date().toISOString();
  return {
    mac: 'AA:BB:CC:00:00:01',
    name: 'Tag 1',
    signal: {},
    lastSeen: now,
    timestamp: now,
    position: null,
    strongestGateway: null,
    rssi: null,
    ...overrides,
  };
}
