/**
 * The MQTT output topic tree and Home Assistant discovery payloads (see the contract's
 * mqtt-output.ts and the README). Pure: names and payloads only.
 */
import { HA_NOT_HOME, MQTT_OUTPUT_ROOT } from '@rtls/contract';

/** An account's output prefix. */
export const outputPrefix = (ownerId: string) => `${MQTT_OUTPUT_ROOT}/${ownerId}`;
/** A topic level from an id: MQTT wildcards and separators become '_'. */
export const level = (id: string) => id.replace(/[+#/\s]/g, '_');

export const topics = {
  position: (ownerId: string, mapId: string, mac: string) =>
    `${outputPrefix(ownerId)}/${level(mapId)}/${level(mac)}/position`,
  zone: (ownerId: string, mapId: string, mac: string) =>
    `${outputPrefix(ownerId)}/${level(mapId)}/${level(mac)}/zone`,
  occupancy: (ownerId: string, mapId: string, zoneId: string) =>
    `${outputPrefix(ownerId)}/${level(mapId)}/zones/${level(zoneId)}`,
  events: (ownerId: string, mapId: string) => `${outputPrefix(ownerId)}/${level(mapId)}/events`,
  haState: (ownerId: string, objectId: string) => `${outputPrefix(ownerId)}/ha/${objectId}/state`,
  haAttributes: (ownerId: string, objectId: string) =>
    `${outputPrefix(ownerId)}/ha/${objectId}/attributes`,
  /**
   * Discovery config: under Home Assistant's discovery prefix on an external broker, inside the
   * account's own prefix on the embedded one (where nothing outside it may be read).
   */
  haConfig: (ownerId: string, objectId: string, discoveryPrefix: string, embedded: boolean) =>
    `${embedded ? `${outputPrefix(ownerId)}/homeassistant` : discoveryPrefix}/device_tracker/${objectId}/config`,
};

/** Home Assistant object id of a device: [a-z0-9_] only, unique per account and device. */
export const haObjectId = (ownerId: string, mac: string) =>
  `rtls_${ownerId.replace(/[^a-zA-Z0-9]/g, '').slice(0, 12)}_${mac.replace(/[^a-zA-Z0-9]/g, '')}`.toLowerCase();

/** A device_tracker discovery config, per Home Assistant's MQTT device tracker schema. */
export interface HaDeviceTrackerConfig {
  unique_id: string;
  object_id: string;
  name: string;
  state_topic: string;
  json_attributes_topic: string;
  payload_home: string;
  payload_not_home: string;
  source_type: 'bluetooth_le';
  device: { identifiers: string[]; name: string; manufacturer: string; model: string };
}

export function haDiscovery(ownerId: string, mac: string, name: string): HaDeviceTrackerConfig {
  const id = haObjectId(ownerId, mac);
  return {
    unique_id: id,
    object_id: id,
    // The entity's own name; Home Assistant shows it after the device's ("Tag 7 Location").
    name: 'Location',
    state_topic: topics.haState(ownerId, id),
    json_attributes_topic: topics.haAttributes(ownerId, id),
    // A zone's name is sent as it is; "home" is never sent (no zone is the whole home).
    payload_home: 'home',
    payload_not_home: HA_NOT_HOME,
    source_type: 'bluetooth_le',
    device: {
      identifiers: [id],
      name,
      manufacturer: 'RTLS console',
      model: 'BLE tag',
    },
  };
}
